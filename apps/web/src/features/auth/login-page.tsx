import { API, EMAIL_MAX, PASSWORD_MAX, type LoginBody, type LoginResult } from '@logoschool/contract';
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, request } from '../../api/client.ts';
import { useSession } from '../../session/session.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { OutsidePage } from '../../components/outside-page.tsx';

/**
 * The contract's login rules as a form's `validate`, loaded on first submit with the schema: the
 * page itself stays light (bench:web).
 */
async function validateLogin(values: LoginBody, t: TFunction) {
  const [{ loginBody }, { contractValidate }] = await Promise.all([
    import('@logoschool/contract/auth-schemas'),
    import('../../lib/form.ts'),
  ]);
  return contractValidate(loginBody, t)(values);
}

/** Sign-in with e-mail and password (spec §4, §5): the rules are the contract's login schema. */
export function LoginPage() {
  const { t } = useTranslation();
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: (values) => validateLogin(values, t),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  if (status === 'authorised') return <Navigate to={from} replace />;

  const submit = async ({ email, password }: LoginBody) => {
    setFormError(null);
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
    }
  };

  return (
    <OutsidePage width={400}>
      <form
        onSubmit={form.onSubmit(
          (values) => submit(values),
          () => setFormError(null),
        )}
        noValidate
      >
        <Stack>
          <Title order={1} size="h2">
            {t('login.title')}
          </Title>
          <Text c="gray.7" size="sm">
            {t('app.tagline')}
          </Text>
          <ErrorAlert>{formError}</ErrorAlert>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            maxLength={EMAIL_MAX}
            {...form.getInputProps('email')}
            required
            autoFocus
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('password')}
            required
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </OutsidePage>
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
