import { API, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, type LoginResult } from '@logoschool/contract';
import {
  Alert,
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, request } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';
import { LanguageSwitcher } from '../../app/shell/language-switcher.tsx';

type Field = 'email' | 'password';

/** Sign-in with e-mail and password (spec §4, §5): the rules are the contract's login schema. */
export function LoginPage() {
  const { t } = useTranslation();
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  if (status === 'authorised') return <Navigate to={from} replace />;

  const validate = async (): Promise<boolean> => {
    // The contract's schema, loaded on first submit: the page itself stays light (bench:web).
    const { loginBody } = await import('@logoschool/contract/auth-schemas');
    const parsed = loginBody.safeParse({ email, password });
    if (parsed.success) {
      setFieldErrors({});
      return true;
    }
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      if (errors[field]) continue;
      if (field === 'email') errors.email = email.trim() ? t('validation.email') : t('validation.required');
      else if (!password) errors.password = t('validation.required');
      else if (password.length < PASSWORD_MIN)
        errors.password = t('validation.tooShort', { min: PASSWORD_MIN });
      else errors.password = t('validation.tooLong', { max: PASSWORD_MAX });
    }
    setFieldErrors(errors);
    return false;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!(await validate())) return;
    setSubmitting(true);
    try {
      const result = await request<LoginResult>(API.login, {
        method: 'POST',
        body: { email, password },
        silent: true,
      });
      signIn(result.token, result.user);
      void navigate(from, { replace: true });
    } catch (error) {
      // Login errors are shown in the form, not as a notification (spec §8).
      console.warn('login failed', error);
      setFormError(loginErrorText(error, t));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Center mih="100dvh" p="md" component="main" pos="relative">
      <Box pos="absolute" top={16} right={16}>
        <LanguageSwitcher />
      </Box>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('login.title')}
            </Title>
            <Text c="gray.7" size="sm">
              {t('app.tagline')}
            </Text>
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              maxLength={EMAIL_MAX}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldErrors.email}
              required
              autoFocus
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldErrors.password}
              required
            />
            <Button type="submit" loading={submitting} fullWidth>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

function loginErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  switch (error.code) {
    case 'invalid_credentials':
      return t('login.failed');
    case 'user_inactive':
      return t('login.inactive');
    case 'too_many_login_attempts':
    case 'rate_limited':
      return t('login.tooMany', { seconds: error.retryAfter ?? 60 });
    default:
      return error.message || t('errors.generic');
  }
}

export default LoginPage;
