import { API, type AppStatus } from '@logoschool/contract';
import { Affix, Paper } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { AppNotice, type NoticeKind } from './app-notice.tsx';
import { SERVER_POLL_MS, isDeploying, isOutdated, type ServerState } from './server-state.ts';

/** What a page outside sign-in has to say, if anything: maintenance first, then a deploy, then an update. */
interface OutsideNotice {
  kind: NoticeKind;
  message: string | null;
}

/** The page's status through `GET /app-status?link=` (the link's token names the environment). */
async function readStatus(
  link: string | undefined,
): Promise<{ state: ServerState; status: AppStatus | null }> {
  try {
    const status = await callApi<AppStatus>(API.appStatus, { query: { link } });
    return { state: { kind: 'ok', version: status.version }, status };
  } catch (error) {
    return { state: isDeploying(error) ? { kind: 'deploying' } : { kind: 'unknown' }, status: null };
  }
}

/** The one notice a page outside sign-in shows for what it learnt (`own`: its own version). */
export function noticeOf(
  state: ServerState,
  status: AppStatus | null,
  own?: string | null,
): OutsideNotice | null {
  if (status?.maintenance) return { kind: 'maintenance', message: status.maintenance.message };
  if (state.kind === 'deploying') return { kind: 'deploying', message: null };
  if (isOutdated(state, own)) return { kind: 'updated', message: null };
  return null;
}

/**
 * The notices of a page outside sign-in (a public link's page, issue 33 item 5): maintenance in
 * its link's environment, a deploy under way, a newer version, each with its refresh. It floats at
 * the bottom, over the page, which stays as usable as the server lets it (nothing is blocked), and
 * can be put aside. It asks at start, every minute, and when the tab is shown again.
 */
export function PublicNotices() {
  const link = useParams().token;
  const [notice, setNotice] = useState<OutsideNotice | null>(null);
  const [hidden, setHidden] = useState<NoticeKind | null>(null);

  useEffect(() => {
    let active = true;
    const check = () =>
      void readStatus(link).then(({ state, status }) => {
        if (active) setNotice(noticeOf(state, status));
      });
    check();
    const timer = window.setInterval(check, SERVER_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [link]);

  if (!notice || hidden === notice.kind) return null;
  return (
    <Affix position={{ bottom: 12, left: 12, right: 12 }} zIndex={400}>
      <Paper shadow="md" radius="md" maw={640} mx="auto">
        <AppNotice
          kind={notice.kind}
          message={notice.message}
          outside
          onHide={() => setHidden(notice.kind)}
        />
      </Paper>
    </Affix>
  );
}
