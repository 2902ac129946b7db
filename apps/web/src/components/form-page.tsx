import { Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

/**
 * A screen that is one form, laid out as every such screen is: the title, then a card holding why
 * the last save was refused (above the fields) and the fields with their buttons. The form's state
 * and validation stay with the caller (`@mantine/form` with the contract's schema).
 */
export function FormPage({
  title,
  width,
  onSubmit,
  error,
  children,
}: {
  title: ReactNode;
  /** The widest the form grows, in pixels. */
  width: number;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The refusal that belongs to no field, or null. */
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Stack maw={width} gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSubmit} noValidate>
        <Stack>
          <ErrorAlert>{error}</ErrorAlert>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
