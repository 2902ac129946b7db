import { PER_PAGE_MAX, type LessonBlock, type LessonPresentation } from '@logoschool/contract';
import { Alert, Button, Group, Loader, Modal, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { useBlockExercises } from '../api/lessons.ts';
import { UsageLabel } from './usage-label.tsx';

export interface PickerTarget {
  blockIndex: number;
  /** The place of the presentation to replace; null to add one at the end. */
  replacing: number | null;
}

interface ExercisePickerProps {
  protocolId: number;
  block: LessonBlock;
  /** The presentation being replaced, when one is. */
  replacing: LessonPresentation | null;
  /** The exercises the block already holds (not offered again). */
  taken: readonly number[];
  onPick: (presentation: LessonPresentation) => void;
  onClose: () => void;
}

/**
 * The accepted exercises of a block's folder (and below it), within the plan's folders, to add to
 * the block or to put in place of one of its presentations; searchable by title. An exercise the
 * block holds is shown but not offered twice (spec §5 via the lesson rules).
 */
export function ExercisePicker({
  protocolId,
  block,
  replacing,
  taken,
  onPick,
  onClose,
}: ExercisePickerProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const exercises = useBlockExercises(
    { protocol_id: protocolId, category_id: block.folder_id ?? 0, term: debounced, per_page: PER_PAGE_MAX },
    block.folder_id !== null,
  );
  const held = new Set(taken);
  const title = replacing
    ? t('lessons.picker.replaceTitle', { title: replacing.title })
    : t('lessons.picker.addTitle', { target: block.target });

  let list;
  if (block.folder_id === null) list = <Text c="gray.7">{t('lessons.picker.noFolder')}</Text>;
  else if (exercises.isPending) list = <Loader size="sm" aria-label={t('app.loading')} />;
  else if (exercises.isError)
    list = (
      <Alert color="red" role="alert">
        {errorTextOf(exercises.error)}
      </Alert>
    );
  else if (exercises.data.data.length === 0)
    list = <Text c="gray.7">{t(debounced ? 'lessons.picker.noMatches' : 'lessons.picker.empty')}</Text>;
  else
    list = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
        {exercises.data.data.map((exercise) => {
          const inBlock = held.has(exercise.id);
          return (
            <Paper component="li" key={exercise.id} withBorder radius="sm" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} lineClamp={2}>
                    {exercise.title}
                  </Text>
                  <Group gap="xs">
                    <UsageLabel usage={exercise.usage_frequency} />
                    {exercise.category && (
                      <Text size="xs" c="gray.7">
                        {exercise.category.name}
                      </Text>
                    )}
                  </Group>
                </Stack>
                {inBlock ? (
                  <Text size="sm" c="gray.7" style={{ flexShrink: 0 }}>
                    {t('lessons.picker.inBlock')}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    aria-label={t(replacing ? 'lessons.picker.chooseNamed' : 'lessons.picker.addNamed', {
                      title: exercise.title,
                    })}
                    onClick={() =>
                      onPick({
                        exercise_id: exercise.id,
                        title: exercise.title,
                        usage_frequency: exercise.usage_frequency,
                        thumbnail_url: null,
                      })
                    }
                  >
                    {t(replacing ? 'lessons.picker.choose' : 'lessons.picker.add')}
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Modal opened onClose={onClose} title={title} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('lessons.picker.folder', { folder: block.folder_name || block.category_name })}
        </Text>
        <SearchInput label={t('lessons.picker.search')} value={term} onChange={setTerm} width={520} />
        {list}
        {exercises.data && exercises.data.meta.total > exercises.data.data.length && (
          <Text size="sm" c="gray.7">
            {t('lessons.picker.more', {
              shown: exercises.data.data.length,
              total: exercises.data.meta.total,
            })}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
