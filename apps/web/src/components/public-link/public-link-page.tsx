import type { Language } from '@logoschool/contract';
import { Alert, Box, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePublicLink } from '../../api/public-link.ts';
import { textsIn } from '../../i18n/texts-in.ts';
import { PublicLoading, PublicNotice, PublicRetryButton } from '../public-notice.tsx';

/** What a public page's content gets besides what its link opens. */
export interface OpenedPage {
  /** The link's token (the route table's `:token`). */
  token: string;
  /** Says the link is not valid any more (the child's stream heard it was withdrawn). */
  invalidate: () => void;
}

/** What a page says, in its own words, when its link opens nothing (spec §8: "game not found"). */
export interface InvalidLinkTexts {
  title: string;
  text: string;
}

/**
 * The frame of every page under a public link (decision 029): it reads what the route's `:token`
 * opens, shows the wait, the one "this link is not valid or was withdrawn" page (the API's one 404,
 * or an address that holds no token at all; `invalid`: the page's own words for it), a failure to
 * try again, and then the page in the student's language (`textsIn`), leaving the app's own
 * language as it is. `large`: read from a distance (the child's screen).
 */
export function PublicLinkPage<T extends { language: Language }>({
  read,
  large = false,
  invalid,
  children,
}: {
  read: (token: string, signal: AbortSignal) => Promise<T>;
  large?: boolean;
  invalid?: InvalidLinkTexts;
  children: (data: T, page: OpenedPage) => ReactNode;
}) {
  const token = useParams().token ?? '';
  const { view, retry, invalidate } = usePublicLink(token, read, textsIn);
  if (view.state === 'invalid') return <InvalidLinkPage large={large} texts={invalid} />;
  if (view.state === 'loading') return <PublicLoading />;
  if (view.state === 'failed') {
    return (
      <PublicNotice large={large}>
        <Alert color="red" role="alert">
          {view.message}
        </Alert>
        <PublicRetryButton onRetry={retry} />
      </PublicNotice>
    );
  }
  return <I18nextProvider i18n={view.texts}>{children(view.data, { token, invalidate })}</I18nextProvider>;
}

/** A link that opens nothing (wrong, cut short, withdrawn): said plainly, with what to do (spec §8). */
export function InvalidLinkPage({ large = false, texts }: { large?: boolean; texts?: InvalidLinkTexts }) {
  const { t } = useTranslation();
  return (
    <PublicNotice large={large}>
      <Box c="gray.7" aria-hidden>
        <IconLinkOff size={large ? 48 : 40} />
      </Box>
      <Title order={1} size="h2">
        {texts?.title ?? t('publicLink.invalidTitle')}
      </Title>
      <Text size={large ? 'lg' : undefined}>{texts?.text ?? t('publicLink.invalidText')}</Text>
    </PublicNotice>
  );
}
