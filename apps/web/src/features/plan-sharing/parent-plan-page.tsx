import { Alert, Box, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePublicLink } from '../../api/public-link.ts';
import { PublicLoading, PublicNotice, PublicRetryButton } from '../../components/public-notice.tsx';
import { fetchParentPlan } from './api/parent-plan.ts';
import { ParentPlanView } from './components/parent-plan-view.tsx';
import { textsIn } from '../../i18n/texts-in.ts';

/**
 * /view-protocol-plan/:protocolId (public, spec §2): the plan for the parents under its link, whose
 * last segment is the link's random token. It shows itself in the student's language, leaving the
 * app's own language as it is; a wrong or withdrawn link gets the page's own "not valid" (§8).
 */
export function ParentPlanPage() {
  const { view, retry } = usePublicLink(useParams().protocolId ?? '', fetchParentPlan, textsIn);

  if (view.state === 'invalid') return <InvalidLink />;
  if (view.state === 'loading') {
    return <PublicLoading />;
  }
  if (view.state === 'failed') {
    return (
      <PublicNotice>
        <Alert color="red" role="alert">
          {view.message}
        </Alert>
        <PublicRetryButton onRetry={retry} />
      </PublicNotice>
    );
  }
  return (
    <I18nextProvider i18n={view.texts}>
      <ParentPlanView plan={view.data} />
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
