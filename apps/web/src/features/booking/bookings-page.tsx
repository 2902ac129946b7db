import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { useBookingTeachers } from './api/booking.ts';
import { BookingWeekView } from './components/booking-week.tsx';
import { BookingsList } from './components/bookings-list.tsx';
import { ConsultationSessions } from './components/consultation-sessions.tsx';

/**
 * /bookings (issue 28 item 5): the free lessons parents booked, as a list by status or as a
 * teacher's week, and the consultation groups. A teacher sees her own; a manager the project's.
 */
export function BookingsPage() {
  const { t } = useTranslation();
  // The teachers the reader sees (a teacher: herself), for the filters, the week and the groups.
  const teachers = useBookingTeachers().data ?? [];
  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader title={t('booking.list.title')} description={t('booking.list.description')} />
      <UrlTabs
        tabs={[
          { value: 'list', label: t('booking.tabs.list'), panel: () => <BookingsList teachers={teachers} /> },
          {
            value: 'week',
            label: t('booking.tabs.week'),
            panel: () => <BookingWeekView teachers={teachers} />,
          },
          {
            value: 'groups',
            label: t('booking.tabs.groups'),
            panel: () => <ConsultationSessions teachers={teachers} />,
          },
        ]}
      />
    </Stack>
  );
}

export default BookingsPage;
