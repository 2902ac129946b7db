import { queryClient } from '../../lib/query-client.ts';
import { addDays, dayOf, type Language, type ParentBooking, type SlotView } from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarDown } from '@tabler/icons-react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { initialLanguage } from '../../i18n/i18n.ts';
import {
  calendarFileUrl,
  cancelBooking,
  fetchManagedBooking,
  fetchMoveSlots,
  moveBooking,
} from './api/appointment.ts';
import { appointmentKeys } from './api/keys.ts';
import { refusalOf } from './booking-errors.ts';
import { BookingTime, useNow } from './components/booking-time.tsx';
import { PageFrame } from './components/page-frame.tsx';
import { PageLanguage } from './components/page-language.tsx';
import { SlotPicker } from './components/slot-picker.tsx';
import { longDayLabel, momentIn } from './zones.ts';

/** The booking, and the interface language the page starts in (the parent's, not the lesson's). */
function readBooking(token: string, signal: AbortSignal) {
  const language = initialLanguage();
  return fetchManagedBooking(token, language, signal).then((booking) => ({ booking, language }));
}

/**
 * /appointment/manage/:token (public, the link in the confirmation mail): the booking, its time in
 * the parent's and the teacher's zone, its state, and until the notice runs out, cancelling and
 * moving it; after that, whom to ask instead. The calendar file can be downloaded again.
 */
export function ManagePage() {
  // Outside the shell, so with the app's query cache given here (the slots to move to are a query).
  return (
    <QueryClientProvider client={queryClient}>
      <PublicLinkPage read={readBooking}>
        {({ booking, language }, { token }) => (
          <PageLanguage initial={language}>
            {(shown, switcher) => (
              <ManageBooking initial={booking} token={token} language={shown} switcher={switcher} />
            )}
          </PageLanguage>
        )}
      </PublicLinkPage>
    </QueryClientProvider>
  );
}

export default ManagePage;

const STATUS_COLORS: Record<ParentBooking['status'], string> = {
  reserved: 'yellow.9',
  confirmed: 'teal.9',
  held: 'blue.9',
  no_show: 'gray.7',
  cancelled: 'red.9',
};

