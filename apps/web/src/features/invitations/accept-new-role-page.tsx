import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { OutsidePage } from '../../components/outside-page.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../session/session.tsx';
import { acceptNewRole } from './api/invitations.ts';

/** Why the invitation was not accepted: the server's words, and whether it is another address's. */
interface Refusal {
  message: string;
  otherAccount: boolean;
}

/** The invitation's own page, which takes the password of a signed-out invitee. */
const invitePage = (token: string) => `/accept-invite?token=${encodeURIComponent(token)}`;

/**
 * /accept-new-role?token=… (spec §2: a declared path with no screen of its own; issue 33 item 6):
 * the link of the invitation mailed to an address that already has an account. Signed in as that
 * account, it joins the project at once, selects it and goes on to the role's first screen with
 * a word of what happened; signed out, it is the invitation's page (`/accept-invite`), which asks
 * for the password. An invitation of another address offers to sign in as that one; a link that
 * is used, expired or unknown says so.
 */
export function AcceptNewRolePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { status, updateUser, selectWorkspace, signOut, recheck } = useSession();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Once per visit: the link is used up by its first acceptance.
  const sent = useRef(false);

  useEffect(() => {
    if (status !== 'authorised' || !token || sent.current) return;
    sent.current = true;
    acceptNewRole(token).then(
      ({ user, workspace_id }) => {
        updateUser(user);
        selectWorkspace(workspace_id);
        const joined = user.assignments.find((assignment) => assignment.workspaceId === workspace_id);
        notifySuccess(
          t('invitations.joined', {
            project: joined?.workspaceTitle ?? '',
            roles: (joined?.roles ?? []).map((role) => t(`roles.${role}`)).join(', '),
          }),
        );
        void navigate('/', { replace: true });
      },
      (error: unknown) =>
        setRefusal({
          message:
            error instanceof ApiError && error.message ? error.message : t('invitations.registrationError'),
          otherAccount: error instanceof ApiError && error.code === 'invitation_other_account',
        }),
    );
  }, [status, token, t, updateUser, selectWorkspace, navigate]);

  if (token && (status === 'no-token' || status === 'expired'))
    return <Navigate to={invitePage(token)} replace />;
  if (token && status !== 'unreachable' && !refusal) {
    return (
      <OutsidePage>
        <Center py="xl">
          <Loader aria-label={t('invitations.joining')} />
        </Center>
      </OutsidePage>
    );
  }
  return (
    <OutsidePage width={440}>
      <Stack>
        <Title order={1} size="h2">
          {t('invitations.acceptTitle')}
        </Title>
        {status === 'unreachable' ? (
          <>
            <Alert color="red" role="alert">
              {t('invitations.joinUnreachable')}
            </Alert>
            <Button onClick={recheck} w="fit-content">
              {t('errors.tryAgain')}
            </Button>
          </>
        ) : (
          <>
            <Alert color="red" role="alert">
              {refusal?.message ?? t('invitations.registrationError')}
            </Alert>
            {refusal?.otherAccount ? (
              <Stack gap="xs">
                <Text size="sm">{t('invitations.otherAccountHint')}</Text>
                <Button
                  w="fit-content"
                  onClick={() => {
                    signOut();
                    void navigate(invitePage(token), { replace: true });
                  }}
                >
                  {t('invitations.signInAsInvited')}
                </Button>
              </Stack>
            ) : (
              <Anchor component={Link} to="/">
                {t('invitations.toApp')}
              </Anchor>
            )}
          </>
        )}
      </Stack>
    </OutsidePage>
  );
}

export default AcceptNewRolePage;
