import { API, LOCAL_KEYS } from '@logoschool/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { request } from '../../api/client.ts';
import { useSession } from '../../session/session.tsx';
import { OutsidePage } from '../../components/outside-page.tsx';
import { readLocal } from '../../lib/local-storage.ts';

/**
 * /logout: ends the session on the server (the token stops working at once), forgets it here, and
 * says so; after a failed token check it says the session is over (spec §4). The language can be
 * changed here as on the login page it leads to.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const { status, signOut } = useSession();
  const location = useLocation();
  const expired = status === 'expired' || Boolean((location.state as { expired?: boolean } | null)?.expired);
  const done = useRef(false);

  useEffect(() => {
    // An expired session has nothing left to end: its token is already forgotten.
    if (done.current || status === 'expired') return;
    done.current = true;
    const hadToken = Boolean(readLocal(LOCAL_KEYS.auth));
    const revoke =
      hadToken && !expired ? request(API.logout, { method: 'POST', silent: true }) : Promise.resolve();
    void revoke.catch(() => undefined).finally(signOut);
  }, [expired, signOut, status]);

  return (
    <OutsidePage>
      <Stack align="center" maw={400} ta="center">
        <Title order={1}>{t(expired ? 'errors.sessionExpired' : 'logout.title')}</Title>
        {expired && <Text c="gray.7">{t('logout.sessionOver')}</Text>}
        <Button component={Link} to="/login">
          {t('logout.signInAgain')}
        </Button>
      </Stack>
    </OutsidePage>
  );
}

export default LogoutPage;