function ManageBooking({
  initial,
  token,
  language,
  switcher,
}: {
  initial: ParentBooking;
  token: string;
  language: Language;
  switcher: ReactNode;
}) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const [booking, setBooking] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [moving, setMoving] = useState(false);
  const [working, setWorking] = useState(false);
  const [tooLate, setTooLate] = useState(false);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);

  const until = momentIn(booking.changeable_until, booking.time_zone);
  const changeable =
    booking.status === 'confirmed' &&
    !tooLate &&
    now.getTime() < new Date(booking.changeable_until).getTime();

  const failed = (error: unknown) => {
    const refusal = refusalOf(error);
    if (refusal === 'too_late') setTooLate(true);
    else if (refusal === 'taken') setNotice({ color: 'orange', text: t('appointment.when.taken') });
    else setNotice({ color: 'red', text: errorTextOf(error) });
  };

  const cancel = async () => {
    setWorking(true);
    setNotice(null);
    try {
      setBooking(await cancelBooking(token, language));
      setNotice({ color: 'teal', text: t('appointment.manage.cancelled') });
    } catch (error) {
      failed(error);
    } finally {
      setWorking(false);
      setAsking(false);
    }
  };

  const move = async (slot: SlotView) => {
    setWorking(true);
    setNotice(null);
    try {
      setBooking(
        await moveBooking(
          token,
          { start: slot.start, ...(slot.session_id ? { session_id: slot.session_id } : {}) },
          language,
        ),
      );
      setMoving(false);
      setNotice({ color: 'teal', text: t('appointment.manage.moved') });
    } catch (error) {
      failed(error);
      if (refusalOf(error) === 'too_late') setMoving(false);
    } finally {
      setWorking(false);
    }
  };

  return (
    <PageFrame
      school={booking.school}
      title={t('appointment.manage.title', { child: booking.child_name })}
      switcher={switcher}
    >
      {booking.status === 'cancelled' && booking.cancelled_by === 'too_young' && (
        <Alert color="orange" role="alert" title={t('appointment.manage.tooYoungTitle')}>
          <Stack gap={4}>
            <Text size="sm">{t('appointment.manage.tooYoungText', { child: booking.child_name })}</Text>
            <Text size="sm">{t('appointment.age.lessonMeanwhile')}</Text>
          </Stack>
        </Alert>
      )}
      {notice && (
        <Alert color={notice.color} role={notice.color === 'teal' ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Title order={2} size="h4">
              {t(`appointment.kind.${booking.kind}`)}
            </Title>
            <Badge color={STATUS_COLORS[booking.status]} variant="outline">
              {booking.status === 'cancelled' && booking.cancelled_by
                ? t(`appointment.cancelledBy.${booking.cancelled_by}`)
                : t(`appointment.status.${booking.status}`)}
            </Badge>
          </Group>
          <BookingTime
            start={booking.starts_at}
            timeZone={booking.time_zone}
            teacherTimeZone={booking.teacher_time_zone}
            language={language}
          />
          <Text>
            {t('appointment.manage.who', {
              child: booking.child_name,
              teacher: booking.teacher_name,
              language: t(`languages.${booking.language}`),
            })}
          </Text>
          {booking.status === 'confirmed' && (
            <Anchor href={calendarFileUrl(token)} download w="fit-content">
              <IconCalendarDown
                size={18}
                aria-hidden
                style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
              />
              {t('appointment.manage.calendar')}
            </Anchor>
          )}
        </Stack>
      </Paper>

      {changeable ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('appointment.manage.until', {
              date: longDayLabel(language, until.day),
              time: until.time,
            })}
          </Text>
          <Group>
            <Button variant="light" onClick={() => setMoving((open) => !open)} disabled={working}>
              {t('appointment.manage.move')}
            </Button>
            <Button color="red" variant="light" onClick={() => setAsking(true)} disabled={working}>
              {t('appointment.manage.cancel')}
            </Button>
          </Group>
          {moving && (
            <MovePicker token={token} booking={booking} language={language} busy={working} onPick={move} />
          )}
        </Stack>
      ) : (
        booking.status === 'confirmed' && (
          <Alert color="gray">{t('appointment.manage.tooLate', { name: booking.school })}</Alert>
        )
      )}

      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        centered
        title={t('appointment.manage.cancelTitle')}
      >
        <Stack>
          <Text>{t('appointment.manage.cancelText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={working}>
              {t('appointment.manage.keep')}
            </Button>
            <Button color="red" onClick={() => void cancel()} loading={working}>
              {t('appointment.manage.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}

/** The slots to move to: the same picker as step 2, read for the booking's kind, language and child. */
function MovePicker({
  token,
  booking,
  language,
  busy,
  onPick,
}: {
  token: string;
  booking: ParentBooking;
  language: Language;
  busy: boolean;
  onPick: (slot: SlotView) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const slots = useQuery({
    queryKey: appointmentKeys.moveSlots(token, language),
    queryFn: ({ signal }) => fetchMoveSlots(token, language, signal),
    meta: { silent: true },
    retry: false,
  });
  if (slots.isPending)
    return (
      <Center py="md">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  if (slots.isError)
    return (
      <Alert color="red" role="alert">
        {errorTextOf(slots.error)}
      </Alert>
    );
  const today = dayOf(new Date(), booking.time_zone);
  const last = slots.data.slots.at(-1);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('appointment.manage.moveTitle')}
        </Title>
        <SlotPicker
          slots={slots.data.slots.filter((slot) => slot.start !== booking.starts_at)}
          timeZone={booking.time_zone}
          from={today}
          to={last ? dayOf(new Date(last.start), booking.time_zone) : addDays(today, 1)}
          language={language}
          busy={busy ? picked : null}
          headingOrder={4}
          onPick={(slot) => {
            setPicked(slot.start);
            onPick(slot);
          }}
        />
      </Stack>
    </Paper>
  );
}
