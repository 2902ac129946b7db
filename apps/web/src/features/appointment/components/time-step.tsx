import {
  addDays,
  dayOf,
  type AgeRefusal,
  type BookingPage,
  type BookingPersonInput,
  type Language,
  type ParentBooking,
  type ReservationAnswer,
  type SlotView,
} from '@logoschool/contract';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { confirmReservation, fetchSlots, releaseReservation, reserveSlot } from '../api/appointment.ts';
import { appointmentKeys } from '../api/keys.ts';
import { refusalOf } from '../booking-errors.ts';
import { longDayLabel } from '../zones.ts';
import { BookingTime, timeLeft, useNow } from './booking-time.tsx';
import { SlotPicker } from './slot-picker.tsx';

type Notice = { kind: 'taken' | 'expired' } | { kind: 'error'; text: string } | null;

/**
 * Step 2, when (spec §2, §4): the free slots from today to the horizon in the parent's zone;
 * choosing one reserves it (others see it taken) for `RESERVATION_MINUTES`, counted down, and
 * confirming books it. A slot just taken, a hold run out or a refusal says so and shows the
 * slots again; a refusal of age or a booking on the same date goes back to the page's modals.
 */
export function TimeStep({
  token,
  page,
  person,
  language,
  onBack,
  onDone,
  onRefused,
}: {
  token: string;
  page: BookingPage;
  person: BookingPersonInput & { language: Language };
  language: Language;
  onBack: () => void;
  onDone: (booking: ParentBooking) => void;
  onRefused: (refusal: AgeRefusal | 'exists') => void;
}) {
  const { t } = useTranslation();
  const query = { kind: person.kind, language: person.language, birthdate: person.birthdate };
  const slots = useQuery({
    queryKey: appointmentKeys.slots(token, query, language),
    queryFn: ({ signal }) => fetchSlots(token, query, language, signal),
    meta: { silent: true },
    retry: false,
  });
  const [reservation, setReservation] = useState<ReservationAnswer | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const today = dayOf(new Date(), person.time_zone);

  const failed = (error: unknown) => {
    const refusal = refusalOf(error);
    setReservation(null);
    if (refusal === 'too_young' || refusal === 'course_too_young') onRefused(refusal);
    else if (refusal === 'exists') onRefused('exists');
    else if (refusal === 'taken' || refusal === 'expired') setNotice({ kind: refusal });
    else setNotice({ kind: 'error', text: errorTextOf(error) });
    void slots.refetch();
  };

  const pick = async (slot: SlotView) => {
    setNotice(null);
    setPending(slot.start);
    try {
      const answer = await reserveSlot(
        token,
        { ...person, start: slot.start, ...(slot.session_id ? { session_id: slot.session_id } : {}) },
        language,
      );
      setReservation(answer);
    } catch (error) {
      failed(error);
    } finally {
      setPending(null);
    }
  };

  const confirm = async (held: ReservationAnswer) => {
    setConfirming(true);
    try {
      onDone(await confirmReservation(token, held.reservation_id, held.confirm_key, language));
    } catch (error) {
      failed(error);
    } finally {
      setConfirming(false);
    }
  };

  /** Another time: the held slot is freed at once (it would lapse by itself if this call failed). */
  const other = (held: ReservationAnswer) => {
    setReservation(null);
    releaseReservation(token, held.reservation_id, held.confirm_key, language)
      .catch(() => undefined)
      .finally(() => void slots.refetch());
  };

  const expire = () => {
    setReservation(null);
    setNotice({ kind: 'expired' });
    void slots.refetch();
  };

  return (
    <Stack gap="md">
      {notice && (
        <Alert color={notice.kind === 'error' ? 'red' : 'orange'} role="alert">
          {notice.kind === 'error' ? notice.text : t(`appointment.when.${notice.kind}`)}
        </Alert>
      )}
      {reservation ? (
        <HeldSlot
          held={reservation}
          language={language}
          confirming={confirming}
          onConfirm={() => void confirm(reservation)}
          onOther={() => other(reservation)}
          onExpired={expire}
        />
      ) : slots.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : slots.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text>{errorTextOf(slots.error)}</Text>
            <Button variant="default" w="fit-content" onClick={() => void slots.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('appointment.when.inYourZone', { zone: person.time_zone })}
          </Text>
          {slots.data.old_enough_from && (
            <Alert color="blue">
              {t('appointment.when.oldEnoughFrom', {
                child: person.child_name,
                date: longDayLabel(language, slots.data.old_enough_from),
              })}
            </Alert>
          )}
          <SlotPicker
            slots={slots.data.slots}
            timeZone={person.time_zone}
            from={today}
            to={addDays(today, page.horizon_days)}
            language={language}
            busy={pending}
            onPick={(slot) => void pick(slot)}
          />
        </>
      )}
      {!reservation && (
        <Group>
          <Button variant="default" onClick={onBack}>
            {t('appointment.when.back')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The held slot: when it is in both zones, how long it stays held, and «Confirm». */
function HeldSlot({
  held,
  language,
  confirming,
  onConfirm,
  onOther,
  onExpired,
}: {
  held: ReservationAnswer;
  language: Language;
  confirming: boolean;
  onConfirm: () => void;
  onOther: () => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const { booking } = held;
  const left = booking.reserved_until ? timeLeft(booking.reserved_until, now) : null;
  const over = booking.reserved_until !== null && left === null;
  useEffect(() => {
    if (over && !confirming) onExpired();
  }, [over, confirming, onExpired]);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('appointment.when.heldTitle')}
        </Title>
        <BookingTime
          start={booking.starts_at}
          timeZone={booking.time_zone}
          teacherTimeZone={booking.teacher_time_zone}
          language={language}
        />
        <Text>{t('appointment.when.teacher', { name: booking.teacher_name })}</Text>
        {left && (
          <Text role="timer" aria-live="off" fw={600}>
            {t('appointment.when.heldFor', { time: left })}
          </Text>
        )}
        <Group>
          <Button size="md" onClick={onConfirm} loading={confirming}>
            {t('appointment.when.confirm')}
          </Button>
          <Button variant="default" onClick={onOther} disabled={confirming}>
            {t('appointment.when.other')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
