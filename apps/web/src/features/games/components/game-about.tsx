import { GAME_TEXT_MAX, GAME_TITLE_MAX, LANGUAGES } from '@logoschool/contract';
import { Anchor, Group, Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCategoryChoices } from '../../../api/categories.ts';
import { DocumentSection } from '../../../components/versioned-document/document-frame.tsx';
import { useGameThemes } from '../api/game-themes.ts';
import type { GameValues } from '../game-form.ts';

/** A form field holding an id as a select's string value. */
const idField = (form: UseFormReturnType<GameValues>, field: 'category_id' | 'theme_id') => {
  const { value, ...props } = form.getInputProps(field);
  return {
    ...props,
    value: value === null ? null : String(value as number),
    onChange: (next: string | null) => form.setFieldValue(field, next === null ? null : Number(next)),
  };
};

/** The game's own fields: title, description, lesson language, the category it trains, its theme. */
export function GameAbout({ form }: { form: UseFormReturnType<GameValues> }) {
  const { t } = useTranslation();
  const categories = useCategoryChoices();
  const themes = useGameThemes();
  return (
    <DocumentSection id="game-about" title={t('games.about')} framed>
      <TextInput
        label={t('games.fields.title')}
        required
        maxLength={GAME_TITLE_MAX}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('games.fields.description')}
        autosize
        minRows={2}
        maxLength={GAME_TEXT_MAX}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('games.fields.language')}
          required
          allowDeselect={false}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          {...form.getInputProps('language')}
        />
        <Select
          label={t('games.fields.category')}
          description={t('games.fields.categoryHint')}
          required
          searchable
          nothingFoundMessage={t('games.fields.noCategories')}
          data={categories.data ?? []}
          {...idField(form, 'category_id')}
        />
      </Group>
      <Select
        label={t('games.fields.theme')}
        description={
          <>
            {t('games.fields.themeHint')}{' '}
            <Anchor component={Link} to="/game-themes" size="xs" underline="always">
              {t('games.themes.title')}
            </Anchor>
          </>
        }
        required
        searchable
        nothingFoundMessage={t('games.fields.noThemes')}
        data={(themes.data ?? []).map((theme) => ({ value: String(theme.id), label: theme.title }))}
        {...idField(form, 'theme_id')}
      />
    </DocumentSection>
  );
}
