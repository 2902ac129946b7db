import type { DocumentStep } from '@logoschool/contract';
import type { z } from 'zod';
import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, GuardedModal, useFormChanges } from '../dialog-form.tsx';
import { contractValidate } from '../../lib/form.ts';

interface CommentValues {
  comment: string;
}

/** What the area says in the dialog: its title, what to write, the field and the button. */
export interface CommentTexts {
  title: string;
  hint: string;
  label: string;
  submit: string;
  /** The comment's longest length (the contract's). */
  max: number;
}

/**
 * A step that says why in a comment (returning a document to its writer, `stepNeedsComment`): the
 * writer reads the comment on the document. `schema` is the area's contract for the step's body,
 * which bounds the comment; a step without one tells the writer nothing, so the dialog asks for it.
 */
export function StepCommentDialog({
  step,
  opened,
  texts,
  schema,
  onClose,
  onSend,
}: {
  /** The step the comment goes with (its body is checked with it). */
  step: DocumentStep;
  opened: boolean;
  texts: CommentTexts;
  schema: z.ZodType;
  onClose: () => void;
  /** Takes the step with the comment: null when done, else why not (the dialog says it). */
  onSend: (comment: string) => Promise<string | null>;
}) {
  return (
    <GuardedModal opened={opened} onClose={onClose} title={texts.title}>
      {opened && <CommentForm step={step} texts={texts} schema={schema} onClose={onClose} onSend={onSend} />}
    </GuardedModal>
  );
}

function CommentForm({
  step,
  texts,
  schema,
  onClose,
  onSend,
}: {
  step: DocumentStep;
  texts: CommentTexts;
  schema: z.ZodType;
  onClose: () => void;
  onSend: (comment: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const contract = contractValidate<CommentValues>(schema, t, {
    toBody: (values) => ({ action: step, comment: values.comment }),
  });
  const form = useForm<CommentValues>({
    initialValues: { comment: '' },
    validate: (values) => ({
      ...(values.comment.trim() ? {} : { comment: t('fields.required') }),
      ...contract(values),
    }),
  });
  useFormChanges(form.isDirty());

  const submit = async ({ comment }: CommentValues) => {
    setError(null);
    setSaving(true);
    const refused = await onSend(comment.trim());
    setSaving(false);
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <DialogForm
      onSubmit={form.onSubmit((values) => void submit(values))}
      onCancel={onClose}
      error={error}
      saving={saving}
      submitLabel={texts.submit}
    >
      <Text size="sm" maw={400}>
        {texts.hint}
      </Text>
      <Textarea
        label={texts.label}
        autosize
        minRows={3}
        maxLength={texts.max}
        {...form.getInputProps('comment')}
        required
        data-autofocus
      />
    </DialogForm>
  );
}
