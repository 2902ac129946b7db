import { BOOKING_BOUNDS, bookingSettingsSchema, type BookingSettings } from '@logoschool/contract';
import { Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PublicLinkPanel } from '../../components/public-link/public-link-panel.tsx';
import { PublicLinkSection } from '../../components/public-link/public-link-section.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { usePublicLinkChange } from '../../api/public-link-changes.ts';
import {
  useBookingLink,
  useBookingLinkSubject,
  useBookingSettings,
  useSaveBookingSettings,
} from './api/booking.ts';

/** The form's values: the notices in hours, as people think of them; a cleared field is ''. */
type SettingsValues = Record<keyof BookingSettings, number | string>;

const IN_HOURS = ['booking_notice_minutes', 'change_notice_minutes'] as const;
const NOTICE_HOURS_MAX = BOOKING_BOUNDS.noticeMinutes.max / 60;

const valuesOf = (settings: BookingSettings): SettingsValues => ({
  ...settings,
  booking_notice_minutes: settings.booking_notice_minutes / 60,
  change_notice_minutes: settings.change_notice_minutes / 60,
});

/** The body the form stands for: hours back to minutes, a cleared field left out (the schema says so). */
function toBody(values: SettingsValues): Partial<BookingSettings> {
  const body: Partial<BookingSettings> = {};
  for (const [key, value] of Object.entries(values) as [keyof BookingSettings, number | string][]) {
    if (typeof value !== 'number') continue;
    body[key] = (IN_HOURS as readonly string[]).includes(key) ? Math.round(value * 60) : value;
  }
  return body;
}

/**
 * /booking-settings (issue 28 item 1, 2): the project's rules for free lessons (length, buffer,
 * notices, how far ahead, a group's seats), and its booking page's link: making the link turns
 * booking on, withdrawing it turns it off.
 */
export function BookingSettingsPage() {
  const { t } = useTranslation();
  const settings = useBookingSettings();
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader title={t('booking.settings.title')} description={t('booking.settings.description')} />
      <BookingLink />
      {settings.isPending && <FullLoader />}
      {settings.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(settings.error)}
        </Alert>
      )}
      {settings.data && <SettingsForm settings={settings.data} />}
    </Stack>
  );
}

/** The booking page's link (the public-link kit's, kind `booking`). */
function BookingLink() {
  const { t } = useTranslation();
  const link = useBookingLink();
  const subject = useBookingLinkSubject();
  const turnOn = usePublicLinkChange(subject);
  return (
    <PublicLinkSection title={t('booking.settings.linkTitle')} sharing={link}>
      {(state) => (
        <Stack gap="md">
          <Group gap="sm">
            <Badge autoContrast color={state.link_state === 'live' ? 'teal.9' : 'gray.7'}>
              {t(state.link_state === 'live' ? 'booking.settings.on' : 'booking.settings.off')}
            </Badge>
            {state.link_state !== 'live' && (
              <Button
                loading={turnOn.isPending}
                onClick={() =>
                  void turnOn.mutateAsync('issue').catch((error: unknown) => notifyError(errorTextOf(error)))
                }
              >
                {t('booking.settings.turnOn')}
              </Button>
            )}
          </Group>
          <PublicLinkPanel
            link={state}
            subject={subject}
            canIssue
            texts={{
              label: t('booking.settings.link'),
              hint: t('booking.settings.linkHint'),
              none: t('booking.settings.noLink'),
              withdrawQuestion: t('booking.settings.withdrawQuestion'),
            }}
          />
        </Stack>
      )}
    </PublicLinkSection>
  );
}

function SettingsForm({ settings }: { settings: BookingSettings }) {
  const { t } = useTranslation();
  const save = useSaveBookingSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const bySchema = contractValidate<SettingsValues>(bookingSettingsSchema, t, { toBody });
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(settings),
    validate: (values) => {
      const errors = bySchema(values);
      // The notices are typed in hours: their bound is said in hours too.
      for (const key of IN_HOURS) {
        if (errors[key] && values[key] !== '') {
          errors[key] = t('booking.settings.noticeRange', { count: NOTICE_HOURS_MAX });
        }
      }
      return errors;
    },
  });
  useUnsavedChanges(form.isDirty());

  const submit = async (values: SettingsValues) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(toBody(values) as BookingSettings);
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      notifySuccess(t('booking.settings.saved'));
    } catch (error) {
      if (!showServerErrors(form, error)) setProblem(errorTextOf(error));
    }
  };

  const field = (key: keyof BookingSettings, bounds: { min: number; max: number }, step = 1) => (
    <NumberInput
      label={t(`booking.settings.fields.${key}`)}
      description={t(`booking.settings.hints.${key}`)}
      min={bounds.min}
      max={bounds.max}
      step={step}
      allowDecimal={false}
      clampBehavior="none"
      required
      {...form.getInputProps(key)}
    />
  );
  const hours = { min: 0, max: NOTICE_HOURS_MAX };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="booking-rules">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="booking-rules">
            {t('booking.settings.rules')}
          </Title>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {field('lesson_minutes', BOOKING_BOUNDS.lessonMinutes, 5)}
            {field('buffer_minutes', BOOKING_BOUNDS.bufferMinutes, 5)}
            {field('booking_notice_minutes', hours)}
            {field('change_notice_minutes', hours)}
            {field('horizon_days', BOOKING_BOUNDS.horizonDays)}
            {field('group_seats', BOOKING_BOUNDS.groupSeats)}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('booking.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export default BookingSettingsPage;
