import {
  PROGRAM_DESCRIPTION_MAX,
  PROGRAM_NAME_MAX,
  PROGRAM_NOTE_MAX,
  programInput,
  type Program,
  type ProgramKind,
} from '@logoschool/contract';
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
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { DialogForm, useFormChanges } from '../../../components/dialog-form.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { contractValidate, showServerErrors } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAcceptedExercises, useSaveProgram } from '../api/programs.ts';

interface ItemValues {
  exercise_id: number;
  title: string;
  category_name: string;
  note: string;
}

interface ProgramValues {
  name: string;
  description: string;
  items: ItemValues[];
}

const valuesOf = (program: Program | null): ProgramValues => ({
  name: program?.name ?? '',
  description: program?.description ?? '',
  items: (program?.items ?? []).map((item) => ({ ...item })),
});

/**
 * The program's form: name, description and its accepted exercises in order (found by title in
 * the project's accepted exercises, moved up and down, each with a note). The contract's
 * `programInput` judges it in the browser as the server does.
 */
export function ProgramForm({
  kind,
  program,
  onDone,
}: {
  kind: ProgramKind;
  /** null: a new one. */
  program: Program | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProgram(program?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const bodyOf = (values: ProgramValues) => ({
    kind,
    name: values.name,
    description: values.description,
    items: values.items.map((item) => ({ exercise_id: item.exercise_id, note: item.note })),
  });
  const form = useForm<ProgramValues>({
    initialValues: valuesOf(program),
    validate: contractValidate<ProgramValues>(programInput, t, { toBody: bodyOf }),
  });
  useFormChanges(form.isDirty());
  const items = form.getValues().items;

  const submit = async (values: ProgramValues) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(bodyOf(values));
      notifySuccess(t('programs.saved', { name: saved.name }));
      onDone();
    } catch (refused) {
      if (!showServerErrors(form, refused)) setError(errorTextOf(refused));
    }
  };

  const move = (from: number, to: number) => form.reorderListItem('items', { from, to });

  return (
    <DialogForm onSubmit={form.onSubmit(submit)} onCancel={onDone} error={error} saving={save.isPending}>
      <TextInput
        label={t('programs.name')}
        required
        maxLength={PROGRAM_NAME_MAX}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('programs.description')}
        autosize
        minRows={2}
        maxLength={PROGRAM_DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('programs.exercises')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('programs.exercisesHint')}
        </Text>
        {form.errors.items && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.items}
          </Text>
        )}
        {items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('programs.noExercises')}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('programs.exercises')}
          >
            {items.map((item, index) => (
              <Paper component="li" key={item.exercise_id} withBorder radius="sm" p="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600}>
                      {index + 1}. {item.title}
                    </Text>
                    {item.category_name && (
                      <Text size="xs" c="gray.7">
                        {item.category_name}
                      </Text>
                    )}
                    <TextInput
                      size="xs"
                      aria-label={t('programs.noteFor', { title: item.title })}
                      placeholder={t('programs.note')}
                      maxLength={PROGRAM_NOTE_MAX}
                      {...form.getInputProps(`items.${index}.note`)}
                    />
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={index === 0}
                      aria-label={t('programs.moveUp', { title: item.title })}
                      onClick={() => move(index, index - 1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={index === items.length - 1}
                      aria-label={t('programs.moveDown', { title: item.title })}
                      onClick={() => move(index, index + 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('programs.remove', { title: item.title })}
                      onClick={() => form.removeListItem('items', index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <ExerciseFinder
        taken={items.map((item) => item.exercise_id)}
        onAdd={(item) => form.insertListItem('items', item)}
      />
    </DialogForm>
  );
}

/** The project's accepted exercises found by title, each added to the end of the program. */
function ExerciseFinder({ taken, onAdd }: { taken: readonly number[]; onAdd: (item: ItemValues) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const exercises = useAcceptedExercises(debounced);
  const held = new Set(taken);
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
        {t('programs.noExerciseMatches')}
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
        aria-label={t('programs.found')}
      >
        {exercises.data.data.map((exercise) => (
          <Group component="li" key={exercise.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" lineClamp={1}>
                {exercise.title}
              </Text>
              {exercise.category && (
                <Text size="xs" c="gray.7">
                  {exercise.category.name}
                </Text>
              )}
            </Stack>
            {held.has(exercise.id) ? (
              <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                {t('programs.inProgram')}
              </Text>
            ) : (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                style={{ flexShrink: 0 }}
                aria-label={t('programs.addNamed', { title: exercise.title })}
                onClick={() =>
                  onAdd({
                    exercise_id: exercise.id,
                    title: exercise.title,
                    category_name: exercise.category?.name ?? '',
                    note: '',
                  })
                }
              >
                {t('programs.addExercise')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder radius="sm" p="sm" bg="gray.0">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('programs.findTitle')}
        </Text>
        <SearchInput label={t('programs.find')} value={term} onChange={setTerm} width={520} />
        {list}
      </Stack>
    </Paper>
  );
}
