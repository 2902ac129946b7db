import type { Client } from '@logoschool/contract';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fact } from '../../../components/fact.tsx';

/**
 * Who the path is about, as a therapist wants it before a session: the child, age, lesson language,
 * interests and what the parent asked for, with the way to the student's card.
 */
export function StudentHeader({ student }: { student: Client }) {
  const { t } = useTranslation();
  const interests = [...student.themes.map((theme) => theme.name), ...student.custom_themes];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3">
            {student.child_name}
          </Title>
          <Anchor component={Link} to={`/edit-client/${student.id}`} size="sm">
            {t('planShare.path.editStudent')}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" verticalSpacing="md">
          <Fact label={t('planShare.path.ageYears')}>
            {student.age === null ? t('planShare.path.unknown') : student.age}
          </Fact>
          <Fact label={t('planShare.path.language')}>{t(`languages.${student.language}`)}</Fact>
          <Fact label={t('planShare.path.parent')}>{student.client_name}</Fact>
          <Fact label={t('planShare.path.parentContact')}>
            <Text span style={{ overflowWrap: 'anywhere' }}>
              {[student.parent_email, student.parent_phone].filter(Boolean).join(', ') ||
                t('planShare.path.unknown')}
            </Text>
          </Fact>
        </SimpleGrid>
        <Fact label={t('planShare.path.interests')}>
          {interests.length === 0 ? (
            t('planShare.path.none')
          ) : (
            <Group gap={6} mt={4}>
              {interests.map((interest) => (
                <Badge key={interest} variant="outline" color="blue.9" tt="none">
                  {interest}
                </Badge>
              ))}
            </Group>
          )}
        </Fact>
        <Fact label={t('planShare.path.request')}>
          <Text style={{ whiteSpace: 'pre-line' }}>{student.parent_request || t('planShare.path.none')}</Text>
        </Fact>
      </Stack>
    </Paper>
  );
}
