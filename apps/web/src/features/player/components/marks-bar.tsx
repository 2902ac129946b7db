import { CUES, type Cue, type ExerciseMarks, type MarkResult } from '@logoschool/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
 * The marks of the exercise on screen (issue 15: trial-by-trial data): one tap for a correct or an
 * incorrect trial; a cued one first asks which cue helped. The running counts and the undo of the
 * last trial sit below. `disabled` while the lesson cannot be marked (finished).
 */
export function MarksBar({
  marks,
  onMark,
  onUndo,
  busy = false,
  disabled = false,
}: {
  marks: Pick<ExerciseMarks, 'correct' | 'incorrect' | 'cued' | 'trials'> | null;
  onMark: (result: MarkResult, cue?: Cue) => void;
  onUndo: () => void;
  busy?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [choosingCue, setChoosingCue] = useState(false);
  const trials = marks?.trials.length ?? 0;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="player-marks-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="player-marks-title">
          {t('player.marks.title')}
        </Title>
        {choosingCue ? (
          <Stack gap="xs" role="group" aria-labelledby="player-cue-title">
            <Text fw={600} id="player-cue-title">
              {t('player.marks.whichCue')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {CUES.map((cue) => (
                <Button
                  key={cue}
                  variant="outline"
                  color="blue.9"
                  disabled={disabled || busy}
                  onClick={() => {
                    setChoosingCue(false);
                    onMark('cued', cue);
                  }}
                >
                  {t(`player.cues.${cue}`)}
                </Button>
              ))}
              <Button variant="default" onClick={() => setChoosingCue(false)}>
                {t('actions.cancel')}
              </Button>
            </SimpleGrid>
          </Stack>
        ) : (
          <Group gap="xs" wrap="wrap">
            {RESULTS.map(({ result, color, Icon }) => (
              <Button
                key={result}
                color={color}
                size="md"
                style={{ flex: '1 1 auto' }}
                leftSection={<Icon size={18} aria-hidden />}
                disabled={disabled || busy}
                onClick={() => (result === 'cued' ? setChoosingCue(true) : onMark(result))}
              >
                {t(`player.results.${result}`)}
              </Button>
            ))}
          </Group>
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
            disabled={disabled || busy || trials === 0}
            onClick={onUndo}
          >
            {t('player.marks.undo')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
