import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The blocking "lesson is being regenerated" window (spec §2, §8): while the lesson's decks get
 * their themed versions nothing in it may change. It cannot be dismissed; it closes by itself
 * when the lesson is asked again and is free, and offers the way back to the list.
 */
export function LockedLessonModal({
  opened,
  backTo,
  checking,
  onCheck,
}: {
  opened: boolean;
  backTo: string;
  checking: boolean;
  onCheck: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('lessons.locked.title')}
      centered
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Loader size="sm" aria-hidden style={{ flexShrink: 0 }} />
          <Text maw={400}>{t('lessons.locked.text')}</Text>
        </Group>
        <Text size="sm" c="gray.7" maw={400}>
          {t('lessons.locked.hint')}
        </Text>
        <Group justify="flex-end">
          <Button component={Link} to={backTo} variant="default">
            {t('lessons.backToList')}
          </Button>
          <Button onClick={onCheck} loading={checking} data-autofocus>
            {t('lessons.locked.check')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
