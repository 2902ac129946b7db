import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A form in a dialog, laid out as every dialog of the app is: why the last save was refused above
 * the fields, the fields, then Cancel and the submit button at the end. The form's state and
 * validation stay with the caller (`@mantine/form` with the contract's schema).
 */
export function DialogForm({
  onSubmit,
  onCancel,
  error,
  saving,
  submitLabel,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  /** The refusal that belongs to no field, or null. */
  error: string | null;
  saving: boolean;
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
