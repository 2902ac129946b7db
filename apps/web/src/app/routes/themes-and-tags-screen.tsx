import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { TagsPanel } from '../../features/tags/components/tags-panel.tsx';
import { ThemesPanel } from '../../features/themes/components/themes-panel.tsx';

/**
 * /themes ("themesAndTags", spec §2): the moderator's interests (themes) and tags on one screen, a
 * tab each. Two areas meet here, so the screen is put together in the app rather than in either
 * feature (STYLE: a feature never imports another). The open tab is kept in the address.
 */
export function ThemesAndTagsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={t('themes.pageTitle')} />
      <UrlTabs
        tabs={[
          { value: 'interests', label: t('themes.tabInterests'), panel: () => <ThemesPanel /> },
          { value: 'tags', label: t('themes.tabTags'), panel: () => <TagsPanel /> },
        ]}
      />
    </Stack>
  );
}

export default ThemesAndTagsPage;
