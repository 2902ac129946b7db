import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TagsPanel } from '../../features/tags/components/tags-panel.tsx';
import { ThemesPanel } from '../../features/themes/components/themes-panel.tsx';

const TABS = ['interests', 'tags'] as const;
type Tab = (typeof TABS)[number];

/**
 * /themes ("themesAndTags", spec §2): the moderator's interests (themes) and tags on one screen, a
 * tab each. Two areas meet here, so the screen is put together in the app rather than in either
 * feature (STYLE: a feature never imports another). The open tab is kept in the address.
 */
export function ThemesAndTagsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((candidate) => candidate === requested) ?? 'interests';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('themes.pageTitle')}
      </Title>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'tags' ? { tab: 'tags' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="interests">{t('themes.tabInterests')}</Tabs.Tab>
          <Tabs.Tab value="tags">{t('themes.tabTags')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="interests">
          <ThemesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tags">
          <TagsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default ThemesAndTagsPage;
