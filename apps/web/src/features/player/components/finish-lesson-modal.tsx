import type { Lesson } from '@logoschool/contract';
import { Alert, Anchor, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTextOf } from '../../../api/form-errors.ts';
import { LESSONS_LIST_PATH, lessonEditorPath } from '../paths.ts';
import { useFinishLesson } from '../api/player.ts';
import type { PlayerItem } from '../presentations.ts';

/** The label of a presentation in the lists: its place, title and block. */
const itemLabel = (item: PlayerItem) => `${item.index + 1}. ${item.title} (${item.target})`;

/**
 * "Finish lesson" (spec §4): asks which presentations were reached, those up to the one on screen
 * ticked; finishing moves the others to the plan's next lesson and says which moved. When the
 * transfer is refused (409, spec §8) it says why and that nothing changed, and stays open.
 */
export function FinishLessonModal({
  lesson,
  items,
  current,
  opened,
  onClose,
  onFinished,
}: {
  lesson: Lesson;
  items: PlayerItem[];
  current: number;
  opened: boolean;
  onClose: () => void;
  onFinished?: (lesson: Lesson) => unknown;
}) {
  const { t } = useTranslation();
  const finish = useFinishLesson(onFinished);
  // By exercise, as the API counts them: an exercise in two blocks is reached once for both.
  const [reached, setReached] = useState<ReadonlySet<number>>(
    () => new Set(items.filter((item) => item.index <= current).map((item) => item.exercise_id)),
  );
  const toggle = (exerciseId: number, checked: boolean) =>
    setReached((before) => {
      const after = new Set(before);
      if (checked) after.add(exerciseId);
      else after.delete(exerciseId);
      return after;
    });
  const [moved, setMoved] = useState<PlayerItem[] | null>(null);

  const submit = () => {
    const ids = [...reached].filter((id) => items.some((item) => item.exercise_id === id));
    finish.mutate(
      { lesson_id: lesson.id, reached: ids },
      { onSuccess: () => setMoved(items.filter((item) => !ids.includes(item.exercise_id))) },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('player.finish.title')} size="lg" centered>
      {moved ? (
        <Stack gap="md">
          <Alert color="teal" role="status">
            <Text fw={700}>{t('player.finish.done')}</Text>
            <Text>
              {moved.length === 0
                ? t('player.finish.nothingMoved')
                : t('player.finish.moved', { number: lesson.number + 1 })}
            </Text>
          </Alert>
          {moved.length > 0 && (
            <List>
              {moved.map((item) => (
                <List.Item key={item.index}>{itemLabel(item)}</List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            {lesson.next_lesson_id !== null && (
              <Anchor component={Link} to={lessonEditorPath(lesson.next_lesson_id)}>
                {t('player.finish.openNext')}
              </Anchor>
            )}
            <Button component={Link} to={LESSONS_LIST_PATH}>
              {t('player.finish.toList')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t('player.finish.question')}</Text>
          <Stack gap="xs" role="group" aria-labelledby="player-reached-label">
            <Text fw={600} id="player-reached-label">
              {t('player.finish.reachedLabel')}
            </Text>
            {items.map((item) => (
              <Checkbox
                key={item.index}
                checked={reached.has(item.exercise_id)}
                onChange={(event) => toggle(item.exercise_id, event.currentTarget.checked)}
                label={itemLabel(item)}
              />
            ))}
          </Stack>
          {finish.isError && (
            <Alert color="red" role="alert" title={t('player.finish.notFinished')}>
              {errorTextOf(finish.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={submit} loading={finish.isPending}>
              {t('player.finish.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
