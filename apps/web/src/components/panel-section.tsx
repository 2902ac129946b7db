import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A framed part of a screen named by its heading (an exercise's media, its themed versions): the
 * heading, the line that says what it is for, then its content.
 */
export function PanelSection({
  id,
  title,
  hint,
  children,
}: {
  /** The heading's id, which names the section for screen readers; unique on the screen. */
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="gray.7">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
