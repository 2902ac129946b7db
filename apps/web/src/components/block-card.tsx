import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One block of a plan or a lesson as a card: "block N of M" above its target, something beside
 * them (its category, its bounds), and its content below. A block the form refuses has a red
 * border. `data-*` attributes let the page bring a refused block into view.
 */
export function BlockCard({
  headingId,
  position,
  title,
  subtitle,
  aside,
  invalid,
  describedBy,
  data,
  children,
}: {
  headingId: string;
  /** "Block 2 of 5", in the area's words. */
  position: string;
  title: string;
  subtitle?: ReactNode;
  aside: ReactNode;
  invalid: boolean;
  describedBy?: string;
  data: Record<`data-${string}`, string | number>;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      aria-describedby={describedBy}
      {...data}
      style={invalid ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="xs" c="gray.7">
              {position}
            </Text>
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            {subtitle}
          </div>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
