import { API_BASE, VACANCY_BANNER_ENVIRONMENTS } from '@logoschool/contract';
import { Anchor, Badge, Burger, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../../api/app-config.ts';
import { useSession } from '../../session/session.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

/** The environment the user works in: the chosen project's, else the user's own. */
export function useEnvironmentId(): number | null {
  const { user, workspace } = useSession();
  return workspace?.env_id ?? user?.env_id ?? null;
}

/**
 * The vacancy promo (spec §1): environments 1 and 2 only, linking where the server's configuration
 * (`VACANCY_URLS`) says for the environment; no link configured, no banner.
 */
function VacancyBanner() {
  const { t } = useTranslation();
  const envId = useEnvironmentId();
  const config = useAppConfig();
  const url = envId === null ? undefined : config.data?.vacancy_urls[String(envId)];
  if (envId === null || !VACANCY_BANNER_ENVIRONMENTS.includes(envId) || !url) return null;
  return (
    <Text size="sm" visibleFrom="md" data-testid="vacancy-banner">
      {t('header.vacancy')}{' '}
      <Anchor href={url} target="_blank" rel="noreferrer" c="blue.9" fw={600}>
        {t('header.vacancyLink')}
      </Anchor>
    </Text>
  );
}

interface HeaderBarProps {
  navigationOpened: boolean;
  onToggleNavigation: () => void;
  godMode: boolean;
  hasNavigation: boolean;
}

export function HeaderBar({ navigationOpened, onToggleNavigation, godMode, hasNavigation }: HeaderBarProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  const config = useAppConfig();
  // Spec §1: whenever the server runs outside production (as it says: the development server's
  // API does too), or in god mode.
  const environment = config.data?.environment;
  const showDev = godMode || (environment !== undefined && environment !== 'production');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {hasNavigation && (
          <Burger
            opened={navigationOpened}
            onClick={onToggleNavigation}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('nav.toggle')}
          />
        )}
        <Anchor component={Link} to="/" fw={800} fz="lg" c="dark" underline="never">
          {t('app.name')}
        </Anchor>
        <VacancyBanner />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {showDev && (
          <Badge color="red.9" variant="filled" data-testid="dev-badge" visibleFrom="sm">
            {t('header.devBadge', { api: new URL(API_BASE, window.location.origin).href })}
          </Badge>
        )}
        {role && (
          <Text size="sm" c="gray.7" data-testid="role-label" visibleFrom="xs">
            {t('header.role', { role: t(`roles.${role}`) })}
          </Text>
        )}
        <WorkspaceSwitcher />
        <LanguageSwitcher />
        <ProfileMenu godMode={godMode} hasNavigation={hasNavigation} />
      </Group>
    </Group>
  );
}
