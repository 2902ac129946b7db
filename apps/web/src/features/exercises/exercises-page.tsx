import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.tsx';
import { ExerciseList } from './components/exercise-list.tsx';

/** /exercises (author index, "contentCreating"): the author's exercises and the open requests. */
export function ExercisesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('exercises.authorTitle')}
        </Title>
        <Text c="gray.7" size="sm">
          {workspace?.workspaceTitle}
        </Text>
      </div>
      <ExerciseList kind="author" />
    </Stack>
  );
}

export default ExercisesPage;
