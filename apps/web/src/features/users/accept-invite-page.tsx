import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, type InvitationPreview } from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { fieldErrorsOf } from '../../api/form-errors.ts';
import { useSession } from '../../app/session.tsx';
import { LanguageSwitcher } from '../../app/shell/language-switcher.tsx';
import { acceptInvitation, acceptInvitationSigningIn, getInvitationPreview } from './api/invitations.ts';

type Field = 'name' | 'password' | 'password_confirmation';
type Preview =
  { state: 'loading' } | { state: 'ready'; invitation: InvitationPreview } | { state: 'refused' };

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
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!token) {
      setPreview({ state: 'refused' });
      return;
    }
    let active = true;
    getInvitationPreview(token).then(
      (invitation) => active && setPreview({ state: 'ready', invitation }),
      () => active && setPreview({ state: 'refused' }),
    );
    return () => {
      active = false;
    };
  }, [token]);

  const validate = (): boolean => {
    const errors: Partial<Record<Field, string>> = {};
    const trimmed = name.trim();
    if (!trimmed) errors.name = t('validation.required');
    else if (trimmed.length < NAME_MIN) errors.name = t('validation.tooShort', { min: NAME_MIN });
    else if (trimmed.length > NAME_MAX) errors.name = t('validation.tooLong', { max: NAME_MAX });
    if (!password) errors.password = t('validation.required');
    else if (password.length < PASSWORD_MIN)
      errors.password = t('validation.tooShort', { min: PASSWORD_MIN });
    else if (password.length > PASSWORD_MAX) errors.password = t('validation.tooLong', { max: PASSWORD_MAX });
    if (repeat !== password) errors.password_confirmation = t('invitations.passwordsDiffer');
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const existing = preview.state === 'ready' && preview.invitation.existing_account;

  const validateSignIn = (): boolean => {
    const errors: Partial<Record<Field, string>> = {};
    if (!password) errors.password = t('validation.required');
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!(existing ? validateSignIn() : validate())) return;
    setSubmitting(true);
    try {
      const result = existing
        ? await acceptInvitationSigningIn({ token, password })
        : await acceptInvitation({
            token,
            name: name.trim(),
            password,
            password_confirmation: repeat,
          });
      signIn(result.token, result.user);
      void navigate('/', { replace: true });
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField && !byField.token) setFieldErrors(byField);
      else setFormError(registrationErrorText(error, t('invitations.registrationError')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Center mih="100dvh" p="md" component="main" pos="relative">
      <Box pos="absolute" top={16} right={16}>
        <LanguageSwitcher />
      </Box>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
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
        {preview.state === 'ready' && (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2">
                {t('invitations.acceptTitle')}
              </Title>
              <Text c="gray.7" size="sm">
                {t(existing ? 'invitations.acceptIntroExisting' : 'invitations.acceptIntro', {
                  project: preview.invitation.workspace_title,
                  roles: preview.invitation.roles.map((role) => t(`roles.${role}`)).join(', '),
                })}
              </Text>
              {formError && (
                <Alert color="red" role="alert">
                  {formError}
                </Alert>
              )}
              <TextInput
                label={t('login.email')}
                value={preview.invitation.email}
                autoComplete="username"
                readOnly
              />
              {existing ? (
                <PasswordInput
                  label={t('login.password')}
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX}
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={fieldErrors.password}
                  required
                  autoFocus
                />
              ) : (
                <>
                  <TextInput
                    label={t('invitations.name')}
                    autoComplete="name"
                    maxLength={NAME_MAX}
                    value={name}
                    onChange={(event) => setName(event.currentTarget.value)}
                    error={fieldErrors.name}
                    required
                    autoFocus
                  />
                  <PasswordInput
                    label={t('login.password')}
                    description={t('invitations.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
                    autoComplete="new-password"
                    maxLength={PASSWORD_MAX}
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                    error={fieldErrors.password}
                    required
                  />
                  <PasswordInput
                    label={t('invitations.repeatPassword')}
                    autoComplete="new-password"
                    maxLength={PASSWORD_MAX}
                    value={repeat}
                    onChange={(event) => setRepeat(event.currentTarget.value)}
                    error={fieldErrors.password_confirmation}
                    required
                  />
                </>
              )}
              <Button type="submit" loading={submitting} fullWidth>
                {t(existing ? 'invitations.signInToJoin' : 'invitations.signUp')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
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
