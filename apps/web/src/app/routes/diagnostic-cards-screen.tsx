import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardsPanel } from '../../features/diagnostic-cards/components/cards-panel.tsx';
import { ProgramsPanel } from '../../features/programs/programs-panel.tsx';

/**
 * The tabs of /diagnostic-cards: each its value (kept in the address as `?tab=`), its label's text
 * key and its panel. Another area adds its tab with one more entry.
 */
const TABS: { value: string; label: string; panel: () => ReactNode }[] = [
  { value: 'cards', label: 'diagnosticCards.tabCards', panel: () => <CardsPanel /> },
  { value: 'programs', label: 'programs.tabPrograms', panel: () => <ProgramsPanel kind="program" /> },
  { value: 'complexes', label: 'programs.tabComplexes', panel: () => <ProgramsPanel kind="complex" /> },
];

/**
 * /diagnostic-cards ("diagnosticCards", issue 16): the moderator's diagnostic cards and, beside
 * them, what the cards point at. Several areas meet here, so the screen is put together in the app
 * (STYLE: a feature never imports another). The open tab is kept in the address.
 */
export function DiagnosticCardsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const first = TABS[0]?.value ?? 'cards';
  const requested = params.get('tab');
  const tab = TABS.find((candidate) => candidate.value === requested)?.value ?? first;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('diagnosticCards.pageTitle')}
      </Title>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== first ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {t(item.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((item) => (
          <Tabs.Panel key={item.value} value={item.value}>
            {item.panel()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export default DiagnosticCardsScreen;
