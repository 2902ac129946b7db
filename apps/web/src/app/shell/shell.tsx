import { HEADER_HEIGHT, HEADER_HEIGHT_COMPACT } from '@logoschool/contract';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Chat } from '../../features/chat/chat.tsx';
import { MobileUnavailable, useBelowSm } from '../../features/notices/mobile-unavailable.tsx';
import { preloadToasts } from '../notifications.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { LeaveQuestion } from '../../components/unsaved-changes.tsx';
import { NoWorkspaces } from '../screens/no-workspaces.tsx';
import { useSession } from '../../session/session.tsx';
import { ActingAsBanner } from './acting-as-banner.tsx';
import { AppStatus } from './app-status.tsx';
import { useGodMode } from './god-mode.ts';
import { HeaderBar } from './header-bar.tsx';
import {
  NAVIGATION_COLLAPSED_WIDTH,
  Navigation,
  useNavigationCollapse,
  useNavigationItems,
} from './navigation.tsx';

/** The signed-in frame: header, side navigation, the screen (spec §2). */
export function Shell() {
  const { user, workspaces } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const godMode = useGodMode();
  const items = useNavigationItems();
  // Below `sm` the staff screens are not offered (spec §2); public pages stay usable.
  const compact = useBelowSm();
  const navigation = useNavigationCollapse();
  // Below `sm` the navigation is a drawer behind the burger, whole.
  const collapsed = navigation.collapsed && !compact;
  const noWorkspaces = user !== null && !user.is_root && workspaces.length === 0;
  const hasNavigation = items.length > 0 && !noWorkspaces;
  // Signed-in screens tell failures in toasts: have their container before a call can fail.
  useEffect(preloadToasts, []);

  return (
    <QueryClientProvider client={queryClient}>
      <Chat />
      <AppShell
        header={{ height: compact ? HEADER_HEIGHT_COMPACT : HEADER_HEIGHT }}
        navbar={
          hasNavigation
            ? {
                width: collapsed ? NAVIGATION_COLLAPSED_WIDTH : { sm: 200, md: 240 },
                breakpoint: 'sm',
                collapsed: { mobile: !opened },
              }
            : undefined
        }
        padding="md"
      >
        <AppShell.Header>
          <HeaderBar
            navigationOpened={opened}
            onToggleNavigation={toggle}
            godMode={godMode}
            hasNavigation={hasNavigation}
          />
        </AppShell.Header>
        {hasNavigation && (
          <AppShell.Navbar p="sm">
            <Navigation
              collapsed={collapsed}
              onToggle={compact ? undefined : navigation.toggle}
              onNavigate={close}
            />
          </AppShell.Navbar>
        )}
        <AppShell.Main>
          <ActingAsBanner />
          <AppStatus>
            {compact ? (
              <MobileUnavailable />
            ) : noWorkspaces ? (
              <NoWorkspaces />
            ) : (
              <Suspense fallback={<FullLoader />}>
                <Outlet />
              </Suspense>
            )}
          </AppStatus>
        </AppShell.Main>
      </AppShell>
      <LeaveQuestion />
    </QueryClientProvider>
  );
}

export default Shell;
