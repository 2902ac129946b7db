import { BREAKPOINTS, LOCAL_KEYS, navigationFor } from '@logoschool/contract';
import { NavLink, Stack, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconPointFilled,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import type { AreaNavIcons } from '../../lib/area-screens.ts';
import { readLocal, writeLocal } from '../../lib/local-storage.ts';
import { useSession } from '../../session/session.tsx';

/** The selected role's navigation items, from the route table (spec §2). */
export function useNavigationItems() {
  const { role, held } = useSession();
  return role ? navigationFor(role, held) : [];
}

/** Each item's icon: what the shrunk navigation shows, the name in a tooltip. */
/** Each navigation item's icon, as its area declares it (`features/<area>/screens.ts`). */
export const NAV_ICONS: AreaNavIcons = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<{ navIcons?: AreaNavIcons }>('../../features/*/screens.ts', { eager: true }),
  ).map((area) => area.navIcons ?? {}),
);

/** The side navigation's width, shrunk to its icons. */
export const NAVIGATION_COLLAPSED_WIDTH = 68;

/**
 * Whether the side navigation is shrunk to icons (spec §2: collapsible, with tooltips when narrow):
 * as the user last chose with its toggle (kept locally), else shrunk at medium widths (below `md`),
 * where the screen's tables need the room, and whole on wider screens.
 */
export function useNavigationCollapse(): { collapsed: boolean; toggle: () => void } {
  // Read at once, not after the first paint: the navigation must not open and then shrink.
  const medium = useMediaQuery(`(max-width: ${BREAKPOINTS.md})`, false, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useState(() => readLocal(LOCAL_KEYS.navigationCollapsed));
  const collapsed = chosen === null ? medium : chosen === '1';
  const toggle = () => {
    const next = collapsed ? '0' : '1';
    writeLocal(LOCAL_KEYS.navigationCollapsed, next);
    setChosen(next);
  };
  return { collapsed, toggle };
}

interface NavigationProps {
  /** Icons only, each named by its tooltip and its accessible name. */
  collapsed: boolean;
  /** Shrinks or widens the navigation; absent where it cannot be shrunk (the mobile drawer). */
  onToggle?: () => void;
  onNavigate: () => void;
}

/** Side navigation (spec §2): the role's items, and the toggle that shrinks it to icons. */
export function Navigation({ collapsed, onToggle, onNavigate }: NavigationProps) {
  const { t } = useTranslation();
  const items = useNavigationItems();
  const { pathname } = useLocation();
  const toggleLabel = t(collapsed ? 'nav.expand' : 'nav.collapse');
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  return (
    <Stack gap={4} h="100%" justify="space-between">
      <Stack gap={4} component="nav" aria-label={t('nav.label')}>
        {items.map((item) => {
          if (!item.nav) return null;
          const label = t(`nav.${item.nav}`);
          const ItemIcon = NAV_ICONS[item.nav] ?? IconPointFilled;
          const path = item.path.replace(/\/:[^/]+\?$/, '');
          return (
            <Tooltip key={item.path} label={label} position="right" disabled={!collapsed} withinPortal>
              <NavLink
                component={RouterLink}
                to={path}
                label={collapsed ? null : label}
                aria-label={collapsed ? label : undefined}
                leftSection={<ItemIcon size={20} stroke={1.6} aria-hidden />}
                onClick={onNavigate}
                variant="filled"
                active={pathname === path || pathname.startsWith(`${path}/`)}
              />
            </Tooltip>
          );
        })}
      </Stack>
      {onToggle && (
        <Tooltip label={toggleLabel} position="right" disabled={!collapsed} withinPortal>
          <NavLink
            component="button"
            type="button"
            label={collapsed ? null : toggleLabel}
            aria-label={collapsed ? toggleLabel : undefined}
            leftSection={<ToggleIcon size={20} stroke={1.6} aria-hidden />}
            onClick={onToggle}
            c="gray.7"
            data-testid="navigation-toggle"
          />
        </Tooltip>
      )}
    </Stack>
  );
}
