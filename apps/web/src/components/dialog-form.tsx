import { Alert, Button, Group, Modal, Stack, TextInput, type ModalProps } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorTextOf } from '../api/form-errors.ts';
import { contractValidate, showServerErrors, type ContractValidateOptions } from '../lib/form.ts';
import { useLastShown } from '../lib/use-last-shown.ts';

/** What `DialogForm` needs from the form it lays out. */
export interface DialogFormState {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The refusal that belongs to no field, or null. */
  error: string | null;
  saving: boolean;
}

/**
 * A form in a dialog, laid out as every dialog of the app is: why the last save was refused above
 * the fields, the fields, then Cancel and the submit button at the end. The form's state and
 * validation come from `useDialogForm` (or the caller's own `@mantine/form` with the contract's schema).
 */
export function DialogForm({
  onSubmit,
  onCancel,
  error,
  saving,
  submitLabel,
  children,
}: DialogFormState & {
  onCancel: () => void;
  /** What the submit button says; Save when not given. */
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel ?? t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How a form is checked and saved: the contract's schema, then the save, whose refusal stays in the form. */
export interface DialogFormOptions<Values> extends ContractValidateOptions<Values> {
  initialValues: Values;
  /** The contract's schema of the body the form stands for. */
  schema: z.ZodType;
  /** What the browser can check beyond the schema (a chosen file's size), given the schema's messages. */
  check?: (values: Values, errors: FormErrors) => FormErrors;
  /** Saves; a throw is a refusal. The caller notifies and closes on success. */
  save: (values: Values) => Promise<unknown>;
  /**
   * Where a refusal shows: puts its field messages on the form and gives the sentence for above the
   * fields (or null). By default a 422's messages go under their fields, anything else above.
   */
  refused?: (error: unknown, form: UseFormReturnType<Values>) => string | null;
}

/**
 * A `@mantine/form` form validated by the contract's schema (the same messages as the server's
 * 422) whose save's refusal shows in the form: under the fields it names, else above them. Gives
 * the form and what `DialogForm` lays out (`state`).
 */
// `@mantine/form` takes any object type as its values (an interface has no index signature).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useDialogForm<Values extends Record<string, any>>({
  initialValues,
  schema,
  toBody,
  fieldOf,
  check,
  save,
  refused,
}: DialogFormOptions<Values>): { form: UseFormReturnType<Values>; state: DialogFormState } {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const bySchema = contractValidate<Values>(schema, t, { toBody, fieldOf });
  const form = useForm<Values>({
    initialValues,
    validate: (values) => {
      const errors = bySchema(values);
      return check ? { ...errors, ...check(values, errors) } : errors;
    },
  });
  const run = async (values: Values) => {
    setError(null);
    setSaving(true);
    try {
      await save(values);
    } catch (failure) {
      setError(
        refused
          ? refused(failure, form)
          : showServerErrors(form, failure, fieldOf)
            ? null
            : errorTextOf(failure),
      );
    } finally {
      setSaving(false);
    }
  };
  return { form, state: { onSubmit: form.onSubmit((values) => void run(values)), error, saving } };
}

/**
 * A dialog open for a target (a new thing, or the one to change): it keeps showing the last target
 * while it closes, and each opening mounts `children` afresh, so a form starts from its target.
 */
export function FormDialog<T>({
  target,
  title,
  size,
  onClose,
  children,
}: {
  target: T | null;
  title: string | ((shown: T) => string);
  size?: ModalProps['size'];
  onClose: () => void;
  children: (shown: T) => ReactNode;
}) {
  const shown = useLastShown(target);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={shown === null ? '' : typeof title === 'string' ? title : title(shown)}
      size={size}
    >
      {shown !== null && children(shown)}
    </Modal>
  );
}

/**
 * A dialog's first field, its name or title: required, no longer than the contract's bound, and
 * focused when the dialog opens.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function NameField<Values extends Record<string, any>>({
  form,
  field = 'name',
  label,
  max,
}: {
  form: UseFormReturnType<Values>;
  field?: string;
  label: string;
  max: number;
}) {
  return <TextInput label={label} maxLength={max} {...form.getInputProps(field)} required data-autofocus />;
}
