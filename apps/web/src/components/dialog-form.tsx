import {
  Alert,
  Button,
  Drawer,
  Group,
  Modal,
  Stack,
  TextInput,
  type DrawerProps,
  type ModalProps,
} from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorTextOf } from '../api/form-errors.ts';
import { contractValidate, showServerErrors, type ContractValidateOptions } from '../lib/form.ts';
import { useLastShown } from '../lib/use-last-shown.ts';
import { askToDiscard } from '../lib/unsaved-changes.ts';
import { useUnsavedChanges } from './unsaved-changes.tsx';

/** What a dialog tells the form inside it, and the form the dialog: whether it is open, whether changed. */
interface DialogGuard {
  opened: boolean;
  setDirty: (dirty: boolean) => void;
  /** Closes the dialog (Cancel, Escape, outside, its X): asks first while the form has unsaved changes. */
  close: (proceed: () => void) => void;
}

const DialogGuardContext = createContext<DialogGuard | null>(null);

/**
 * A Mantine `Modal` that holds a form: closing it while the form has unsaved changes (Escape, a click
 * outside, its X, the form's Cancel) asks first (decision 033). The form says whether it is changed
 * through `useDialogForm`, or `useFormChanges` for a form of its own.
 */
export function GuardedModal({ opened, onClose, ...props }: ModalProps) {
  const guard = useDialogGuard(opened);
  return (
    <DialogGuardContext.Provider value={guard}>
      <Modal opened={opened} onClose={() => guard.close(onClose)} {...props} />
    </DialogGuardContext.Provider>
  );
}

/** A Mantine `Drawer` that holds a form, as `GuardedModal`. */
export function GuardedDrawer({ opened, onClose, ...props }: DrawerProps) {
  const guard = useDialogGuard(opened);
  return (
    <DialogGuardContext.Provider value={guard}>
      <Drawer opened={opened} onClose={() => guard.close(onClose)} {...props} />
    </DialogGuardContext.Provider>
  );
}

/**
 * Whether the form is changed is kept in a ref, read when the dialog closes: as state, an Escape
 * pressed right after typing reached the close of the render before the form's effect said so, and
 * closed the dialog without asking.
 */
function useDialogGuard(opened: boolean): DialogGuard {
  const dirty = useRef(false);
  return useMemo<DialogGuard>(
    () => ({
      opened,
      setDirty: (changed) => {
        dirty.current = changed;
      },
      close: (proceed) => (dirty.current ? askToDiscard(proceed) : proceed()),
    }),
    [opened],
  );
}

/**
 * A form's unsaved changes: in a `GuardedModal`, its closing and leaving the page ask while the dialog
 * is open; elsewhere leaving the page asks (`useUnsavedChanges`). Gives `release`, for after a save.
 */
export function useFormChanges(dirty: boolean): { release: () => void } {
  const dialog = useContext(DialogGuardContext);
  const setDirty = dialog?.setDirty;
  useEffect(() => setDirty?.(dirty), [setDirty, dirty]);
  return useUnsavedChanges((dialog?.opened ?? true) && dirty);
}

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
  const dialog = useContext(DialogGuardContext);
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
          <Button variant="default" onClick={() => (dialog ? dialog.close(onCancel) : onCancel())}>
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
  useFormChanges(form.isDirty());
  const run = async (values: Values) => {
    setError(null);
    setSaving(true);
    try {
      await save(values);
      // Saved: nothing is unsaved until the next change (the caller usually closes the dialog).
      form.resetDirty();
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
    <GuardedModal
      opened={target !== null}
      onClose={onClose}
      title={shown === null ? '' : typeof title === 'string' ? title : title(shown)}
      size={size}
    >
      {shown !== null && children(shown)}
    </GuardedModal>
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
