import { API, APP_SETTINGS, LAST_AUTO_UPDATE_FORMAT, LOCAL_KEYS, type Health } from '@logoschool/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../api/client.ts';
import { useAppSettings } from '../../features/storage/api/get-app-settings.ts';
import { readLocal, writeLocal } from '../../lib/local-storage.ts';
import { NotFoundPage } from '../screens/not-found-page.tsx';
import { useEnvironmentId } from './header-bar.tsx';

dayjs.extend(customParseFormat);

/** How often the app asks the server which version runs. */
const POLL_MS = 60_000;
/** A forced update reloads once; a second mismatch this soon after means the reload did not help. */
const RELOAD_GUARD_MINUTES = 10;

type ServerState = { kind: 'ok'; version: string } | { kind: 'deploying' } | { kind: 'unknown' };

/** The shell's one query of its own: which version the server runs. */
const SERVER_STATE_KEY = ['server-state'] as const;

async function serverState(): Promise<ServerState> {
  try {
    const health = await callApi<Health>(API.health);
    return { kind: 'ok', version: health.version };
  } catch (error) {
    // A proxy answers 502/503 (or nothing) while a new version starts.
    const deploying =
      error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503);
    return deploying ? { kind: 'deploying' } : { kind: 'unknown' };
  }
}

function reloadedRecently(): boolean {
  const last = readLocal(LOCAL_KEYS.lastAutoUpdate);
  const at = last ? dayjs(last, LAST_AUTO_UPDATE_FORMAT, true) : null;
  return Boolean(at?.isValid() && dayjs().diff(at, 'minute') < RELOAD_GUARD_MINUTES);
}

/**
 * Notices about the running app (spec §2, §8): a new version (with a refresh), maintenance (from
 * app settings), a deploy in progress. A forced update (`force_update` in the settings) reloads
 * once, keeping `last-auto-update`; if the app is still outdated right after, the error screen
 * shows instead of looping.
 */
export function AppStatus() {
  const { t } = useTranslation();
  const envId = useEnvironmentId();
  const settings = useAppSettings(envId);
  const server = useQuery({ queryKey: SERVER_STATE_KEY, queryFn: serverState, refetchInterval: POLL_MS });
  const outdated = server.data?.kind === 'ok' && server.data.version !== __APP_VERSION__;
  const forced = settings.data?.[APP_SETTINGS.forceUpdate] === true;
  // A forced update that already reloaded a moment ago and is still outdated is stuck: say so
  // instead of reloading in a loop.
  const stuck = outdated && forced && reloadedRecently();

  useEffect(() => {
    if (!outdated || !forced || stuck) return;
    writeLocal(LOCAL_KEYS.lastAutoUpdate, dayjs().format(LAST_AUTO_UPDATE_FORMAT));
    window.location.reload();
  }, [outdated, forced, stuck]);

  if (stuck) return <NotFoundPage error />;
  const notice = settings.data?.[APP_SETTINGS.maintenance]
    ? 'maintenance'
    : server.data?.kind === 'deploying'
      ? 'deploying'
      : outdated
        ? 'updated'
        : null;
  if (!notice) return null;
  return (
    <Alert color={notice === 'updated' ? 'blue' : 'yellow'} mb="md" role="status" data-testid="app-status">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t(`notices.${notice}`)}</Text>
        <Button size="xs" variant="white" onClick={() => window.location.reload()}>
          {t('app.refresh')}
        </Button>
      </Group>
    </Alert>
  );
}
