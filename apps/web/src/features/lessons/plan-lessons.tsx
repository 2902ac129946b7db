import { PLAN_LESSONS } from '@logoschool/contract';
import { Alert, Anchor, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useLessons } from './api/lessons.ts';
import { LessonPrep } from './components/lesson-prep.tsx';
import { LessonStatusBadge } from './components/lesson-status-badge.tsx';
import { lessonTimes } from './format.ts';
import { lessonPath } from './paths.ts';

/**
 * A plan's lessons on its page (/edit-protocol, composed in app/): each with its date and time or
 * none yet, its length, what is left to prepare and its state; a row opens the lesson. A plan's
 * lessons are made once every block has its folder; `planUpdatedAt` asks again after a save.
 */
export function PlanLessons({ planId, planUpdatedAt }: { planId: number; planUpdatedAt: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lessons = useLessons(
    { protocol_id: planId, page: 1, per_page: PLAN_LESSONS },
    { freshness: planUpdatedAt },
  );

  let content;
  if (lessons.isPending)
    content = (
      <Stack gap="xs" role="status" aria-label={t('app.loading')}>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  else if (lessons.isError)
    content = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorTextOf(lessons.error)}</Text>
          <Button size="xs" onClick={() => void lessons.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (lessons.data.data.length === 0)
    content = (
      <Text c="gray.7" size="sm">
        {t('lessons.planLessons.none')}
      </Text>
    );
  else
    content = (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="xs" aria-label={t('lessons.planLessons.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lessons.lesson')}</Table.Th>
                <Table.Th>{t('lessons.planLessons.when')}</Table.Th>
                <Table.Th>{t('lessons.duration')}</Table.Th>
                <Table.Th>{t('lessons.list.toPrepare')}</Table.Th>
                <Table.Th>{t('lessons.list.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...lessons.data.data]
                .sort((a, b) => a.number - b.number)
                .map((lesson) => (
                  <Table.Tr
                    key={lesson.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => void navigate(lessonPath(lesson.id))}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Anchor
                        component={Link}
                        to={lessonPath(lesson.id)}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {t('lessons.numberOf', { number: lesson.number, total: PLAN_LESSONS })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {lesson.starts_at === null ? (
                        <Text span size="sm" c="gray.7">
                          {t('lessons.planLessons.noDate')}
                        </Text>
                      ) : (
                        `${formatDate(lesson.starts_at)} ${lessonTimes(lesson)}`
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t('lessons.minutes', { minutes: lesson.duration_minutes })}
                    </Table.Td>
                    <Table.Td>
                      <LessonPrep lesson={lesson} />
                    </Table.Td>
                    <Table.Td>
                      <LessonStatusBadge lesson={lesson} />
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="plan-lessons-title">
      <Title order={2} size="h3" id="plan-lessons-title">
        {t('lessons.planLessons.title')}
      </Title>
      {content}
    </Stack>
  );
}
