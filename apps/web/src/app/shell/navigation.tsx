import { navigationFor } from '@logoschool/contract';
import { NavLink, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useSession } from '../session.tsx';

/** The selected role's navigation items, from the route table (spec §2). */
export function useNavigationItems() {
  const { role, held } = useSession();
  return role ? navigationFor(role, held) : [];
}

/** Side navigation; `narrow` shows tooltips with the item names (spec §2). */
export function Navigation({ narrow, onNavigate }: { narrow: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const items = useNavigationItems();
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="nav" aria-label={t('nav.label')}>
      {items.map((item) => {
        const label = t(`nav.${item.nav}`);
        const path = item.path.replace(/\/:[^/]+\?$/, '');
        return (
          <Tooltip key={item.path} label={label} position="right" disabled={!narrow} withinPortal>
            <NavLink
              component={RouterLink}
              to={path}
              label={label}
              onClick={onNavigate}
              variant="filled"
              active={pathname === path || pathname.startsWith(`${path}/`)}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
}
