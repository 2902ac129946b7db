import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { CardsPanel } from '../../features/diagnostic-cards/components/cards-panel.tsx';
import { ProgramsPanel } from '../../features/programs/programs-panel.tsx';

/**
 * /diagnostic-cards ("diagnosticCards", issue 16): the moderator's diagnostic cards and, beside
 * them, what the cards point at. Several areas meet here, so the screen is put together in the app
 * (STYLE: a feature never imports another). The open tab is kept in the address; another area adds
 * its tab with one more entry.
 */
export function DiagnosticCardsScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={t('diagnosticCards.pageTitle')} />
      <UrlTabs
        tabs={[
          { value: 'cards', label: t('diagnosticCards.tabCards'), panel: () => <CardsPanel /> },
          {
            value: 'programs',
            label: t('programs.tabPrograms'),
            panel: () => <ProgramsPanel kind="program" />,
          },
          {
            value: 'complexes',
            label: t('programs.tabComplexes'),
            panel: () => <ProgramsPanel kind="complex" />,
          },
        ]}
      />
    </Stack>
  );
}

export default DiagnosticCardsScreen;
