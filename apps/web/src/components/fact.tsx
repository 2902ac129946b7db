import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact of a header (a plan, a lesson, a student): a small label above its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}
