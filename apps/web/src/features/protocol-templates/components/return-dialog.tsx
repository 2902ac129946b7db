import { PROTOCOL_TEXT_MAX, templateReviewInput } from '@logoschool/contract';
import { Modal, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { contractValidate } from '../../../lib/form.ts';

interface ReturnValues {
  comment: string;
}

/**
 * Returns a template in review to its writer, saying what to change: the writer reads the comment
 * on the template. The contract bounds the comment; a return without one tells the writer nothing,
 * so the dialog asks for it.
 */
export function ReturnDialog({
  opened,
  onClose,
  onReturn,
}: {
  opened: boolean;
  onClose: () => void;
  /** Returns the template with the comment: null when done, else why not (the dialog says it). */
  onReturn: (comment: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('templates.returnTitle')}>
      {opened && <ReturnForm onClose={onClose} onReturn={onReturn} />}
    </Modal>
  );
}

function ReturnForm({
  onClose,
  onReturn,
}: {
  onClose: () => void;
  onReturn: (comment: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const contract = contractValidate<ReturnValues>(templateReviewInput, t, {
    toBody: (values) => ({ action: 'return', comment: values.comment }),
  });
  const form = useForm<ReturnValues>({
    initialValues: { comment: '' },
    validate: (values) => ({
      ...(values.comment.trim() ? {} : { comment: t('fields.required') }),
      ...contract(values),
    }),
  });

  const submit = async ({ comment }: ReturnValues) => {
    setError(null);
    setSaving(true);
    const refused = await onReturn(comment.trim());
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
      submitLabel={t('templates.actions.return')}
    >
      <Text size="sm" maw={400}>
        {t('templates.returnHint')}
      </Text>
      <Textarea
        label={t('templates.returnComment')}
        autosize
        minRows={3}
        maxLength={PROTOCOL_TEXT_MAX}
        {...form.getInputProps('comment')}
        required
        data-autofocus
      />
    </DialogForm>
  );
}
