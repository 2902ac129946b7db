import { PRACTICE_OUTCOMES } from '@logoschool/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useStudentPractice } from '../api/assignments.ts';

/**
 * Home practice on the correction path (issue 29 item 2), beside the therapist's marks: how often
 * the family practised, the last try, and per assignment which presentations with each outcome's
 * count. The tries are the family's, not marks: the section says so.
 */
export function StudentPracticeSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const practice = useStudentPractice(clientId);
  const data = practice.data;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {t('homePractice.path.title')}
      </Title>
      {practice.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
      {practice.isError && (
        <Group>
          <Alert color="red" role="alert">
            {errorTextOf(practice.error)}
          </Alert>
          <Button variant="default" onClick={() => void practice.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Group>
      )}
      {data && data.assignments.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text>{t('homePractice.path.empty')}</Text>
        </Paper>
      )}
      {data && data.assignments.length > 0 && (
        <>
          <Text size="sm" c="gray.7">
            {t('homePractice.path.intro')}
          </Text>
          <Group gap="md">
            <Text fw={600}>{t('homePractice.path.days', { count: data.days_practised })}</Text>
            <Text>
              {data.last_practised_at
                ? t('homePractice.path.last', { date: formatDateTime(data.last_practised_at) })
                : t('homePractice.path.never')}
            </Text>
          </Group>
          {data.assignments.map((assignment) => (
            <Paper key={assignment.id} withBorder radius="md" p="md">
              <Group gap="sm" mb="xs">
                <Title order={3} size="h5">
                  {t('homePractice.path.lesson', { number: assignment.lesson_number })}
                </Title>
                {assignment.withdrawn_at && (
                  <Badge color="gray" variant="light">
                    {t('homePractice.path.withdrawn')}
                  </Badge>
                )}
              </Group>
              <Table.ScrollContainer minWidth={480}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('homePractice.path.presentation')}</Table.Th>
                      {PRACTICE_OUTCOMES.map((outcome) => (
                        <Table.Th key={outcome}>{t(`homePractice.outcomes.${outcome}`)}</Table.Th>
                      ))}
                      <Table.Th>{t('homePractice.path.lastColumn')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {assignment.items.map((item) => (
                      <Table.Tr key={item.exercise_id}>
                        <Table.Td>{item.title}</Table.Td>
                        {PRACTICE_OUTCOMES.map((outcome) => (
                          <Table.Td key={outcome}>{item.counts[outcome]}</Table.Td>
                        ))}
                        <Table.Td>
                          {item.last_practised_at ? formatDateTime(item.last_practised_at) : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
