import {
  BOOKING_KINDS,
  BOOKING_VIEWS,
  rolesMay,
  type BookingKind,
  type BookingRow,
  type BookingStatus,
  type TeacherAvailability,
} from '@logoschool/contract';
import { Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconUserEdit, IconUserOff, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmTargetModal } from '../../../components/confirm-action-modal.tsx';
import type { Column } from '../../../components/list/data-table.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { RowMenu } from '../../../components/list/row-actions.tsx';
import { StatusTabs } from '../../../components/list/status-tabs.tsx';
import { useListControls, useUrlChoice } from '../../../components/list/use-list-controls.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../session/session.tsx';
import { useBookings, useConvertBooking, useSetBookingStatus } from '../api/booking.ts';
import { ageOnLesson, bookingTime, hasStarted } from '../format.ts';
import { ChildDialog } from './child-dialog.tsx';

const PER_PAGE = 20;

const STATUS_COLOR: Record<BookingStatus, string> = {
  reserved: 'yellow.9',
  confirmed: 'blue.9',
  held: 'teal.9',
  no_show: 'orange.9',
  cancelled: 'gray.7',
};

/** Whether a booking still stands (its lesson is ahead or being held). */
const live = (row: BookingRow) => row.status === 'confirmed' || row.status === 'reserved';

/**
 * The bookings of the project (a teacher's own): split by view (upcoming, past, cancelled, no-show,
 * all), narrowed by teacher (for whoever sees more than herself), kind and a search; each row's
 * child, parent, language, interests, teacher and status, and what the school may do with it.
 */
