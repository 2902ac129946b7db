import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A parents' page: the school and the language switcher on top, the title, then the page; phone first. */
export function PageFrame({
  school,
  title,
  switcher,
  children,
}: {
  school: string;
  title: string;
  switcher: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container component="main" size={720} px="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap" align="center">
          <Text fw={600} c="dimmed" truncate>
            {school}
          </Text>
          {switcher}
        </Group>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}
