import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import { useFamilyPractice } from './api/play.ts';

/**
 * Home practice on the family's dashboard (issue 29 items 1–2), by the dashboard link's token: each
 * live assignment's lesson, what it holds, how much was practised, and the link to its player. The
 * dashboard's page gives it its token and the child's language.
 */
export function HomePracticeSection({ token }: { token: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const practice = useFamilyPractice(token);

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('homePractice.family.title')}
      </Title>
      {practice.isError && (
        <Alert color="red" role="alert">
          {t('homePractice.family.failed')}
        </Alert>
      )}
      {practice.data && practice.data.assignments.length === 0 && (
        <Text>{t('homePractice.family.empty')}</Text>
      )}
      {practice.data?.assignments.map((assignment) => (
        <Paper key={assignment.url} withBorder radius="md" p="md">
          <Stack gap={4}>
            <Anchor href={assignment.url} fw={600} size="lg">
              {t('homePractice.family.open', { number: assignment.lesson_number })}
            </Anchor>
            <Text size="sm">{assignment.presentations.join(', ')}</Text>
            <Text size="sm" c="gray.7">
              {t('homePractice.family.tries', { count: assignment.tries })}
              {assignment.last_practised_at &&
                ` · ${t('homePractice.family.last', { date: formatDateTime(assignment.last_practised_at) })}`}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
