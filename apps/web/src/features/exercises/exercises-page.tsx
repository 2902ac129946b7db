import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.tsx';
import { ExerciseList } from './components/exercise-list.tsx';

/** /exercises (author index, "contentCreating"): the author's exercises and the open requests. */
export function ExercisesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('exercises.authorTitle')}
          </Title>
          <Text c="gray.7" size="sm">
            {workspace?.workspaceTitle}
          </Text>
        </div>
        <Button component={Link} to="/create-exercise-author" leftSection={<IconPlus size={16} />}>
          {t('exercises.add')}
        </Button>
      </Group>
      <ExerciseList kind="author" />
    </Stack>
  );
}

export default ExercisesPage;
