import {
  CALL_WINDOWS,
  callRequestInput,
  isLanguage,
  type CallWindow,
  type ParentCallRequest,
} from '@logoschool/contract';
import { Alert, Button, Checkbox, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconPhoneCall } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { contractValidate } from '../../../lib/form.ts';
import { askToBeCalled, type CallBackVia } from '../api/call-back.ts';

interface CallValues {
  phone: string;
  window: CallWindow;
  time_zone: string;
  child_name: string;
  consent: boolean;
}

/** The reader's time zone, as the browser says. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone the browser knows, the reader's own included even where the list lacks it. */
function zones(own: string): string[] {
  const known =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return known.includes(own) ? known : [own, ...known];
}

/** The zone list, rendered again only when the zone changes (it is long: typing elsewhere stays quick). */
const ZoneSelect = memo(function ZoneSelect({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: unknown;
  onChange: (zone: string) => void;
}) {
  const data = useMemo(() => zones(value), [value]);
  return (
    <Select
      label={label}
      data={data}
      searchable
      allowDeselect={false}
      value={value}
      error={error as string | undefined}
      onChange={(zone) => zone && onChange(zone)}
    />
  );
});

/** What the parent reads after asking: the outcome, or §8's call initialization error. */
function Outcome({ answer }: { answer: ParentCallRequest }) {
  const { t } = useTranslation();
  const failed = answer.status === 'failed' || (answer.status === 'requested' && answer.reason !== null);
  if (failed) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('callBack.outcome.errorTitle')}
        role="alert"
      >
        {answer.retrying ? t('callBack.outcome.retrying') : t('callBack.outcome.failed')}
      </Alert>
    );
  }
  const key = answer.status === 'started' ? 'started' : answer.status === 'done' ? 'done' : 'waiting';
  return (
    <Alert
      color="teal"
      icon={<IconPhoneCall aria-hidden />}
      title={t(`callBack.outcome.${key}Title`)}
      role="status"
    >
      {answer.existing && <Text size="sm">{t('callBack.outcome.existing')}</Text>}
      <Text size="sm">{t(`callBack.outcome.${key}`)}</Text>
    </Alert>
  );
}

/**
 * "Call me" (issue 29 item 4): a parent leaves a phone in international form, a part of the day in
 * their own time zone, the child's name if they like, and agrees to be called. The school's phone
 * agent is asked at once: the answer says within seconds whether the call is starting, the
 * request waits for a person, or the call could not be initialized (spec §8).
 */
export function CallBackSection({
  token,
  via = 'dashboard',
  childName = '',
}: {
  token: string;
  via?: CallBackVia;
  /** The child's name the page knows (the dashboard's), filled in. */
  childName?: string;
}) {
  const { t, i18n } = useTranslation();
  const own = useMemo(() => browserZone(), []);
  const [answer, setAnswer] = useState<ParentCallRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CallValues>({
    initialValues: { phone: '', window: 'asap', time_zone: own, child_name: childName, consent: false },
    validate: contractValidate<CallValues>(callRequestInput, t),
    validateInputOnBlur: true,
  });

  const submit = async (values: CallValues) => {
    setFailure(null);
    try {
      const language = isLanguage(i18n.language) ? i18n.language : 'en';
      setAnswer(await askToBeCalled(via, token, { ...values, consent: values.consent as true }, language));
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="call-back-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="call-back-title">
          {t('callBack.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('callBack.description')}
        </Text>
        {answer ? (
          <Outcome answer={answer} />
        ) : (
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('callBack.phone')}
                description={t('callBack.phoneHint')}
                type="tel"
                autoComplete="tel"
                required
                {...form.getInputProps('phone')}
              />
              <Select
                label={t('callBack.window')}
                data={CALL_WINDOWS.map((value) => ({ value, label: t(`callBack.windows.${value}`) }))}
                allowDeselect={false}
                {...form.getInputProps('window')}
              />
              <ZoneSelect
                label={t('callBack.timeZone')}
                value={form.values.time_zone}
                error={form.errors.time_zone}
                onChange={(zone) => form.setFieldValue('time_zone', zone)}
              />
              <TextInput label={t('callBack.childName')} {...form.getInputProps('child_name')} />
              <Checkbox
                label={t('callBack.consent')}
                required
                {...form.getInputProps('consent', { type: 'checkbox' })}
              />
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <Button
                type="submit"
                loading={form.submitting}
                leftSection={<IconPhoneCall size={18} aria-hidden />}
              >
                {t('callBack.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
