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
        <SectionHeading id={id} title={title} hint={hint} />
        {children}
      </Stack>
    </Paper>
  );
}

/** A section's heading (level 2, `id` names the section) with the line that says what it is for. */
export function SectionHeading({ id, title, hint }: { id: string; title: string; hint?: string }) {
  return (
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
  );
}
