import type { Cue, Lesson, MarkResult } from '@logoschool/contract';
import { Alert, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useAddMark, useInstruction, useLessonMarks, useSetMarkCue, useUndoMark } from '../api/player.ts';
import type { PlayerItem } from '../presentations.ts';
import { MarksBar } from './marks-bar.tsx';

/** Beside the slide: the exercise, its instruction for the teacher and the marks bar. */
export function TeacherSide({
  lesson,
  item,
  finished,
}: {
  lesson: Lesson;
  item: PlayerItem;
  finished: boolean;
}) {
  const { t } = useTranslation();
  const instructionOf = useInstruction(item.exercise_id);
  const marks = useLessonMarks(lesson.id);
  const add = useAddMark(lesson.id);
  const undo = useUndoMark(lesson.id);
  const setCue = useSetMarkCue(lesson.id);
  const own = marks.data?.exercises.find((entry) => entry.exercise_id === item.exercise_id) ?? null;
  const failure = add.error ?? undo.error ?? setCue.error;
  const instruction = instructionOf.data ?? '';

  return (
    <Stack gap="md">
      {finished && (
        <Alert color="teal" role="status">
          {t('player.finishedNotice')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text size="xs" fw={700} c="gray.7" tt="uppercase">
            {t('player.block', { target: item.target })}
          </Text>
          <Title order={2} size="h3">
            {item.title}
          </Title>
          <Title order={3} size="h5">
            {t('player.instruction')}
          </Title>
          {instructionOf.isPending ? (
            <Loader size="sm" aria-label={t('player.slidesLoading')} />
          ) : (
            <ScrollArea.Autosize mah={240}>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{instruction || t('player.noInstruction')}</Text>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Paper>
      <MarksBar
        // A question about a cue belongs to its exercise: moving on closes it (the trial stays).
        key={item.exercise_id}
        marks={own}
        busy={add.isPending || undo.isPending || setCue.isPending}
        disabled={finished || lesson.locked}
        onMark={(result: MarkResult) =>
          add
            .mutateAsync({ exercise_id: item.exercise_id, result })
            .then((after) => after.exercises.find((entry) => entry.exercise_id === item.exercise_id) ?? null)
            // The failure shows below (add.error).
            .catch(() => null)
        }
        onCue={(markId: number, cue: Cue | null) => setCue.mutate({ markId, cue })}
        onUndo={() => undo.mutate(item.exercise_id)}
      />
      {failure && (
        <Alert color="red" role="alert">
          {errorTextOf(failure)}
        </Alert>
      )}
    </Stack>
  );
}
