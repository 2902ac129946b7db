import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Why something was refused or failed, in red, announced to screen readers; nothing when there is
 * nothing to say.
 */
export function ErrorAlert({
  children,
  ...props
}: { children: ReactNode } & Omit<AlertProps, 'color' | 'role'>) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Alert color="red" role="alert" {...props}>
      {children}
    </Alert>
  );
}
