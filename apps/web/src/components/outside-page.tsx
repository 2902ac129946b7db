import { Box, Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from './language-switcher.tsx';

/**
 * A page outside the signed-in frame (login, logout, accepting an invitation): its content in the
 * middle, in a card `width` pixels wide at most when given, and the language switcher in the corner.
 */
export function OutsidePage({ width, children }: { width?: number; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" component="main" pos="relative">
      <Box pos="absolute" top={16} right={16}>
        <LanguageSwitcher />
      </Box>
      {width === undefined ? (
        children
      ) : (
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={width}>
          {children}
        </Paper>
      )}
    </Center>
  );
}
