import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useActingFor } from '../../session/session.tsx';
import { ThemesList } from './components/themes-list.tsx';

/** /preview-themes: the teacher's read-only list of the project's themes (spec §2). */
export function PreviewThemesPage() {
  const { t } = useTranslation();
  const acting = useActingFor('themes.read');
  return (
    <Stack gap="md">
      <PageHeader title={t('themes.title')} description={t('themes.readOnlyHint')} />
      <ThemesList
        workspaceId={acting?.workspace_id ?? null}
        assetsPath={(theme) => `/theme-assets-preview/${theme.id}`}
        emptyText={(narrowed) => t(narrowed ? 'themes.noMatches' : 'themes.emptyReadOnly')}
      />
    </Stack>
  );
}

export default PreviewThemesPage;
