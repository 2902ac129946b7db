import type { LessonGeneration } from '@logoschool/contract';
import { Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runUnderWay, useLessonGeneration } from '../api/generation.ts';
import { lessonKeys } from '../api/keys.ts';

/**
 * The blocking "lesson is being regenerated" window (spec §2, §8): while the lesson's decks get
 * their themed versions nothing in it may change. It cannot be dismissed; with the lesson's id it
 * follows the run's progress ("3 of 12 decks") every 2 s and, once the run has ended, asks the
 * lesson again (`onCheck`), which closes it. It offers the way back to the list.
 */
export function LockedLessonModal({
  opened,
  backTo,
  checking,
  onCheck,
  lessonId,
}: {
  opened: boolean;
  backTo: string;
  checking: boolean;
  onCheck: () => void;
  /** The lesson whose run the window follows; without it, only the lesson is asked again. */
  lessonId?: number;
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
        {opened && lessonId !== undefined && <RunProgress lessonId={lessonId} onEnded={onCheck} />}
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

/** The run's progress, asked every 2 s; `onEnded` once it is seen ending (done or failed). */
function RunProgress({ lessonId, onEnded }: { lessonId: number; onEnded: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const generation = useLessonGeneration(lessonId, true);
  const run: LessonGeneration | null | undefined = generation.data;
  const ended = run !== undefined && !runUnderWay(run);
  // Once per run's end (a run seen ended, or none at all): the lesson is asked again.
  const endedAs = ended ? `${run?.id ?? 'none'}:${run?.status ?? ''}` : null;
  useEffect(() => {
    if (endedAs === null) return;
    void queryClient.invalidateQueries({ queryKey: [...lessonKeys.all, 'themed'] });
    onEnded();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per end, not per render's callback
  }, [endedAs]);

  // A run seen under way in this window keeps showing where it ended until the window closes.
  const [followed, setFollowed] = useState<number | null>(null);
  const underWay = run && runUnderWay(run) ? run.id : null;
  // Adjusted while rendering (React's way to keep state in step with data, without an effect).
  if (underWay !== null && underWay !== followed) setFollowed(underWay);
  if (!run || (underWay === null && run.id !== followed)) return null;
  // Waiting for the job: no count yet, so no bar.
  const waiting = run.status === 'queued' || run.total === 0;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`lesson-run-${lessonId}`} aria-live="polite">
        {waiting
          ? t('lessons.locked.queued')
          : t('lessons.locked.progress', { done: run.done, total: run.total })}
      </Text>
      {!waiting && (
        <Progress
          value={(run.done / run.total) * 100}
          aria-labelledby={`lesson-run-${lessonId}`}
          animated={runUnderWay(run)}
        />
      )}
    </Stack>
  );
}
