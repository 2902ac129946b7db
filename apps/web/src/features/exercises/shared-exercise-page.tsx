import { exerciseAuthorOf, exerciseStatusName, roleMay, type RoleName } from '@logoschool/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusBadgeColor } from './status-color.ts';
import { Link, Navigate, useParams } from 'react-router';
import { FullLoader } from '../../components/full-loader.tsx';
import { useSession } from '../../session/session.tsx';
import { useExercise } from './api/exercise.ts';
import { ExerciseLibrary } from './components/exercise-library.tsx';
import { PresentationPanel } from './components/presentation-panel.tsx';
import { Votes } from './components/votes.tsx';

/**
 * Where the way back from a shared exercise leads: a moderator to the moderation list, an author to
 * their library, anyone else (a teacher) to the library here at /shared-exercise.
 */
function backLinkOf(role: RoleName | null): { to: string; label: string } {
  if (role !== null && roleMay(role, 'exercises.moderate')) {
    return { to: '/moderator-list', label: 'exercises.backToModeration' };
  }
  if (role !== null && roleMay(role, 'exercises.author')) {
    return { to: '/public-exercises', label: 'exercises.library.back' };
  }
  return { to: '/shared-exercise', label: 'exercises.library.back' };
}

/**
 * /shared-exercise without an exercise (spec §2 lists both forms): the library of approved
 * exercises to open one from, with the way back of the role.
 */
function SharedLibrary() {
  const { t } = useTranslation();
  const { role, workspace } = useSession();
  const moderator = role !== null && roleMay(role, 'exercises.moderate');
  const author = role !== null && roleMay(role, 'exercises.author');
  return (
    <Stack gap="md">
      <div>
        {(moderator || author) && (
          <Anchor component={Link} to={moderator ? '/moderator-list' : '/exercises'} size="sm">
            ← {t(moderator ? 'exercises.backToModeration' : 'exercises.backToList')}
          </Anchor>
        )}
        <Title order={1} size="h2" mt="xs">
          {t('exercises.library.title')}
        </Title>
        <Text c="gray.7" size="sm">
          {workspace?.workspaceTitle}
        </Text>
        <Text size="sm" mt="xs">
          {t('exercises.library.sharedHint')}
        </Text>
      </div>
      <ExerciseLibrary />
    </Stack>
  );
}

/**
 * /shared-exercise and /shared-exercise/:exerciseId (authors and moderators; teachers by a link):
 * without an exercise, the library to open one from; with one, the exercise to read, as colleagues
 * share it.
 */
export function SharedExercisePage() {
  const { exerciseId } = useParams();
  return exerciseId === undefined ? <SharedLibrary /> : <SharedExercise exerciseId={exerciseId} />;
}

/** One exercise to read: what it trains, its instruction, its slides, and its likes. Nothing here changes it. */
function SharedExercise({ exerciseId }: { exerciseId: string }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const id = Number(exerciseId);
  const exercise = useExercise(Number.isInteger(id) && id > 0 ? id : null);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/not-found" replace />;
  if (exercise.isPending) return <FullLoader />;
  if (exercise.isError || !exercise.data) return <Navigate to="/not-found" replace />;
  const item = exercise.data;
  const status = exerciseStatusName(item.status_id);
  const back = backLinkOf(role);

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={back.to} size="sm">
        ← {t(back.label)}
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
