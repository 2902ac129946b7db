import { BREAKPOINTS } from '@logoschool/contract';
import { Center, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Just below `sm`, as Mantine draws "below": 0.1px less, in em of 16px (47.99375em). */
const BELOW_SM = `${Number.parseFloat(BREAKPOINTS.sm) - 0.1 / 16}em`;

/**
 * Whether the window is below Mantine's `sm` breakpoint (spec §9: 48em), as Mantine's own
 * `hiddenFrom="sm"` draws it: a window exactly `sm` wide is not below it.
 */
export function useBelowSm(): boolean {
  return useMediaQuery(`(max-width: ${BELOW_SM})`, undefined, { getInitialValueInEffect: false }) ?? false;
}

/** Below `sm` the staff screens are not offered (spec §2, §8); public pages stay usable. */
export function MobileUnavailable() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" maw={400} ta="center">
        <Title order={1} size="h3">
          {t('notices.mobileTitle')}
        </Title>
        <Text c="gray.7">{t('notices.mobileDescription')}</Text>
      </Stack>
    </Center>
  );
}

/** A staff screen outside the shell (the player), or the notice below `sm`. */
export function WideScreenOnly({ children }: { children: ReactNode }) {
  return useBelowSm() ? (
    <main>
      <MobileUnavailable />
    </main>
  ) : (
    children
  );
}
