import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A screen's (or a tab's, `order` 2) title, the line under it (the project's name, what the screen
 * is for) and the screen's own buttons at the end of the line.
 */
export function PageHeader({
  title,
  description,
  actions,
  order = 1,
}: {
  title: string;
  /** A sentence under the title, or a control standing there (root's project picker). */
  description?: ReactNode;
  actions?: ReactNode;
  order?: 1 | 2;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <div>
        <Title order={order} size={order === 1 ? 'h2' : 'h3'}>
          {title}
        </Title>
        {typeof description === 'string' ? (
          <Text c="gray.7" size="sm" maw={720}>
            {description}
          </Text>
        ) : (
          description
        )}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
