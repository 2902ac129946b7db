import {
  EXERCISE_COMMENT_MAX,
  EXERCISE_DESCRIPTION_MAX,
  EXERCISE_INSTRUCTION_MAX,
  EXERCISE_TITLE_MAX,
  EXERCISE_TITLE_MIN,
  LANGUAGES,
  allowedTransitions,
  commentRequired,
  exerciseActors,
  exerciseStatusName,
  mayEditExercise,
  roleMay,
  type Exercise,
  type ExerciseStatusName,
  type Language,
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
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { statusBadgeColor } from './status-color.ts';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { fieldErrorsOf, errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../app/screens/loader.tsx';
import { useActingFor, useSession } from '../../app/session.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useChangeStatus, useExercise, useFilingOptions, useSaveExercise } from './api/exercise.ts';
import { useMarkLatest } from './api/latest.ts';
import { MediaPanel } from './components/media-panel.tsx';
import { PresentationPanel } from './components/presentation-panel.tsx';
import { ThemedVersionsPanel } from './components/themed-versions-panel.tsx';

type Field = 'title' | 'category_id' | 'tag_ids' | 'instruction' | 'description' | 'presentation';

interface Draft {
  title: string;
  categoryId: string | null;
  tagIds: string[];
  usage: '1' | '3';
  language: Language;
  instruction: string;
  description: string;
}

function draftOf(exercise: Exercise | null, language: Language): Draft {
  return {
    title: exercise?.title ?? '',
    categoryId: exercise?.category ? String(exercise.category.id) : null,
    tagIds: exercise?.tags.map((tag) => String(tag.id)) ?? [],
    usage: exercise?.usage_frequency === 3 ? '3' : '1',
    language: exercise?.language ?? language,
    instruction: exercise?.instruction ?? '',
    description: exercise?.description ?? '',
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
  const [draft, setDraft] = useState(() => draftOf(exercise, (i18n.language as Language) ?? 'uk'));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
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
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const validate = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    const title = draft.title.trim();
    if (!title) found.title = t('validation.required');
    else if (title.length < EXERCISE_TITLE_MIN)
      found.title = t('validation.tooShort', { min: EXERCISE_TITLE_MIN });
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!validate()) return;
    const body = {
      title: draft.title.trim(),
      category_id: draft.categoryId ? Number(draft.categoryId) : null,
      tag_ids: draft.tagIds.map(Number),
      usage_frequency: Number(draft.usage) as 1 | 3,
      language: draft.language,
      instruction: draft.instruction.trim(),
      description: draft.description.trim(),
    };
    try {
      const saved = await save.mutateAsync({ id: exercise?.id ?? null, body });
      notifySuccess(t('exercises.saved', { title: saved.title }));
      if (!exercise) void navigate(`/edit-exercise/${saved.id}`, { replace: true });
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) setErrors(byField);
      else setFailure(errorTextOf(error));
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
        <form onSubmit={submit} noValidate>
          <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <TextInput
                label={t('exercises.title')}
                value={draft.title}
                maxLength={EXERCISE_TITLE_MAX}
                onChange={(event) => set('title', event.currentTarget.value)}
                error={errors.title}
                required
              />
              <Group grow align="flex-start">
                <Select
                  label={t('exercises.category')}
                  data={categories.data ?? []}
                  value={draft.categoryId}
                  onChange={(value) => set('categoryId', value)}
                  error={errors.category_id}
                  searchable
                  clearable
                  nothingFoundMessage={t('exercises.nothingFound')}
                  description={t('exercises.requiredToSubmit')}
                />
                <MultiSelect
                  label={t('exercises.tags')}
                  data={tags.data ?? []}
                  value={draft.tagIds}
                  onChange={(value) => set('tagIds', value)}
                  error={errors.tag_ids}
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
                    value={draft.usage}
                    onChange={(value) => set('usage', value === '3' ? '3' : '1')}
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
                  value={draft.language}
                  onChange={(value) => value && set('language', value as Language)}
                  allowDeselect={false}
                />
              </Group>
              <Textarea
                label={t('exercises.instruction')}
                value={draft.instruction}
                maxLength={EXERCISE_INSTRUCTION_MAX}
                autosize
                minRows={3}
                onChange={(event) => set('instruction', event.currentTarget.value)}
                error={errors.instruction}
              />
              <Textarea
                label={t('exercises.description')}
                value={draft.description}
                maxLength={EXERCISE_DESCRIPTION_MAX}
                autosize
                minRows={3}
                onChange={(event) => set('description', event.currentTarget.value)}
                error={errors.description}
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
          onProblems={setErrors}
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
  onProblems: (problems: Partial<Record<Field, string>>) => void;
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
