import { dayIn } from '@logoschool/contract';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { routeId } from '../../lib/route-id.ts';
import {
  PATH_PLANS_MAX,
  browserTimeZone,
  useStudent,
  useStudentPath,
  useStudentPlans,
  useStudentsToPick,
} from './api/correction-path.ts';
import { PathTimeline } from './components/path-timeline.tsx';
import { StudentHeader } from './components/student-header.tsx';
import { diagnosisEvent, lessonEvent, planEvent, timelineOf, type TimelineEvent } from './timeline.ts';

/**
 * /correction-path and /correction-path/:clientId (spec §2 teacher; issue 14 item 5): a child's
 * path, the page a speech therapist opens before a session. Without a student it offers hers.
 * `progress` is what the screen shows under the timeline (another feature's section).
 */
export function CorrectionPathPage({ progress }: { progress?: (clientId: number) => ReactNode } = {}) {
  const { id: clientId, bad } = routeId(useParams().clientId);
  if (bad) return <Navigate to="/not-found" replace />;
  if (clientId === null) return <PickStudent />;
  return <StudentPath key={clientId} clientId={clientId} progress={progress} />;
}

const PageTitle = () => {
  const { t } = useTranslation();
  return (
    <Title order={1} size="h2">
      {t('planShare.path.title')}
    </Title>
  );
};

/** The student's header, then her plans, lessons held and diagnoses on the timeline, then progress. */
function StudentPath({
  clientId,
  progress,
}: {
  clientId: number;
  progress?: (clientId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const student = useStudent(clientId);
  const plans = useStudentPlans(clientId);
  const path = useStudentPath(clientId);

  if (student.isPending) return <FullLoader />;
  if (student.isError) {
    const missing = student.error instanceof ApiError && student.error.status === 404;
    return (
      <Stack maw={560}>
        <PageTitle />
        <Alert color="red" role="alert">
          {missing ? t('planShare.path.notFound') : errorTextOf(student.error)}
        </Alert>
        <Button component={Link} to="/correction-path" variant="default" w="fit-content">
          {t('planShare.path.otherStudent')}
        </Button>
      </Stack>
    );
  }
  const timeZone = browserTimeZone();
  const dayOf = (iso: string) => dayIn(timeZone, new Date(iso));
  // Lessons and diagnoses first: on one day the timeline keeps this order.
  const events: TimelineEvent[] = [
    ...(path.data?.diagnoses.map(diagnosisEvent) ?? []),
    ...(path.data?.lessons.map((lesson) => lessonEvent(lesson, dayOf)) ?? []),
    ...(plans.data?.data.map(planEvent) ?? []),
  ];
  const loaded = plans.data !== undefined && path.data !== undefined;
  const entries = loaded ? timelineOf(events, dayIn(timeZone)) : [];
  const failed = [plans, path].find((query) => query.isError);
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/clients" size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('planShare.path.backToStudents')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="center">
        <PageTitle />
        <Button
          component={Link}
          to={`/create-protocol?client=${clientId}`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('planShare.path.newPlan')}
        </Button>
      </Group>
      <StudentHeader student={student.data} />
      <Title order={2} size="h3">
        {t('planShare.path.timeline')}
      </Title>
      {(plans.isPending || path.isPending) && !failed && <Text c="gray.7">{t('app.loading')}</Text>}
      {failed && (
        <Group>
          <Alert color="red" role="alert">
            {errorTextOf(failed.error)}
          </Alert>
          <Button variant="default" onClick={() => void failed.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Group>
      )}
      {loaded && entries.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text>{t('planShare.path.empty')}</Text>
        </Paper>
      )}
      {entries.length > 0 && <PathTimeline entries={entries} />}
      {plans.data && plans.data.meta.total > plans.data.data.length && (
        <Text size="sm" c="gray.7">
          {t('planShare.path.more', { count: PATH_PLANS_MAX, total: plans.data.meta.total })}
        </Text>
      )}
      {progress?.(clientId)}
    </Stack>
  );
}

/** /correction-path without a student: hers to choose, by name. */
function PickStudent() {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const students = useStudentsToPick(term.trim());
  return (
    <Stack gap="lg" maw={640}>
      <PageTitle />
      <Text>{t('planShare.path.pickIntro')}</Text>
      <SearchInput label={t('planShare.path.search')} value={term} onChange={setTerm} />
      {students.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(students.error)}
        </Alert>
      )}
      {students.data && students.data.data.length === 0 && (
        <Text c="gray.7">{term.trim() ? t('planShare.path.noMatches') : t('planShare.path.noStudents')}</Text>
      )}
      {students.data && students.data.data.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {students.data.data.map((student) => (
            <li key={student.id}>
              <Anchor component={Link} to={`/correction-path/${student.id}`}>
                {student.child_name}
              </Anchor>{' '}
              <Text span size="sm" c="gray.7">
                {student.client_name}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export default CorrectionPathPage;
