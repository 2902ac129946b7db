import {
  EXERCISE_COMMENT_MAX,
  EXERCISE_DESCRIPTION_MAX,
  EXERCISE_INSTRUCTION_MAX,
  EXERCISE_TITLE_MAX,
  LANGUAGES,
  allowedTransitions,
  commentRequired,
  exerciseActors,
  exerciseInput,
  exerciseStatusName,
  exerciseUpdate,
  mayEditExercise,
  roleMay,
  type Exercise,
  type ExerciseInput,
  type ExerciseStatusName,
  type Language,
  type UsageFrequency,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusBadgeColor } from './status-color.ts';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { fieldErrorsOf, errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../app/screens/loader.tsx';
import { useActingFor, useSession } from '../../app/session.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useChangeStatus, useExercise, useFilingOptions, useSaveExercise } from './api/exercise.ts';
import { useMarkLatest } from './api/latest.ts';
import { MediaPanel } from './components/media-panel.tsx';
import { PresentationPanel } from './components/presentation-panel.tsx';
import { ThemedVersionsPanel } from './components/themed-versions-panel.tsx';

/** What the exercise form holds: the body's fields, ids as the selects hold them (text). */
interface ExerciseValues {
  title: string;
  category_id: string | null;
  tag_ids: string[];
  usage_frequency: '1' | '3';
  language: Language;
  instruction: string;
  description: string;
}

function valuesOf(exercise: Exercise | null, language: Language): ExerciseValues {
  return {
    title: exercise?.title ?? '',
    category_id: exercise?.category ? String(exercise.category.id) : null,
    tag_ids: exercise?.tags.map((tag) => String(tag.id)) ?? [],
    usage_frequency: exercise?.usage_frequency === 3 ? '3' : '1',
    language: exercise?.language ?? language,
    instruction: exercise?.instruction ?? '',
    description: exercise?.description ?? '',
  };
}

/** The body the form stands for: ids and the usage as numbers, texts trimmed. */
function toBody(values: ExerciseValues): ExerciseInput {
  return {
    title: values.title.trim(),
    category_id: values.category_id ? Number(values.category_id) : null,
    tag_ids: values.tag_ids.map(Number),
    usage_frequency: Number(values.usage_frequency) as UsageFrequency,
    language: values.language,
    instruction: values.instruction.trim(),
    description: values.description.trim(),
  };
}

/**
 * /create-exercise-author and /edit-exercise/:exerciseId (spec §2 author screens): the exercise's
 * content, filed under a category and tags, and its way through moderation (spec §4).
 */
export function EditExercisePage() {
  const { exerciseId } = useParams();
  // /create-exercise-author has no id: a new draft.
  const id = exerciseId ? Number(exerciseId) : null;
  const exercise = useExercise(id);
  if (id !== null && !Number.isInteger(id)) return <Navigate to="/not-found" replace />;
  if (id !== null && exercise.isPending) return <FullLoader />;
  if (id !== null && (exercise.isError || !exercise.data)) return <Navigate to="/not-found" replace />;
  return <ExerciseEditor key={id ?? 'new'} exercise={exercise.data ?? null} />;
}

function ExerciseEditor({ exercise }: { exercise: Exercise | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user, role } = useSession();
  const { categories, tags } = useFilingOptions();
  const save = useSaveExercise();
  const [failure, setFailure] = useState<string | null>(null);
  // A new draft follows the contract's `exerciseInput`, a change its `exerciseUpdate`.
  const form = useForm<ExerciseValues>({
    initialValues: valuesOf(exercise, (i18n.language as Language) ?? 'uk'),
    validate: contractValidate(exercise ? exerciseUpdate : exerciseInput, t, { toBody }),
  });
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
      const saved = await save.mutateAsync({ id: exercise?.id ?? null, body: toBody(values) });
      notifySuccess(t('exercises.saved', { title: saved.title }));
      if (!exercise) void navigate(`/edit-exercise/${saved.id}`, { replace: true });
    } catch (error) {
      if (!showServerErrors(form, error)) setFailure(errorTextOf(error));
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={moderating ? '/moderator-list' : '/exercises'} size="sm">
        ← {t(moderating ? 'exercises.backToModeration' : 'exercises.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {exercise ? exercise.title : t('exercises.newTitle')}
        </Title>
        {status && (
          <Badge color={statusBadgeColor(status)} autoContrast size="lg">
            {t(`exercises.statusName.${status}`)}
          </Badge>
        )}
      </Group>
      {exercise?.request && (
        <Alert color="blue" title={t('exercises.requestTitle')}>
          <Stack gap={4}>
            <Text size="sm">{exercise.request.description}</Text>
            <Text size="sm" c="gray.8">
              {t('exercises.requestFor', {
                interests: exercise.request.interests.join(', '),
                ages: exercise.request.age_categories.join(', '),
                deadline: exercise.request.deadline,
              })}
            </Text>
          </Stack>
        </Alert>
      )}
      {status === 'declined' && exercise?.comment && (
        <Alert color="red" title={t('exercises.declinedBecause')} style={{ whiteSpace: 'pre-line' }}>
          {exercise.comment}
        </Alert>
      )}
      {!editable && <Alert color="gray">{t('exercises.notEditable')}</Alert>}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <TextInput
                label={t('exercises.title')}
                maxLength={EXERCISE_TITLE_MAX}
                {...form.getInputProps('title')}
                required
              />
              <Group grow align="flex-start">
                <Select
                  label={t('exercises.category')}
                  data={categories.data ?? []}
                  {...form.getInputProps('category_id')}
                  searchable
                  clearable
                  nothingFoundMessage={t('exercises.nothingFound')}
                  description={t('exercises.requiredToSubmit')}
                />
                <MultiSelect
                  label={t('exercises.tags')}
                  data={tags.data ?? []}
                  {...form.getInputProps('tag_ids')}
                  searchable
                  nothingFoundMessage={t('exercises.nothingFound')}
                  description={t('exercises.requiredToSubmit')}
                />
              </Group>
              <Group grow align="flex-start">
                <div>
                  <Text size="sm" fw={500} mb={4} id="usage-label">
                    {t('exercises.usage')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="usage-label"
                    value={form.values.usage_frequency}
                    onChange={(value) => form.setFieldValue('usage_frequency', value === '3' ? '3' : '1')}
                    data={[
                      { value: '1', label: t('exercises.usageOnce') },
                      { value: '3', label: t('exercises.usageThrice') },
                    ]}
                  />
                </div>
                <Select
                  label={t('exercises.language')}
                  data={LANGUAGES.map((language) => ({
                    value: language,
                    label: t(`exercises.languages.${language}`),
                  }))}
                  value={form.values.language}
                  onChange={(value) => value && form.setFieldValue('language', value as Language)}
                  allowDeselect={false}
                />
              </Group>
              <Textarea
                label={t('exercises.instruction')}
                maxLength={EXERCISE_INSTRUCTION_MAX}
                autosize
                minRows={3}
                {...form.getInputProps('instruction')}
              />
              <Textarea
                label={t('exercises.description')}
                maxLength={EXERCISE_DESCRIPTION_MAX}
                autosize
                minRows={3}
                {...form.getInputProps('description')}
              />
              {editable && (
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending}>
                    {exercise ? t('profile.save') : t('exercises.createDraft')}
                  </Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        </form>
      </Paper>
      {exercise && <PresentationPanel exercise={exercise} editable={editable} />}
      {exercise?.presentation && <MediaPanel exercise={exercise} editable={editable} />}
      {exercise && status && (
        <StatusActions
          exercise={exercise}
          targets={allowedTransitions(status, actors)}
          onProblems={(problems) => form.setErrors(problems)}
        />
      )}
      {exercise && generating && <ThemedVersionsPanel exercise={exercise} />}
      {exercise?.activities && exercise.activities.length > 0 && <History exercise={exercise} />}
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

/** The moves the caller may make from here (spec §4), each a button; declining asks for a comment. */
function StatusActions({
  exercise,
  targets,
  onProblems,
}: {
  exercise: Exercise;
  targets: ExerciseStatusName[];
  /** The reasons a move is refused that belong to the form's fields (a missing category, tags…). */
  onProblems: (problems: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  const [failure, setFailure] = useState<string | null>(null);
  const [commenting, setCommenting] = useState<ExerciseStatusName | null>(null);
  const [comment, setComment] = useState('');
  if (targets.length === 0) return null;

  const move = async (status: ExerciseStatusName, withComment?: string) => {
    setFailure(null);
    try {
      const moved = await change.mutateAsync({ id: exercise.id, status, comment: withComment });
      // Auto-moderation may have moved a submission on at once (decision 006).
      const landed = exerciseStatusName(moved.status_id);
      if (landed === 'declined' && status !== 'declined') {
        notifyError(t('autoModeration.movedDeclined', { title: exercise.title }));
      } else if (landed === 'accepted' && status !== 'accepted') {
        notifySuccess(t('autoModeration.movedAccepted', { title: exercise.title }));
      } else {
        notifySuccess(t(`exercises.moved.${status}`, { title: exercise.title }));
      }
      setCommenting(null);
      setComment('');
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) onProblems(byField);
      setFailure(errorTextOf(error));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('exercises.nextStep')}
        </Title>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          {targets.map((status) => (
            <Button
              key={status}
              variant={status === 'moderation' || status === 'accepted' ? 'filled' : 'default'}
              loading={change.isPending && change.variables?.status === status}
              onClick={() => (commentRequired(status) ? setCommenting(status) : void move(status))}
            >
              {t(`exercises.moveTo.${status}`)}
            </Button>
          ))}
        </Group>
      </Stack>
      <Modal
        opened={commenting !== null}
        onClose={() => setCommenting(null)}
        title={t('exercises.commentTitle')}
      >
        <Stack>
          <Textarea
            label={t('exercises.comment')}
            value={comment}
            maxLength={EXERCISE_COMMENT_MAX}
            autosize
            minRows={3}
            onChange={(event) => setComment(event.currentTarget.value)}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCommenting(null)}>
              {t('clients.cancel')}
            </Button>
            <Button
              disabled={!comment.trim()}
              loading={change.isPending}
              onClick={() => commenting && void move(commenting, comment.trim())}
            >
              {commenting ? t(`exercises.moveTo.${commenting}`) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Every status change with who and when (spec §4: a history is kept). */
function History({ exercise }: { exercise: Exercise }) {
  const { t } = useTranslation();
  const activities = exercise.activities ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('exercises.history')}
      </Title>
      <Timeline active={activities.length - 1} bulletSize={14} lineWidth={2}>
        {activities.map((activity) => {
          const to = exerciseStatusName(activity.to_status_id);
          return (
            <Timeline.Item key={activity.id} title={to ? t(`exercises.statusName.${to}`) : ''}>
              <Text size="sm" c="gray.7">
                {activity.automatic
                  ? t('exercises.automatic')
                  : (activity.user?.name ?? t('exercises.someone'))}{' '}
                · {formatDateTime(activity.created_at)}
              </Text>
              {activity.comment && <Text size="sm">{activity.comment}</Text>}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}

export default EditExercisePage;
