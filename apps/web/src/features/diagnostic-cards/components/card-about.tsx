import { DC_CATEGORIES_MAX, DC_TEXT_MAX, DC_TITLE_MAX, LANGUAGES, type Category } from '@logoschool/contract';
import { Group, MultiSelect, Select, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentSection } from '../../../components/versioned-document/document-frame.tsx';
import { useCategoryTree } from '../api/cards.ts';
import type { CardValues } from '../card-form.ts';

/** The project's categories, flat, named by their path. */
function useCategoryOptions() {
  const { data, isError } = useCategoryTree();
  return useMemo(() => {
    const options: { value: string; label: string }[] = [];
    const walk = (items: readonly Category[], path: string[]) => {
      for (const item of items) {
        const here = [...path, item.name];
        options.push({ value: String(item.id), label: here.join(' / ') });
        walk(item.children, here);
      }
    };
    walk(data ?? [], []);
    return { options, failed: isError };
  }, [data, isError]);
}

/** The card's own fields: title, description, the language it is written in, its categories. */
export function CardAbout({ form }: { form: UseFormReturnType<CardValues> }) {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const categoriesError = Object.entries(form.errors).find(([path]) => path.startsWith('category_ids'))?.[1];
  return (
    <DocumentSection id="card-about" title={t('diagnosticCards.about')} framed>
      <TextInput
        label={t('diagnosticCards.fieldTitle')}
        maxLength={DC_TITLE_MAX}
        required
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('diagnosticCards.description')}
        autosize
        minRows={2}
        maxLength={DC_TEXT_MAX}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('diagnosticCards.language')}
          description={t('diagnosticCards.languageHint')}
          data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
          allowDeselect={false}
          required
          {...form.getInputProps('language')}
        />
        <MultiSelect
          label={t('diagnosticCards.categories')}
          description={
            categories.failed ? t('diagnosticCards.categoriesFailed') : t('diagnosticCards.categoriesHint')
          }
          data={categories.options}
          searchable
          maxValues={DC_CATEGORIES_MAX}
          {...form.getInputProps('category_ids')}
          error={categoriesError}
        />
      </Group>
    </DocumentSection>
  );
}
