import { exerciseAuthorOf, exerciseStatusName, roleMay } from '@logoschool/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusBadgeColor } from './status-color.ts';
import { Link, Navigate, useParams } from 'react-router';
import { FullLoader } from '../../app/screens/loader.tsx';
import { useSession } from '../../app/session.tsx';
import { useExercise } from './api/exercise.ts';
import { PresentationPanel } from './components/presentation-panel.tsx';
import { Votes } from './components/votes.tsx';

/**
 * /shared-exercise/:exerciseId (authors and moderators): one exercise to read, as colleagues share
 * it: what it trains, its instruction, its slides, and its likes. Nothing here changes it.
 */
export function SharedExercisePage() {
  const { t } = useTranslation();
  const { exerciseId } = useParams();
  const { role } = useSession();
  const id = Number(exerciseId);
  const exercise = useExercise(Number.isInteger(id) && id > 0 ? id : null);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/not-found" replace />;
  if (exercise.isPending) return <FullLoader />;
  if (exercise.isError || !exercise.data) return <Navigate to="/not-found" replace />;
  const item = exercise.data;
  const status = exerciseStatusName(item.status_id);
  const moderator = role !== null && roleMay(role, 'exercises.moderate');

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={moderator ? '/moderator-list' : '/public-exercises'} size="sm">
        ← {t(moderator ? 'exercises.backToModeration' : 'exercises.library.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {item.title}
          </Title>
          <Text c="gray.7" size="sm">
            {[exerciseAuthorOf(item).name, item.category?.name].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="sm">
          <Votes exercise={item} />
          {status && (
            <Badge color={statusBadgeColor(status)} autoContrast size="lg">
              {t(`exercises.statusName.${status}`)}
            </Badge>
          )}
        </Group>
      </Group>
      {item.tags.length > 0 && (
        <Group gap={4}>
          {item.tags.map((tag) => (
            <Badge key={tag.id} size="sm" variant="outline" color="gray.8">
              {tag.name}
            </Badge>
          ))}
        </Group>
      )}
      {(item.description || item.instruction) && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            {item.description && (
              <div>
                <Text fw={600}>{t('exercises.description')}</Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{item.description}</Text>
              </div>
            )}
            {item.instruction && (
              <div>
                <Text fw={600}>{t('exercises.instruction')}</Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{item.instruction}</Text>
              </div>
            )}
          </Stack>
        </Paper>
      )}
      <PresentationPanel exercise={item} editable={false} />
    </Stack>
  );
}

export default SharedExercisePage;
