import {
  EXERCISE_DESCRIPTION_MAX,
  EXERCISE_INSTRUCTION_MAX,
  EXERCISE_TITLE_MAX,
  LANGUAGES,
  type Exercise,
  type ExerciseInput,
  type Language,
  type UsageFrequency,
} from '@logoschool/contract';
import {
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFilingOptions } from '../api/exercise.ts';

/** What the exercise form holds: the body's fields, ids as the selects hold them (text). */
export interface ExerciseValues {
  title: string;
  category_id: string | null;
  tag_ids: string[];
  usage_frequency: '1' | '3';
  language: Language;
  instruction: string;
  description: string;
  /** The moderator's flags (`MODERATOR_ONLY_FIELDS`): sent only by whoever may set them. */
  ready_for_generation: boolean;
  excluded_from_generation: boolean;
  read_only: boolean;
}

/** The moderator's flags, in the order the form shows them. */
const FLAGS = ['ready_for_generation', 'excluded_from_generation', 'read_only'] as const;

export function valuesOf(exercise: Exercise | null, language: Language): ExerciseValues {
  return {
    title: exercise?.title ?? '',
    category_id: exercise?.category ? String(exercise.category.id) : null,
    tag_ids: exercise?.tags.map((tag) => String(tag.id)) ?? [],
    usage_frequency: exercise?.usage_frequency === 3 ? '3' : '1',
    language: exercise?.language ?? language,
    instruction: exercise?.instruction ?? '',
    description: exercise?.description ?? '',
    ready_for_generation: exercise?.ready_for_generation ?? false,
    excluded_from_generation: exercise?.excluded_from_generation ?? false,
    read_only: exercise?.read_only ?? false,
  };
}

/**
 * The body the form stands for: ids and the usage as numbers, texts trimmed; the flags only with
 * `withFlags` (an author sending them is refused with 403).
 */
export function toBody(values: ExerciseValues, withFlags = false): ExerciseInput {
  return {
    ...(withFlags
      ? {
          ready_for_generation: values.ready_for_generation,
          excluded_from_generation: values.excluded_from_generation,
          read_only: values.read_only,
        }
      : {}),
    title: values.title.trim(),
    category_id: values.category_id ? Number(values.category_id) : null,
    tag_ids: values.tag_ids.map(Number),
    usage_frequency: Number(values.usage_frequency) as UsageFrequency,
    language: values.language,
    instruction: values.instruction.trim(),
    description: values.description.trim(),
  };
}

/**
 * The exercise's content, filed under a category and tags (spec §5), and for a moderator its flags
 * (spec §3: ready for and excluded from themed versions, read-only). The page owns the form, so
 * that a refused status move can put its reasons under these fields.
 */
export function ExerciseForm({
  form,
  editable,
  isNew,
  saving,
  withFlags,
  submitHints = true,
  onSubmit,
}: {
  form: UseFormReturnType<ExerciseValues>;
  editable: boolean;
  isNew: boolean;
  saving: boolean;
  /**
   * Say what sending to moderation needs: only while the exercise is still to be sent (new, a
   * draft, declined); on moderation or accepted it was sent already.
   */
  submitHints?: boolean;
  /** Show the moderator's flags (only to whoever may set them). */
  withFlags: boolean;
  onSubmit: (values: ExerciseValues) => void;
}) {
  const { t } = useTranslation();
  const { categories, tags } = useFilingOptions();
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.onSubmit((values) => onSubmit(values))} noValidate>
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <TextInput
              label={t('exercises.title')}
              maxLength={EXERCISE_TITLE_MAX}
              {...form.getInputProps('title')}
              required
            />
            <Group grow align="flex-start">
              <Select
                label={t('exercises.category')}
                data={categories.data ?? []}
                {...form.getInputProps('category_id')}
                searchable
                clearable
                nothingFoundMessage={t('exercises.nothingFound')}
                description={submitHints ? t('exercises.requiredToSubmit') : undefined}
              />
              <MultiSelect
                label={t('exercises.tags')}
                data={tags.data ?? []}
                {...form.getInputProps('tag_ids')}
                searchable
                nothingFoundMessage={t('exercises.nothingFound')}
                description={submitHints ? t('exercises.requiredToSubmit') : undefined}
              />
            </Group>
            <Group grow align="flex-start">
              <div>
                <Text size="sm" fw={500} mb={4} id="usage-label">
                  {t('exercises.usage')}
                </Text>
                <SegmentedControl
                  aria-labelledby="usage-label"
                  value={form.values.usage_frequency}
                  onChange={(value) => form.setFieldValue('usage_frequency', value === '3' ? '3' : '1')}
                  data={[
                    { value: '1', label: t('exercises.usageOnce') },
                    { value: '3', label: t('exercises.usageThrice') },
                  ]}
                />
              </div>
              <Select
                label={t('exercises.language')}
                data={LANGUAGES.map((language) => ({
                  value: language,
                  label: t(`languages.${language}`),
                }))}
                value={form.values.language}
                onChange={(value) => value && form.setFieldValue('language', value as Language)}
                allowDeselect={false}
              />
            </Group>
            <Textarea
              label={t('exercises.instruction')}
              maxLength={EXERCISE_INSTRUCTION_MAX}
              autosize
              minRows={3}
              {...form.getInputProps('instruction')}
            />
            <Textarea
              label={t('exercises.description')}
              maxLength={EXERCISE_DESCRIPTION_MAX}
              autosize
              minRows={3}
              {...form.getInputProps('description')}
            />
            {withFlags && (
              <Fieldset legend={t('exercises.flags.title')} radius="md">
                <Stack gap="sm">
                  {FLAGS.map((flag) => (
                    <Switch
                      key={flag}
                      label={t(`exercises.flags.${flag}`)}
                      description={t(`exercises.flags.${flag}Hint`)}
                      {...form.getInputProps(flag, { type: 'checkbox' })}
                    />
                  ))}
                </Stack>
              </Fieldset>
            )}
            {editable && (
              <Group justify="flex-end">
                <Button type="submit" loading={saving}>
                  {isNew ? t('exercises.createDraft') : t('profile.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
