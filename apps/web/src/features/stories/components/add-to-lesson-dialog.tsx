import { lessonStoryPartInput } from '@logoschool/contract';
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddPartToLesson, useOpenLessons } from '../api/stories.ts';

/** The part a teacher puts into a lesson. */
export interface PartTarget {
  storyId: number;
  key: string;
  title: string;
}

interface Values {
  lesson: string | null;
  part_key: string;
  history_id: number;
}

/** The form: one of the teacher's open lessons; the contract checks the part, the dialog the lesson chosen. */
function AddToLessonForm({ part, onClose }: { part: PartTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const lessons = useOpenLessons(true);
  const add = useAddPartToLesson();
  const { form, state } = useDialogForm<Values>({
    initialValues: { lesson: null, part_key: part.key, history_id: part.storyId },
    schema: lessonStoryPartInput,
    toBody: ({ part_key, history_id }) => ({ part_key, history_id }),
    check: (values) => (values.lesson === null ? { lesson: t('fields.required') } : {}),
    save: async (values) => {
      const lesson = await add.mutateAsync({
        lessonId: Number(values.lesson),
        storyId: part.storyId,
        partKey: part.key,
      });
      notifySuccess(t('stories.toLesson.added', { title: part.title, number: lesson.number }));
      onClose();
    },
  });
  const options = (lessons.data ?? []).map((lesson) => ({
    value: String(lesson.id),
    label: t('stories.toLesson.lessonOption', {
      number: lesson.number,
      child: lesson.client.child_name,
      date: lesson.starts_at ? formatDateTime(lesson.starts_at) : t('stories.toLesson.noDate'),
    }),
  }));
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('stories.toLesson.add')}>
      {lessons.isSuccess && options.length === 0 ? (
        <Text>{t('stories.toLesson.none')}</Text>
      ) : (
        <Select
          label={t('stories.toLesson.lesson')}
          required
          searchable
          data={options}
          disabled={lessons.isPending}
          {...form.getInputProps('lesson')}
        />
      )}
    </DialogForm>
  );
}

/** "Add this part to a lesson": the teacher's open lessons to choose from. */
export function AddToLessonDialog({ part, onClose }: { part: PartTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={part}
      title={(shown) => t('stories.toLesson.title', { title: shown.title })}
      onClose={onClose}
    >
      {(shown) => <AddToLessonForm part={shown} onClose={onClose} />}
    </FormDialog>
  );
}
