import type { TeacherAvailability } from '@logoschool/contract';
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { routeId } from '../../lib/route-id.ts';
import { useSession } from '../../session/session.tsx';
import { useAvailability, useBookingTeachers } from './api/booking.ts';
import { AvailabilityForm } from './components/availability-form.tsx';

const AVAILABILITY_PATH = '/availability';

/**
 * /availability/:teacherId? (issue 28 item 1): a teacher's hours, days off, languages and what
 * parents may book with her. Without an id a teacher opens her own; whoever sees the project's
 * teachers (a manager) first sees them all and opens one.
 */
export function AvailabilityPage() {
  const { id: teacherId, bad } = routeId(useParams().teacherId);
  const { user } = useSession();
  const teachers = useBookingTeachers(teacherId === null);
  if (bad) return <Navigate to="/not-found" replace />;
  if (teacherId !== null) return <TeacherEditor teacherId={teacherId} />;
  if (teachers.isPending) return <FullLoader />;
  // A teacher sees herself only: her own editor at once.
  const list = teachers.data ?? [];
  if (user && list.length > 0 && list.every((teacher) => teacher.teacher_id === user.id)) {
    return <TeacherEditor teacherId={user.id} own />;
  }
  return <TeachersList />;
}

/** The project's teachers, each with what parents can book with her, to open one's availability. */
function TeachersList() {
  const { t } = useTranslation();
  const teachers = useBookingTeachers();
  const columns: Column<TeacherAvailability>[] = [
    {
      key: 'name',
      header: t('booking.teachers.name'),
      cell: (row) => (
        <>
          <Anchor component={Link} to={`${AVAILABILITY_PATH}/${row.teacher_id}`} fw={600} size="sm">
            {row.name}
          </Anchor>
          <Text size="xs" c="gray.7">
            {row.email}
          </Text>
        </>
      ),
    },
    {
      key: 'languages',
      header: t('booking.teachers.languages'),
      cell: (row) =>
        row.languages.length > 0
          ? row.languages.map((language) => t(`languages.${language}`)).join(', ')
          : t('booking.teachers.noLanguages'),
    },
    {
      key: 'takes',
      header: t('booking.teachers.takes'),
      cell: (row) => (
        <Group gap={4}>
          <Badge autoContrast color={row.free_lessons ? 'teal.9' : 'gray.7'}>
            {t(row.free_lessons ? 'booking.teachers.freeLessonsOn' : 'booking.teachers.freeLessonsOff')}
          </Badge>
          <Badge autoContrast color={row.consultation_groups ? 'grape.9' : 'gray.7'}>
            {t(row.consultation_groups ? 'booking.teachers.groupsOn' : 'booking.teachers.groupsOff')}
          </Badge>
        </Group>
      ),
    },
    { key: 'zone', header: t('booking.teachers.zone'), nowrap: true, cell: (row) => row.time_zone },
    {
      key: 'upcoming',
      header: t('booking.teachers.upcoming'),
      numeric: true,
      cell: (row) => row.upcoming,
    },
  ];
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('booking.teachers.title')} description={t('booking.teachers.description')} />
      <ListTable
        query={teachers}
        empty={t('booking.teachers.empty')}
        label={t('booking.teachers.tableLabel')}
        rowKey={(row) => row.teacher_id}
        columns={columns}
        minWidth={760}
        framed
        highlightOnHover
        rowLink={(row) => `${AVAILABILITY_PATH}/${row.teacher_id}`}
      />
    </Stack>
  );
}

/** One teacher's availability editor; `own` when it is the reader's. */
function TeacherEditor({ teacherId, own = false }: { teacherId: number; own?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const availability = useAvailability(teacherId);
  const mine = own || teacherId === user?.id;
  const title = mine ? t('booking.availability.ownTitle') : t('booking.availability.title');
  return (
    <Stack gap="lg" maw={800}>
      {!mine && (
        <Button
          component={Link}
          to={AVAILABILITY_PATH}
          variant="subtle"
          w="fit-content"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
        >
          {t('booking.availability.back')}
        </Button>
      )}
      <PageHeader title={title} description={t('booking.availability.description')} />
      {availability.isPending && <FullLoader />}
      {availability.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(availability.error)}
        </Alert>
      )}
      {availability.data && (
        <AvailabilityForm key={teacherId} teacherId={teacherId} availability={availability.data} />
      )}
    </Stack>
  );
}

export default AvailabilityPage;
