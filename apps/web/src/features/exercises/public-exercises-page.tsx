import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session.tsx';
import { ExerciseLibrary } from './components/exercise-library.tsx';

/**
 * /public-exercises: the project's approved exercises, the library authors learn from and build
 * on (spec §2).
 */
export function PublicExercisesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/exercises" size="sm">
          ← {t('exercises.backToList')}
        </Anchor>
        <Title order={1} size="h2" mt="xs">
          {t('exercises.library.title')}
        </Title>
        <Text c="gray.7" size="sm">
          {workspace?.workspaceTitle}
        </Text>
      </div>
      <ExerciseLibrary />
    </Stack>
  );
}

export default PublicExercisesPage;
