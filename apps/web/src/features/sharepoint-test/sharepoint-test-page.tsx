import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPresentation, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSharepointTest, type TimedResult } from './api/run-sharepoint-test.ts';

const PPTX_TYPES = '.pptx,application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Seconds with one decimal, in the interface's language. */
function useSeconds() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (ms: number) => format.format(ms / 1000);
}

/** What the check found: the slides and the time, or why they cannot be shown. */
function CheckResult({ timed }: { timed: TimedResult }) {
  const { t } = useTranslation();
  const seconds = useSeconds();
  const { result, totalMs } = timed;
  if (result.outcome !== 'rendered') {
    return (
      <Alert
        color={result.outcome === 'tools_missing' ? 'yellow' : 'red'}
        role="alert"
        data-testid="sharepoint-test-result"
      >
        <Text fw={600} size="sm">
          {t(result.outcome === 'tools_missing' ? 'sharepointTest.toolsMissing' : 'sharepointTest.failed')}
        </Text>
        <Text size="sm">{result.reason}</Text>
      </Alert>
    );
  }
  return (
    <Stack data-testid="sharepoint-test-result">
      <Alert color="green" role="status">
        <Text fw={600} size="sm">
          {t('sharepointTest.rendered', { count: result.slide_count, name: result.file_name })}
        </Text>
        <Text size="sm">
          {t('sharepointTest.timing', { render: seconds(result.render_ms), total: seconds(totalMs) })}
        </Text>
      </Alert>
      {result.slides.length < result.slide_count && (
        <Text size="sm" c="gray.7">
          {t('sharepointTest.shownFirst', { count: result.slides.length })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {result.slides.map((slide, index) => (
          <Paper key={index} withBorder p={4} radius="sm">
            <Image src={slide} alt={t('sharepointTest.slideAlt', { number: index + 1 })} />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * `/sharepoint-test` (spec §2, issue 33 item 6): checks that presentations can be shown here. A
 * .pptx goes to the server, which renders it as it renders an exercise's deck; the page shows its
 * slides and the time it took, or why not. Nothing is kept.
 */
export function SharepointTestPage() {
  const { t } = useTranslation();
  const check = useSharepointTest();
  const name = check.variables?.name;
  // Lets the same file be chosen again (a check after LibreOffice was installed).
  const reset = useRef<() => void>(null);

  return (
    <Stack>
      <PageHeader title={t('sharepointTest.title')} description={t('sharepointTest.description')} />
      <Group>
        <FileButton
          resetRef={reset}
          onChange={(file) => {
            if (file) check.mutate(file);
            reset.current?.();
          }}
          accept={PPTX_TYPES}
        >
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={check.isPending}>
              {t(check.data || check.error ? 'sharepointTest.chooseAnother' : 'sharepointTest.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      {check.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('sharepointTest.rendering', { name })}</Text>
        </Group>
      )}
      {!check.isPending && check.error && <ErrorAlert>{errorTextOf(check.error)}</ErrorAlert>}
      {!check.isPending && check.data && <CheckResult timed={check.data} />}
      {check.isIdle && (
        <Group gap="xs" c="gray.7">
          <IconPresentation size={18} aria-hidden />
          <Text size="sm">{t('sharepointTest.idle')}</Text>
        </Group>
      )}
    </Stack>
  );
}

export default SharepointTestPage;
