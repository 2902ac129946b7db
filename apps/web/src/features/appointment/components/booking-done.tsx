import type { Language, ParentBooking } from '@logoschool/contract';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { longDayLabel, momentIn } from '../zones.ts';
import { BookingTime } from './booking-time.tsx';

/** The booking confirmed: its time in both zones, where the confirmation went, how to change it. */
export function BookingDone({ booking, language }: { booking: ParentBooking; language: Language }) {
  const { t } = useTranslation();
  const until = momentIn(booking.changeable_until, booking.time_zone);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          <IconCircleCheck size={24} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {t('appointment.done.title')}
        </Title>
        <Text>
          {t('appointment.done.what', {
            kind: t(`appointment.kind.${booking.kind}`),
            child: booking.child_name,
            teacher: booking.teacher_name,
          })}
        </Text>
        <BookingTime
          start={booking.starts_at}
          timeZone={booking.time_zone}
          teacherTimeZone={booking.teacher_time_zone}
          language={language}
        />
        <Alert color="teal">{t('appointment.done.mail', { email: booking.email })}</Alert>
        <Text size="sm">
          {t('appointment.done.change', {
            date: longDayLabel(language, until.day),
            time: until.time,
          })}
        </Text>
      </Stack>
    </Paper>
  );
}
