import type { Course, CoursePendingChange } from '@logoschool/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useCourseChange, useCourseOfPlan } from './api/course-templates.ts';
import { StartCourseDialog } from './components/start-course-dialog.tsx';

/**
 * /plan-course/:protocolId (issue 30 item 2): the course on one of the teacher's plans. Without one,
 * a course is started from a published course template; with one, its lessons (dated, with the
 * exercises and their themed versions for the child's interests) and the template's newer version's
 * changes, lesson by lesson, each applied or kept.
 */
export function PlanCoursePage() {
  const { t } = useTranslation();
  const { id, bad } = routeId(useParams().protocolId);
  const course = useCourseOfPlan(id);
  const [starting, setStarting] = useState(false);
  if (bad || id === null) return <Navigate to="/not-found" replace />;
  if (course.isPending) return <FullLoader />;
  if (course.isError) {
    return (
      <LoadFailed
        error={course.error}
        notFound={t('courses.notFound')}
        failed={t('courses.loadFailed')}
        back={{ to: `/edit-protocol/${id}`, label: t('courses.backToPlan') }}
        onRetry={() => void course.refetch()}
      />
    );
  }
  const back = (
    <Anchor component={Link} to={`/edit-protocol/${id}`} size="sm">
      ← {t('courses.backToPlan')}
    </Anchor>
  );
  if (!course.data) {
    return (
      <Stack gap="md">
        {back}
        <PageHeader title={t('courses.title')} description={t('courses.noneYet')} />
        <Group>
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => setStarting(true)}>
            {t('courses.start.open')}
          </Button>
        </Group>
        <StartCourseDialog protocolId={id} opened={starting} onClose={() => setStarting(false)} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <CourseView course={course.data} />
    </Stack>
  );
}

function CourseView({ course }: { course: Course }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('courses.courseOf', { name: course.template.name, child: course.client.child_name })}
        description={t('courses.versions', {
          started: course.started_version,
          latest: course.latest_version,
        })}
      />
      {course.changes.length > 0 && <CourseChanges course={course} />}
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('courses.lessons')}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('courses.columns.number')}</Table.Th>
                <Table.Th>{t('courses.columns.date')}</Table.Th>
                <Table.Th>{t('courses.columns.lesson')}</Table.Th>
                <Table.Th>{t('courses.columns.exercises')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {course.lessons.map((lesson) => (
                <Table.Tr key={lesson.key}>
                  <Table.Td>
                    <Anchor component={Link} to={`/edit-lesson/${lesson.lesson_id}`}>
                      {t('courses.lessonNumber', { number: lesson.number })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">
                        {lesson.starts_at ? formatDateTime(lesson.starts_at) : t('courses.noDate')}
                      </Text>
                      {lesson.held && (
                        <Badge color="gray.8" variant="light" w="fit-content">
                          {t('courses.held')}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600}>{lesson.title}</Text>
                    {lesson.description_teacher && (
                      <Text size="sm">
                        {t('courses.forTeacher')}: {lesson.description_teacher}
                      </Text>
                    )}
                    {lesson.description_parents && (
                      <Text size="sm" c="gray.7">
                        {t('courses.forParents')}: {lesson.description_parents}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                      {lesson.exercises.map((exercise) => (
                        <Group component="li" key={exercise.id} gap={6} wrap="wrap">
                          <Text size="sm">{exercise.title}</Text>
                          {exercise.themed.map((themed) => (
                            <Badge key={themed.theme_id} size="sm" variant="outline" color="teal.9">
                              {t('courses.themed', { theme: themed.theme_name })}
                            </Badge>
                          ))}
                        </Group>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}

/** The template's newer version's changes, lesson by lesson, each applied or kept. */
function CourseChanges({ course }: { course: Course }) {
  const { t } = useTranslation();
  const apply = useCourseChange('apply');
  const keep = useCourseChange('keep');
  const [error, setError] = useState<string | null>(null);
  const run = async (kind: 'apply' | 'keep', change: CoursePendingChange) => {
    setError(null);
    try {
      await (kind === 'apply' ? apply : keep).mutateAsync({ courseId: course.id, key: change.key });
      notifySuccess(
        t(kind === 'apply' ? 'courses.changes.applied' : 'courses.changes.kept', { title: change.title }),
      );
    } catch (failure) {
      setError(errorTextOf(failure));
    }
  };
  const busy = (kind: 'apply' | 'keep', change: CoursePendingChange) => {
    const mutation = kind === 'apply' ? apply : keep;
    return mutation.isPending && mutation.variables.key === change.key;
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('courses.changes.title', { version: course.latest_version })}
      // The light yellow's own title colour is too pale to read on its background.
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('courses.changes.hint')}</Text>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('courses.changes.list')}
        >
          {course.changes.map((change) => (
            <Paper component="li" key={change.key} withBorder radius="sm" p="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Text fw={600}>
                    {t(`courses.changes.kind.${change.change}`)}: {change.title}
                  </Text>
                  {change.fields.length > 0 && (
                    <Text size="sm" c="gray.7">
                      {t('courses.changes.fields', {
                        fields: change.fields
                          .map((field) => t(`courseTemplates.diff.field.${field}`))
                          .join(', '),
                      })}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  <Button
                    size="compact-sm"
                    loading={busy('apply', change)}
                    aria-label={t('courses.changes.applyNamed', { title: change.title })}
                    onClick={() => void run('apply', change)}
                  >
                    {t('courses.changes.apply')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy('keep', change)}
                    aria-label={t('courses.changes.keepNamed', { title: change.title })}
                    onClick={() => void run('keep', change)}
                  >
                    {t('courses.changes.keep')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Alert>
  );
}

export default PlanCoursePage;
