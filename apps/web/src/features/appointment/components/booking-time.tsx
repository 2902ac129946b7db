import type { Language } from '@logoschool/contract';
import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { longDayLabel, momentIn } from '../zones.ts';

/**
 * A booking's time as the parent reads it: the day, then "16:00 for you (Asia/Jerusalem) · 14:00
 * for the teacher (Europe/London)", the teacher's day added when it is another one.
 */
export function BookingTime({
  start,
  timeZone,
  teacherTimeZone,
  language,
}: {
  start: string;
  timeZone: string;
  teacherTimeZone: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const mine = momentIn(start, timeZone);
  const theirs = momentIn(start, teacherTimeZone);
  return (
    <Stack gap={2}>
      <Text fw={700}>{longDayLabel(language, mine.day)}</Text>
      <Text>
        {t('appointment.time.yours', { time: mine.time, zone: timeZone })}
        {' · '}
        {theirs.day === mine.day
          ? t('appointment.time.teachers', { time: theirs.time, zone: teacherTimeZone })
          : t('appointment.time.teachersOtherDay', {
              time: theirs.time,
              zone: teacherTimeZone,
              date: longDayLabel(language, theirs.day),
            })}
      </Text>
    </Stack>
  );
}

/** The time now, again every `ms` (a countdown's tick). */
export function useNow(ms = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Minutes and seconds left until `until`, "9:05"; null once it has passed. */
export function timeLeft(until: string, now: Date): string | null {
  const seconds = Math.ceil((new Date(until).getTime() - now.getTime()) / 1000);
  if (seconds <= 0) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
