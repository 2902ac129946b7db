import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.tsx';
import { ExerciseList } from './components/exercise-list.tsx';

/** /moderator-list ("moderationList"): every exercise of the project by status, for review. */
export function ModeratorListPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('exercises.moderatorTitle')}
          </Title>
          <Text c="gray.7" size="sm">
            {workspace?.workspaceTitle}
          </Text>
        </div>
        <Button component={Link} to="/create-exercise-moderator" leftSection={<IconPlus size={16} />}>
          {t('exercises.request.new')}
        </Button>
      </Group>
      <ExerciseList kind="moderator" />
    </Stack>
  );
}

export default ModeratorListPage;
