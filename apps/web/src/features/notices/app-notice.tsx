import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What an open page may have to say about the running app (spec §2, §8). */
export type NoticeKind = 'maintenance' | 'deploying' | 'updated';

/**
 * One notice about the running app, with its refresh (spec §8: "each with a refresh action"):
 * maintenance (with root's own words when root gave some), a deploy under way, a newer version.
 * `outside`: on a page outside sign-in, which says that what it shows stays usable.
 */
export function AppNotice({
  kind,
  message = null,
  outside = false,
  onHide,
}: {
  kind: NoticeKind;
  message?: string | null;
  outside?: boolean;
  /** Puts the notice aside (a page outside sign-in, where it floats over the content). */
  onHide?: () => void;
}) {
  const { t } = useTranslation();
  const text = kind === 'maintenance' && outside ? t('notices.maintenanceOutside') : t(`notices.${kind}`);
  return (
    <Alert
      color={kind === 'updated' ? 'blue' : 'yellow'}
      role="status"
      data-testid="app-status"
      data-notice={kind}
      withCloseButton={onHide !== undefined}
      onClose={onHide}
      closeButtonLabel={t('notices.hide')}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={message ? 600 : undefined}>
            {text}
          </Text>
          {message && (
            <Text size="sm" data-testid="maintenance-message">
              {message}
            </Text>
          )}
        </Stack>
        <Button size="xs" variant="white" onClick={() => window.location.reload()}>
          {t('app.refresh')}
        </Button>
      </Group>
    </Alert>
  );
}
