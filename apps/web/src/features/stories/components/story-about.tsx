import {
  LANGUAGES,
  STORY_AGE_MAX,
  STORY_CATEGORIES_MAX,
  STORY_AGE_MIN,
  STORY_SOUNDS_MAX,
  STORY_TEXT_MAX,
  STORY_TITLE_MAX,
} from '@logoschool/contract';
import { Group, MultiSelect, NumberInput, Select, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DocumentSection } from '../../../components/versioned-document/document-frame.tsx';
import { useCategoryChoices } from '../../../api/categories.ts';
import type { StoryValues } from '../story-form.ts';

/** The story's own fields: title, description, lesson language, age range, target sounds and categories. */
export function StoryAbout({ form }: { form: UseFormReturnType<StoryValues> }) {
  const { t } = useTranslation();
  const categories = useCategoryChoices();
  return (
    <DocumentSection id="story-about" title={t('stories.about')} framed>
      <TextInput
        label={t('stories.fields.title')}
        required
        maxLength={STORY_TITLE_MAX}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('stories.fields.description')}
        autosize
        minRows={2}
        maxLength={STORY_TEXT_MAX}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('stories.fields.language')}
          required
          allowDeselect={false}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`stories.languages.${language}`) }))}
          {...form.getInputProps('language')}
        />
        <NumberInput
          label={t('stories.fields.ageFrom')}
          min={STORY_AGE_MIN}
          max={STORY_AGE_MAX}
          allowDecimal={false}
          {...form.getInputProps('age_from')}
        />
        <NumberInput
          label={t('stories.fields.ageTo')}
          min={STORY_AGE_MIN}
          max={STORY_AGE_MAX}
          allowDecimal={false}
          {...form.getInputProps('age_to')}
        />
      </Group>
      <TagsInput
        label={t('stories.fields.sounds')}
        description={t('stories.fields.soundsHint')}
        maxTags={STORY_SOUNDS_MAX}
        {...form.getInputProps('sounds')}
        error={
          form.errors.sounds ??
          Object.entries(form.errors).find(([field]) => field.startsWith('sounds.'))?.[1]
        }
      />
      <MultiSelect
        label={t('stories.fields.categories')}
        description={t('stories.fields.categoriesHint')}
        searchable
        maxValues={STORY_CATEGORIES_MAX}
        data={categories.data ?? []}
        value={form.values.category_ids.map(String)}
        onChange={(ids) => form.setFieldValue('category_ids', ids.map(Number))}
        error={
          form.errors.category_ids ??
          Object.entries(form.errors).find(([field]) => field.startsWith('category_ids.'))?.[1]
        }
      />
    </DocumentSection>
  );
}
