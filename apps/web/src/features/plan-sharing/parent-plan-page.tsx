import type { ParentPlan } from '@logoschool/contract';
import { Alert, Box, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { PublicLoading, PublicNotice, PublicRetryButton } from '../../components/public-notice.tsx';
import { fetchParentPlan } from './api/parent-plan.ts';
import { ParentPlanView } from './components/parent-plan-view.tsx';
import { textsIn } from '../../i18n/texts-in.ts';

type View =
  | { state: 'loading' }
  | { state: 'ready'; plan: ParentPlan; texts: I18n }
  | { state: 'invalid' }
  | { state: 'failed'; message: string };

/** The token the address holds: only what a link's token can be, else nothing to ask about. */
const TOKEN = /^[\w-]{1,128}$/;

/**
 * /view-protocol-plan/:protocolId (public, spec §2): the plan for the parents under its link, whose
 * last segment is the link's random token. It shows itself in the student's language, leaving the
 * app's own language as it is; a wrong or withdrawn link gets the page's own "not valid" (§8).
 */
export function ParentPlanPage() {
  const token = useParams().protocolId ?? '';
  const wellFormed = TOKEN.test(token);
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<View>({ state: 'loading' });

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    fetchParentPlan(token, controller.signal)
      .then(async (plan) => ({ plan, texts: await textsIn(plan.language) }))
      .then(
        ({ plan, texts }) => {
          if (!controller.signal.aborted) setView({ state: 'ready', plan, texts });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.status === 404) setView({ state: 'invalid' });
          else setView({ state: 'failed', message: errorTextOf(error) });
        },
      );
    return () => controller.abort();
  }, [token, wellFormed, attempt]);

  // The page speaks the plan's language: screen readers and the browser's translation offer too.
  const pageLanguage = view.state === 'ready' ? view.plan.language : null;
  useEffect(() => {
    if (!pageLanguage) return;
    const root = document.documentElement;
    const before = root.lang;
    root.lang = pageLanguage;
    return () => {
      root.lang = before;
    };
  }, [pageLanguage]);

  if (!wellFormed || view.state === 'invalid') return <InvalidLink />;
  if (view.state === 'loading') {
    return <PublicLoading />;
  }
  if (view.state === 'failed') {
    return (
      <PublicNotice>
        <Alert color="red" role="alert">
          {view.message}
        </Alert>
        <PublicRetryButton
          onRetry={() => {
            setView({ state: 'loading' });
            setAttempt((count) => count + 1);
          }}
        />
      </PublicNotice>
    );
  }
  return (
    <I18nextProvider i18n={view.texts}>
      <ParentPlanView plan={view.plan} />
    </I18nextProvider>
  );
}

/** A link that names no plan, or one withdrawn: said plainly, with what to do (spec §8). */
export function InvalidLink() {
  const { t } = useTranslation();
  return (
    <PublicNotice>
      <Box c="gray.7" aria-hidden>
        <IconLinkOff size={40} />
      </Box>
      <Title order={1} size="h2">
        {t('planShare.parent.invalidTitle')}
      </Title>
      <Text>{t('planShare.parent.invalidText')}</Text>
    </PublicNotice>
  );
}

export default ParentPlanPage;
