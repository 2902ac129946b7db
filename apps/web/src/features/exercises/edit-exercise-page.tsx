import {
  GENERATION_STATUS,
  exerciseActors,
  exerciseInput,
  exerciseStatusName,
  exerciseUpdate,
  mayEditExercise,
  maySetModeratorFields,
  roleMay,
  type Exercise,
  type Language,
} from '@logoschool/contract';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { ObjectProblemReports, ReportProblemButton } from '../../components/report-problem.tsx';
import { useActingFor, useSession } from '../../session/session.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useExercise, useSaveExercise } from './api/exercise.ts';
import { useMarkLatest } from './api/latest.ts';
import { ExerciseForm, toBody, valuesOf, type ExerciseValues } from './components/exercise-form.tsx';
import { ExerciseHistory } from './components/exercise-history.tsx';
import { MediaPanel } from './components/media-panel.tsx';
import { PresentationPanel, toBeSent } from './components/presentation-panel.tsx';
import { StatusActions, type Watched } from './components/status-actions.tsx';
import { ThemedVersionsPanel } from './components/themed-versions-panel.tsx';
import { statusBadgeColor } from './status-color.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * /create-exercise-author and /edit-exercise/:exerciseId (spec §2 author screens): the exercise's
 * content, filed under a category and tags, and its way through moderation (spec §4).
 */
export function EditExercisePage() {
  // /create-exercise-author has no id: a new draft. A bad id asks the API nothing.
  const { id, bad } = routeId(useParams().exerciseId);
  const exercise = useExercise(id);
  if (bad) return <Navigate to="/not-found" replace />;
  if (id !== null && exercise.isPending) return <FullLoader />;
  if (id !== null && (exercise.isError || !exercise.data)) return <Navigate to="/not-found" replace />;
  return <ExerciseEditor key={id ?? 'new'} exercise={exercise.data ?? null} />;
}

function ExerciseEditor({ exercise }: { exercise: Exercise | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user, role } = useSession();
  const save = useSaveExercise();
  const [failure, setFailure] = useState<string | null>(null);
  // The moderator's flags are in the form only for whoever may set them (an author gets 403).
  const withFlags = role !== null && maySetModeratorFields(role);
  // A new draft follows the contract's `exerciseInput`, a change its `exerciseUpdate`.
  const form = useForm<ExerciseValues>({
    initialValues: valuesOf(exercise, (i18n.language as Language) ?? 'uk'),
    validate: contractValidate(exercise ? exerciseUpdate : exerciseInput, t, {
      toBody: (values: ExerciseValues) => toBody(values, withFlags),
    }),
    // A refused save is about what was sent: it goes once the form changes.
    onValuesChange: () => setFailure(null),
  });
  const { release } = useUnsavedChanges(form.isDirty());
  const status = exercise ? exerciseStatusName(exercise.status_id) : undefined;
  const moderating = role !== null && roleMay(role, 'exercises.moderate');
  const generating = useActingFor('exercises.generate') !== null;
  useMarkOpened(exercise, role !== null && roleMay(role, 'exercises.author'));
  const actors =
    exercise && user && role
      ? exerciseActors(role, user.id, { author_id: exercise.author.id, assigned_id: exercise.assigned_id })
      : [];
  const editable =
    exercise === null ||
    mayEditExercise(actors, {
      author_id: exercise.author.id,
      assigned_id: exercise.assigned_id,
      status_id: exercise.status_id,
      read_only: exercise.read_only,
    });
  const submit = async (values: ExerciseValues) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: exercise?.id ?? null, body: toBody(values, withFlags) });
      notifySuccess(t('exercises.saved', { title: saved.title }));
      form.resetDirty(values);
      release();
      if (!exercise) void navigate(`/edit-exercise/${saved.id}`, { replace: true });
    } catch (error) {
      if (!showServerErrors(form, error)) setFailure(errorTextOf(error));
    }
  };

  // What a refused status move can be about (the deck, the filing fields), as they are now.
  const watched: Watched = exercise
    ? {
        '': `${exercise.status_id} ${exercise.updated_at}`,
        presentation: String(exercise.presentation?.file_id ?? ''),
        category_id: form.values.category_id ?? '',
        tag_ids: form.values.tag_ids.join(','),
      }
    : {};

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={moderating ? '/moderator-list' : '/exercises'} size="sm">
        ← {t(moderating ? 'exercises.backToModeration' : 'exercises.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {exercise ? exercise.title : t('exercises.newTitle')}
        </Title>
        <Group gap="sm">
          {exercise && <ReportProblemButton object={{ kind: 'exercise', id: exercise.id }} />}
          {status && (
            <Badge color={statusBadgeColor(status)} autoContrast size="lg">
              {t(`exercises.statusName.${status}`)}
            </Badge>
          )}
        </Group>
      </Group>
      {exercise && <ObjectProblemReports object={{ kind: 'exercise', id: exercise.id }} />}
      {exercise?.request && (
        <Alert color="blue" title={t('exercises.requestTitle')}>
          <Stack gap={4}>
            <Text size="sm">{exercise.request.description}</Text>
            <Text size="sm" c="gray.8">
              {t('exercises.requestFor', {
                interests: exercise.request.interests.join(', '),
                ages: exercise.request.age_categories.join(', '),
                deadline: formatDate(exercise.request.deadline),
              })}
            </Text>
          </Stack>
        </Alert>
      )}
      {status === 'declined' && exercise?.comment && (
        <Alert color="red" title={t('exercises.declinedBecause')}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {exercise.comment}
          </Text>
          {editable && actors.includes('owner') && (
            <Text size="sm" mt="xs" fw={500}>
              {t('exercises.declinedNext')}
            </Text>
          )}
        </Alert>
      )}
      {!editable && (
        <Alert color="gray">
          {t(exercise?.read_only ? 'exercises.notEditableReadOnly' : 'exercises.notEditable')}
        </Alert>
      )}
      <ErrorAlert>{failure}</ErrorAlert>
      <ExerciseForm
        form={form}
        editable={editable}
        isNew={exercise === null}
        saving={save.isPending}
        withFlags={withFlags}
        submitHints={exercise === null || toBeSent(exercise)}
        onSubmit={(values) => void submit(values)}
      />
      {exercise && <PresentationPanel exercise={exercise} editable={editable} />}
      {exercise?.presentation && <MediaPanel exercise={exercise} editable={editable} />}
      {exercise && (
        <StatusActions
          exercise={exercise}
          actors={actors}
          watched={watched}
          onProblems={(problems) => form.setErrors(problems)}
        />
      )}
      {/* Themed versions are made from the library (spec §1): none before the exercise is accepted. */}
      {exercise && generating && exercise.status_id === GENERATION_STATUS && (
        <ThemedVersionsPanel exercise={exercise} />
      )}
      {exercise?.activities && exercise.activities.length > 0 && <ExerciseHistory exercise={exercise} />}
    </Stack>
  );
}

/**
 * Tells the server, once per exercise, that the author has opened it: /exercises offers it as the
 * one to continue (spec §7 exercises/latest).
 */
function useMarkOpened(exercise: Exercise | null, asAuthor: boolean) {
  const { mutate } = useMarkLatest();
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (!exercise || !asAuthor || marked.current === exercise.id) return;
    marked.current = exercise.id;
    mutate(exercise.id);
  }, [exercise, asAuthor, mutate]);
}

export default EditExercisePage;
