import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  acceptInvitationBody,
  acceptInvitationSignInBody,
  type InvitationPreview,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../session/session.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { OutsidePage } from '../../components/outside-page.tsx';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { acceptInvitation, acceptInvitationSigningIn, getInvitationPreview } from './api/invitations.ts';

type Preview =
  { state: 'loading' } | { state: 'ready'; invitation: InvitationPreview } | { state: 'refused' };

interface AcceptValues {
  name: string;
  password: string;
  password_confirmation: string;
}

/**
 * /accept-invite?token=…: the invited person signs up (spec §2, §5) and arrives signed in on their
 * index screen; someone whose address already has an account signs in with its password instead,
 * which is how they consent to join. A link that is unknown, expired or used says so with the §8
 * text.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // A link without a token names no invitation.
  const [preview, setPreview] = useState<Preview>(() =>
    token ? { state: 'loading' } : { state: 'refused' },
  );

  useEffect(() => {
    if (!token) return;
    let active = true;
    getInvitationPreview(token).then(
      (invitation) => active && setPreview({ state: 'ready', invitation }),
      () => active && setPreview({ state: 'refused' }),
    );
    return () => {
      active = false;
    };
  }, [token]);

  return (
    <OutsidePage width={440}>
      {preview.state === 'loading' && (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      )}
      {preview.state === 'refused' && (
        <Stack>
          <Title order={1} size="h2">
            {t('invitations.acceptTitle')}
          </Title>
          <Alert color="red" role="alert">
            {t('invitations.registrationError')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('invitations.toLogin')}
          </Anchor>
        </Stack>
      )}
      {preview.state === 'ready' && <AcceptForm token={token} invitation={preview.invitation} />}
    </OutsidePage>
  );
}

/**
 * Sign up (the contract's `acceptInvitationBody`: a name, a password given twice), or for an
 * existing account sign in (`acceptInvitationSignInBody`).
 */
function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const existing = invitation.existing_account;
  const [formError, setFormError] = useState<string | null>(null);
  const toBody = ({ name, password, password_confirmation }: AcceptValues) =>
    existing ? { token, password } : { token, name: name.trim(), password, password_confirmation };
  const form = useForm<AcceptValues>({
    initialValues: { name: '', password: '', password_confirmation: '' },
    validate: contractValidate(existing ? acceptInvitationSignInBody : acceptInvitationBody, t, { toBody }),
  });

  const submit = async (values: AcceptValues) => {
    setFormError(null);
    try {
      const result = existing
        ? await acceptInvitationSigningIn({ token, password: values.password })
        : await acceptInvitation({
            token,
            name: values.name.trim(),
            password: values.password,
            password_confirmation: values.password_confirmation,
          });
      signIn(result.token, result.user);
      void navigate('/', { replace: true });
    } catch (error) {
      // A refused token is the link's fault: the §8 text says what to do.
      const byToken = error instanceof ApiError && error.fieldErrors?.token !== undefined;
      if (byToken || !showServerErrors(form, error)) {
        setFormError(registrationErrorText(error, t('invitations.registrationError')));
      }
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => submit(values))} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('invitations.acceptTitle')}
        </Title>
        <Text c="gray.7" size="sm">
          {t(existing ? 'invitations.acceptIntroExisting' : 'invitations.acceptIntro', {
            project: invitation.workspace_title,
            roles: invitation.roles.map((role) => t(`roles.${role}`)).join(', '),
          })}
        </Text>
        <ErrorAlert>{formError}</ErrorAlert>
        <TextInput label={t('login.email')} value={invitation.email} autoComplete="username" readOnly />
        {existing ? (
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('password')}
            required
            autoFocus
          />
        ) : (
          <>
            <TextInput
              label={t('invitations.name')}
              autoComplete="name"
              maxLength={NAME_MAX}
              {...form.getInputProps('name')}
              required
              autoFocus
            />
            <PasswordInput
              label={t('login.password')}
              description={t('invitations.passwordRule', { min: PASSWORD_MIN, count: PASSWORD_MAX })}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              {...form.getInputProps('password')}
              required
            />
            <PasswordInput
              label={t('invitations.repeatPassword')}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              {...form.getInputProps('password_confirmation')}
              required
            />
          </>
        )}
        <Button type="submit" loading={form.submitting} fullWidth>
          {t(existing ? 'invitations.signInToJoin' : 'invitations.signUp')}
        </Button>
      </Stack>
    </form>
  );
}

/** Failures whose own message helps more than the §8 text. */
const TOLD_AS_IS: readonly string[] = [
  'user_exists',
  'invalid_credentials',
  'user_inactive',
  'too_many_login_attempts',
  'already_member',
];

/**
 * The server's message where it has one that helps (the e-mail is taken, a wrong password, already
 * a member), else the §8 text.
 */
function registrationErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && TOLD_AS_IS.includes(error.code)) {
    return error.message || fallback;
  }
  return fallback;
}

export default AcceptInvitePage;