export function BookingsList({ teachers }: { teachers: TeacherAvailability[] }) {
  const { t } = useTranslation();
  const { user, held } = useSession();
  const navigate = useNavigate();
  const [view, setView] = useUrlChoice('view', BOOKING_VIEWS, 'upcoming');
  const list = useListControls<{ teacher: string | null; kind: BookingKind | null }>(
    { teacher: null, kind: null },
    { firstPageOn: view },
  );
  const bookings = useBookings({
    view,
    teacher_id: list.filter.teacher === null ? null : Number(list.filter.teacher),
    kind: list.filter.kind,
    search: list.search,
    page: list.page,
    per_page: PER_PAGE,
  });
  const setStatus = useSetBookingStatus();
  const convert = useConvertBooking();
  const [cancelling, setCancelling] = useState<BookingRow | null>(null);
  const [correcting, setCorrecting] = useState<BookingRow | null>(null);
  // Whoever sees other teachers' bookings chooses among them, and reads whose each one is.
  const others = teachers.some((teacher) => teacher.teacher_id !== user?.id);
  const mayConvert = rolesMay(held, 'booking.convert');

  const record = async (row: BookingRow, status: 'held' | 'no_show') => {
    try {
      await setStatus.mutateAsync({ id: row.id, status });
      notifySuccess(t(`booking.list.recorded.${status}`, { name: row.child_name }));
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  const makeStudent = async (row: BookingRow) => {
    try {
      const { client_id: clientId } = await convert.mutateAsync(row.id);
      notifySuccess(t('booking.list.studentMade', { name: row.child_name }));
      void navigate(`/edit-client/${clientId}`);
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  const columns: Column<BookingRow>[] = [
    {
      key: 'when',
      header: t('booking.list.when'),
      nowrap: true,
      cell: (row) => {
        const { day, times } = bookingTime(row);
        return (
          <>
            <Text size="sm">{day}</Text>
            <Text size="sm" c="gray.7">
              {times}
            </Text>
          </>
        );
      },
    },
    {
      key: 'child',
      // The child with what the first plan needs (age, kind, lesson language, interests) in one
      // cell: the table keeps its status and actions in view at 800 px.
      header: t('booking.list.child'),
      cell: (row) => (
        <>
          <Text size="sm" fw={600}>
            {row.child_name}
          </Text>
          <Text size="xs" c="gray.7">
            {t('booking.age', { count: ageOnLesson(row) })} · {t(`booking.kind.${row.kind}`)} ·{' '}
            {t(`languages.${row.language}`)}
          </Text>
          {row.themes.length > 0 && (
            <Text size="xs" c="gray.7">
              {t('booking.list.interestsLine', { names: row.themes.map((theme) => theme.name).join(', ') })}
            </Text>
          )}
          {row.client_id !== null && (
            <Anchor component={Link} to={`/edit-client/${row.client_id}`} size="xs">
              {t('booking.list.openStudent')}
            </Anchor>
          )}
        </>
      ),
    },
    {
      key: 'parent',
      header: t('booking.list.parent'),
      cell: (row) => (
        <>
          <Text size="sm">{row.parent_name}</Text>
          <Anchor href={`mailto:${row.email}`} size="xs" display="block">
            {row.email}
          </Anchor>
          <Anchor href={`tel:${row.phone}`} size="xs" display="block">
            {row.phone}
          </Anchor>
        </>
      ),
    },
    { key: 'teacher', header: t('booking.list.teacher'), hidden: !others, cell: (row) => row.teacher_name },
    {
      key: 'status',
      header: t('booking.list.status'),
      nowrap: true,
      cell: (row) => (
        <Badge autoContrast color={STATUS_COLOR[row.status]}>
          {t(`booking.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('booking.list.actions'),
      hiddenHeader: true,
      cell: (row) => (
        <RowMenu
          label={t('booking.list.actionsFor', { name: row.child_name })}
          actions={[
            {
              label: t('booking.list.markHeld'),
              icon: IconCircleCheck,
              onClick: () => void record(row, 'held'),
              hidden: !(row.status === 'confirmed' && hasStarted(row)),
            },
            {
              label: t('booking.list.markNoShow'),
              icon: IconUserOff,
              onClick: () => void record(row, 'no_show'),
              hidden: !(row.status === 'confirmed' && hasStarted(row)),
            },
            {
              label: t('booking.list.makeStudent'),
              icon: IconUserPlus,
              onClick: () => void makeStudent(row),
              hidden:
                !mayConvert ||
                row.teacher_id !== user?.id ||
                row.client_id !== null ||
                row.status === 'cancelled' ||
                row.status === 'reserved',
            },
            {
              label: t('booking.child.action'),
              icon: IconUserEdit,
              onClick: () => setCorrecting(row),
              hidden: !live(row),
            },
            {
              label: t('booking.list.cancel'),
              icon: IconX,
              color: 'red.9',
              onClick: () => setCancelling(row),
              hidden: !(live(row) && !hasStarted(row)),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <StatusTabs
        label={t('booking.list.viewsLabel')}
        value={view}
        onChange={setView}
        tabs
        options={BOOKING_VIEWS.map((value) => ({ value, label: t(`booking.view.${value}`) }))}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label={t('booking.list.search')} value={list.term} onChange={list.setTerm} width={320} />
        {others && (
          <Select
            label={t('booking.list.teacher')}
            placeholder={t('booking.list.allTeachers')}
            clearable
            w={220}
            value={list.filter.teacher}
            onChange={(teacher) => list.setFilter({ teacher })}
            data={teachers.map((teacher) => ({ value: String(teacher.teacher_id), label: teacher.name }))}
          />
        )}
        <Select
          label={t('booking.list.kind')}
          placeholder={t('booking.list.allKinds')}
          clearable
          w={240}
          value={list.filter.kind}
          onChange={(kind) => list.setFilter({ kind: kind as BookingKind | null })}
          data={BOOKING_KINDS.map((kind) => ({ value: kind, label: t(`booking.kind.${kind}`) }))}
        />
      </Group>
      <ListTable
        query={bookings}
        empty={list.narrowed ? t('booking.list.noMatches') : t(`booking.list.empty.${view}`)}
        paging={list}
        label={t('booking.list.tableLabel')}
        rowKey={(row) => row.id}
        columns={columns}
        minWidth={680}
        framed
        rowProps={(row) => ({ 'data-booking': String(row.id) })}
      />
      <ChildDialog booking={correcting} onClose={() => setCorrecting(null)} />
      <ConfirmTargetModal
        target={cancelling}
        title={(row) => t('booking.list.cancelTitle', { name: row.child_name })}
        message={(row) =>
          t('booking.list.cancelMessage', {
            name: row.parent_name,
            date: bookingTime(row).day,
            time: bookingTime(row).times,
          })
        }
        confirmLabel={t('booking.list.cancelConfirm')}
        onConfirm={async (row) => {
          await setStatus.mutateAsync({ id: row.id, status: 'cancelled' });
          notifySuccess(t('booking.list.cancelled', { name: row.child_name }));
        }}
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
}
