import {
  translationProblems,
  type Language,
  type TranslationEntry,
  type TranslationProblem,
} from '@logoschool/contract';
import { Alert, Badge, Button, Code, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useFormChanges } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDropDraft, useSaveDraft } from '../api/translations.ts';
import { TextHistory } from './text-history.tsx';

/**
 * The form's values: the forms' texts in the order of the entry's forms (a text's key has dots,
 * which a form would read as nested fields).
 */
interface Values {
  texts: string[];
}

/** What the form starts from: the draft, else the text in use, else the shipped one. */
function startingValues(entry: TranslationEntry, language: Language): Values {
  return {
    texts: entry.languages[language].forms.map((form) => form.draft ?? form.published ?? form.shipped ?? ''),
  };
}

/**
 * One text in one language, every plural form of it: checked as the server checks it (the English
 * text's placeholders, `{{count}}` in a plural form), saved as a draft; the shipped text can be
 * brought back, a draft dropped. Its published changes are listed under it.
 */
export function TextEditor({
  entry,
  language,
  onDone,
}: {
  entry: TranslationEntry;
  language: Language;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDraft();
  const drop = useDropDraft();
  const here = entry.languages[language];
  const english = entry.languages.en.forms;
  const byKey = (values: Values) =>
    Object.fromEntries(here.forms.map((form, index) => [form.key, values.texts[index] ?? '']));
  const fieldOf = (key: string) =>
    `texts.${Math.max(
      0,
      here.forms.findIndex((form) => form.key === key),
    )}`;
  const problemText = (problem: TranslationProblem) =>
    problem.problem === 'placeholders'
      ? problem.values
        ? t('localization.problems.placeholders', { values: problem.values })
        : t('localization.problems.noPlaceholders')
      : problem.problem === 'count'
        ? t('localization.problems.count', { code: '{{count}}' })
        : t(`localization.problems.${problem.problem}`);
  const form = useForm<Values>({
    initialValues: startingValues(entry, language),
    validate: (values) =>
      Object.fromEntries(
        translationProblems({
          language,
          key: entry.key,
          counted: entry.counted,
          english: english.map((item) => item.shipped ?? ''),
          texts: byKey(values),
        }).map((problem) => [fieldOf(problem.key), problemText(problem)]),
      ),
  });
  const { release } = useFormChanges(form.isDirty());
  const hasDraft = here.forms.some((item) => item.draft !== null);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ language, key: entry.key, texts: byKey(values) });
      release();
      form.resetDirty(values);
      notifySuccess(t('localization.saved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        form.setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, messages]) => [
              fieldOf(field.replace(/^texts\./, '')),
              messages.join(' '),
            ]),
          ),
        );
      } else {
        form.setErrors({ 'texts.0': error instanceof Error ? error.message : '' });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs">
          <Code>{entry.key}</Code>
          {entry.counted && <Badge variant="light">{t('localization.plural')}</Badge>}
        </Group>
        <Text size="sm" c="gray.7">
          {entry.placeholders.length > 0
            ? t('localization.keepPlaceholders', {
                values: entry.placeholders.map((name) => `{{${name}}}`).join(', '),
              })
            : t('localization.noPlaceholders')}
        </Text>
        {language !== 'en' && (
          <Alert color="gray" variant="light" title={t('localization.english')}>
            <Stack gap={4}>
              {english.map((item) => (
                <Text key={item.key} size="sm">
                  {item.form && <b>{t(`localization.forms.${item.form}`)}: </b>}
                  {item.published ?? item.shipped}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {here.forms.map((item, index) => (
          <Textarea
            key={item.key}
            label={item.form ? t(`localization.forms.${item.form}`) : t('localization.text')}
            description={
              item.shipped !== null ? t('localization.shippedText', { value: item.shipped }) : undefined
            }
            autosize
            minRows={2}
            {...form.getInputProps(`texts.${index}`)}
          />
        ))}
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => form.setValues({ texts: here.forms.map((item) => item.shipped ?? '') })}
            >
              {t('localization.restoreShipped')}
            </Button>
            {hasDraft && (
              <Button
                variant="subtle"
                color="red"
                loading={drop.isPending}
                onClick={async () => {
                  await drop.mutateAsync({ language, key: entry.key });
                  release();
                  onDone();
                }}
              >
                {t('localization.dropDraft')}
              </Button>
            )}
          </Group>
          <Button type="submit" loading={save.isPending}>
            {t('localization.saveDraft')}
          </Button>
        </Group>
        <TextHistory textKey={entry.key} />
      </Stack>
    </form>
  );
}
