import { APP_SETTINGS, maintenanceOf } from '@logoschool/contract';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appSettingsQuery } from '../../features/storage/api/get-app-settings.ts';
import { AppNotice } from '../../features/notices/app-notice.tsx';
import {
  SERVER_POLL_MS,
  isOutdated,
  serverState,
  useUpdateGuard,
} from '../../features/notices/server-state.ts';
import { NotFoundPage } from '../screens/not-found-page.tsx';
import { useEnvironmentId } from './header-bar.tsx';

/** The shell's one query of its own: which version the server serves. */
const SERVER_STATE_KEY = ['server-state'] as const;

/**
 * Notices about the running app on the staff screens (spec §2, §8): maintenance (from the
 * environment's app settings, with root's message), a deploy in progress, a new version (with a
 * refresh). Both are asked every minute and whenever the tab is shown again. A
 * forced update (`force_update` in the settings) reloads once; still outdated right after, the
 * error screen shows in place of the screen (`children`) instead of a loop (the update guard).
 */
export function AppStatus({ children }: { children: ReactNode }) {
  const envId = useEnvironmentId();
  // Asked as often as the version: maintenance turned on reaches open pages within a minute.
  const settings = useQuery({
    ...appSettingsQuery(envId ?? 0),
    enabled: envId !== null,
    refetchInterval: SERVER_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  const server = useQuery({
    queryKey: SERVER_STATE_KEY,
    queryFn: () => serverState(),
    refetchInterval: SERVER_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  const outdated = isOutdated(server.data);
  const { stuck } = useUpdateGuard(outdated, settings.data?.[APP_SETTINGS.forceUpdate] === true);

  if (stuck) return <NotFoundPage error />;
  const maintenance = maintenanceOf(settings.data);
  return (
    <>
      {(maintenance || server.data?.kind === 'deploying' || outdated) && (
        <Box mb="md">
          {maintenance ? (
            <AppNotice kind="maintenance" message={maintenance.message} />
          ) : (
            <AppNotice kind={outdated ? 'updated' : 'deploying'} />
          )}
        </Box>
      )}
      {children}
    </>
  );
}
