import { CT_EXERCISES_MAX, CT_NAME_MAX, CT_TEXT_MAX } from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import type { ItemControls } from '../../../components/versioned-document/item-list.tsx';
import { useAcceptedExercises } from '../api/course-templates.ts';
import type { ExerciseValue, LessonValues, TemplateValues } from '../course-template-form.ts';

/** One lesson of the template: its title, the two descriptions and its exercises in order. */
export function LessonEditor({
  form,
  index,
  lesson,
  controls,
}: {
  form: UseFormReturnType<TemplateValues>;
  index: number;
  lesson: LessonValues;
  controls: ItemControls;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const path = `lessons.${index}`;
  const exercisesError = form.errors[`${path}.exercises`];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('courseTemplates.lessonN', { n })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t('courseTemplates.lessonN', { n })}</Text>
          <Group gap={4} wrap="nowrap">
            {controls.move}
            {controls.remove}
          </Group>
        </Group>
        <TextInput
          label={t('courseTemplates.lessonTitle')}
          required
          maxLength={CT_NAME_MAX}
          {...form.getInputProps(`${path}.title`)}
        />
        <Group grow align="flex-start">
          <Textarea
            label={t('courseTemplates.descriptionParents')}
            autosize
            minRows={2}
            maxLength={CT_TEXT_MAX}
            {...form.getInputProps(`${path}.description_parents`)}
          />
          <Textarea
            label={t('courseTemplates.descriptionTeacher')}
            autosize
            minRows={2}
            maxLength={CT_TEXT_MAX}
            {...form.getInputProps(`${path}.description_teacher`)}
          />
        </Group>
        <Stack gap={4}>
          <Text fw={600} size="sm" id={`${lesson.uid}-exercises`}>
            {t('courseTemplates.exercises')}
          </Text>
          {lesson.exercises.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('courseTemplates.noExercises')}
            </Text>
          ) : (
            <Stack
              gap={4}
              component="ol"
              p={0}
              m={0}
              style={{ listStylePosition: 'inside' }}
              aria-labelledby={`${lesson.uid}-exercises`}
            >
              {lesson.exercises.map((exercise, e) => (
                <Group component="li" key={exercise.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" lineClamp={1}>
                    {exercise.title}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('courseTemplates.removeExercise', { title: exercise.title })}
                    onClick={() => form.removeListItem(`${path}.exercises`, e)}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          {exercisesError && (
            <Text size="sm" c="red.8" role="alert" data-problem>
              {exercisesError}
            </Text>
          )}
        </Stack>
        {lesson.exercises.length < CT_EXERCISES_MAX && (
          <ExerciseFinder
            lessonN={n}
            taken={lesson.exercises.map((exercise) => exercise.id)}
            onAdd={(exercise) => {
              form.insertListItem(`${path}.exercises`, exercise);
              form.clearFieldError(`${path}.exercises`);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The project's accepted exercises found by title, each added to the end of the lesson. */
function ExerciseFinder({
  lessonN,
  taken,
  onAdd,
}: {
  lessonN: number;
  taken: readonly number[];
  onAdd: (exercise: ExerciseValue) => void;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [open, setOpen] = useState(false);
  const exercises = useAcceptedExercises(debounced);
  const held = new Set(taken);
  if (!open) {
    return (
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('courseTemplates.addExercises', { n: lessonN })}
        </Button>
      </Group>
    );
  }
  let list;
  if (exercises.isPending) list = <Loader size="sm" aria-label={t('app.loading')} />;
  else if (exercises.isError)
    list = (
      <Alert color="red" role="alert">
        {errorTextOf(exercises.error)}
      </Alert>
    );
  else if (exercises.data.data.length === 0)
    list = (
      <Text size="sm" c="gray.7">
        {t('courseTemplates.noExerciseMatches')}
      </Text>
    );
  else
    list = (
      <Stack
        gap={4}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('courseTemplates.found')}
      >
        {exercises.data.data.map((exercise) => (
          <Group component="li" key={exercise.id} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" lineClamp={1}>
              {exercise.title}
            </Text>
            {held.has(exercise.id) ? (
              <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                {t('courseTemplates.inLesson')}
              </Text>
            ) : (
              <Button
                size="compact-sm"
                variant="light"
                style={{ flexShrink: 0 }}
                aria-label={t('courseTemplates.addNamed', { title: exercise.title, n: lessonN })}
                onClick={() => onAdd({ id: exercise.id, title: exercise.title })}
              >
                {t('courseTemplates.addExercise')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder radius="sm" p="sm" bg="gray.0">
      <Stack gap="xs">
        <Group justify="space-between">
          <SearchInput label={t('courseTemplates.find')} value={term} onChange={setTerm} width={420} />
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen(false)}>
            {t('courseTemplates.closeFinder')}
          </Button>
        </Group>
        {list}
      </Stack>
    </Paper>
  );
}
