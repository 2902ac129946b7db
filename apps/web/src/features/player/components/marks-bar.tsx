import { CUES, type Cue, type ExerciseMarks, type LessonTrial, type MarkResult } from '@logoschool/contract';
import { Button, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconHandFinger, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Each result's button: its icon and colour only repeat the word. */
const RESULTS: { result: MarkResult; color: string; Icon: typeof IconCheck }[] = [
  { result: 'correct', color: 'teal.9', Icon: IconCheck },
  { result: 'incorrect', color: 'red.9', Icon: IconX },
  { result: 'cued', color: 'blue.9', Icon: IconHandFinger },
];

/**
 * The marks of the exercise on screen (issue 15: trial-by-trial data): one tap records a trial,
 * a cued one too (issue 27: it counts at once). Then the bar asks which cue helped; the teacher
 * answers, or goes on (another tap, "Not now", the next exercise) and the trial stays, its cue not
 * said. The exercise's cued trials are listed with their cues, each chosen or changed at any time.
 * The running counts and the undo of the last trial sit below. `disabled` while the lesson cannot
 * be marked (finished).
 *
 * `onMark` resolves to the exercise's marks after the tap (null when it failed), so that the bar
 * knows which trial to ask about.
 */
export function MarksBar({
  marks,
  onMark,
  onCue,
  onUndo,
  busy = false,
  disabled = false,
}: {
  marks: Pick<ExerciseMarks, 'correct' | 'incorrect' | 'cued' | 'trials'> | null;
  onMark: (result: MarkResult) => Promise<Pick<ExerciseMarks, 'trials'> | null>;
  onCue: (markId: number, cue: Cue | null) => void;
  onUndo: () => void;
  busy?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  /** The id of the cued trial whose cue is asked, if any. */
  const [asking, setAsking] = useState<number | null>(null);
  const trials = marks?.trials ?? [];
  const cuedTrials = trials.filter((trial) => trial.result === 'cued');
  // An undone trial is asked about no more.
  const asked = cuedTrials.find((trial) => trial.id === asking) ?? null;
  const locked = disabled || busy;

  const mark = async (result: MarkResult) => {
    setAsking(null);
    const after = await onMark(result);
    if (result !== 'cued' || !after) return;
    const last = [...after.trials].sort((a, b) => a.trial - b.trial).at(-1);
    if (last?.result === 'cued') setAsking(last.id);
  };

  const cueOf = (trial: LessonTrial) =>
    trial.cue ? t(`player.cues.${trial.cue}`) : t('player.marks.cueNotSaid');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="player-marks-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="player-marks-title">
          {t('player.marks.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {RESULTS.map(({ result, color, Icon }) => (
            <Button
              key={result}
              color={color}
              size="md"
              style={{ flex: '1 1 auto' }}
              leftSection={<Icon size={18} aria-hidden />}
              disabled={locked}
              onClick={() => void mark(result)}
            >
              {t(`player.results.${result}`)}
            </Button>
          ))}
        </Group>
        {asked && !disabled && (
          <Stack
            gap="xs"
            role="group"
            aria-labelledby="player-cue-title"
            p="sm"
            bg="blue.0"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Text fw={600} id="player-cue-title">
              {t('player.marks.whichCue', { trial: asked.trial })}
            </Text>
            <Text size="sm" c="gray.8">
              {t('player.marks.cueSaved')}
            </Text>
            {/* Each cue as wide as its word (some languages' are long), the row wrapping as needed. */}
            <Group gap="xs" wrap="wrap">
              {CUES.map((cue) => (
                <Button
                  key={cue}
                  variant={asked.cue === cue ? 'filled' : 'outline'}
                  color="blue.9"
                  style={{ flex: '1 1 auto' }}
                  aria-pressed={asked.cue === cue}
                  disabled={busy}
                  onClick={() => {
                    setAsking(null);
                    onCue(asked.id, cue);
                  }}
                >
                  {t(`player.cues.${cue}`)}
                </Button>
              ))}
              <Button variant="default" style={{ flex: '1 1 auto' }} onClick={() => setAsking(null)}>
                {t('player.marks.notNow')}
              </Button>
            </Group>
          </Stack>
        )}
        {cuedTrials.length > 0 && (
          <Stack gap={4} component="section" aria-labelledby="player-cued-title">
            <Title order={3} size="h6" id="player-cued-title">
              {t('player.marks.cuedTrials')}
            </Title>
            {/* A long lesson's list scrolls, so that the counts and the undo stay in reach. */}
            <ScrollArea.Autosize mah={180} type="auto">
              <Stack gap={4}>
                {cuedTrials.map((trial) => (
                  <Group key={trial.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fs={trial.cue ? undefined : 'italic'}>
                      {t('player.marks.cuedTrial', { trial: trial.trial, cue: cueOf(trial) })}
                    </Text>
                    {!disabled && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => setAsking(trial.id)}
                        aria-label={t(trial.cue ? 'player.marks.changeCueOf' : 'player.marks.chooseCueOf', {
                          trial: trial.trial,
                        })}
                      >
                        {t(trial.cue ? 'player.marks.changeCue' : 'player.marks.chooseCue')}
                      </Button>
                    )}
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        )}
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Text size="sm" aria-live="polite">
            {t('player.marks.counts', {
              correct: marks?.correct ?? 0,
              incorrect: marks?.incorrect ?? 0,
              cued: marks?.cued ?? 0,
            })}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            disabled={locked || trials.length === 0}
            onClick={onUndo}
          >
            {t('player.marks.undo')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
