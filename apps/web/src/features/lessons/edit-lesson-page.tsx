import {
  CONDUCT_LESSON_PAGE,
  PLAN_LESSONS,
  weekStart,
  type Lesson,
  type LessonPresentation,
} from '@logoschool/contract';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import {
  IconArrowLeft,
  IconArrowRight,
  IconListNumbers,
  IconPlayerPlay,
  IconWand,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { runUnderWay, useLessonGeneration } from './api/generation.ts';
import { useFillLesson, useLesson, useSaveLesson } from './api/lessons.ts';
import { ExercisePicker, type PickerTarget } from './components/exercise-picker.tsx';
import { LessonBlockCard, type BlockEditing } from './components/lesson-block-card.tsx';
import { LessonFacts } from './components/lesson-facts.tsx';
import { LessonStatusBadge } from './components/lesson-status-badge.tsx';
import { LessonStoryParts } from './components/lesson-story-parts.tsx';
import { LessonThemesPanel } from './components/lesson-themes-panel.tsx';
import { LockedLessonModal } from './components/locked-lesson-modal.tsx';
import { ProgramFillModal } from './components/program-fill-modal.tsx';
import {
  blockErrorIndexes,
  blockField,
  lessonBodyOf,
  lessonRefusal,
  lessonValidate,
  lessonValuesOf,
  type LessonValues,
} from './lesson-form.ts';
import { lessonPath, lessonsListPath } from './paths.ts';
import { dayOf } from './week.ts';

/** The answers that say the lesson cannot change now: being regenerated (spec §8), or finished. */
const FROZEN = new Set(['lesson_locked', 'lesson_finished']);

/** Every sentence of the errors once, in their order. */
const sentencesOf = (errors: FormErrors) => [
  ...new Set(Object.values(errors).flatMap((said) => (typeof said === 'string' ? [said] : []))),
];

/**
 * /edit-lesson/:lessonId: one of the teacher's lessons, to prepare (spec §2, §3, §5, §8). `extra`:
 * what the app adds under the editor from other areas (home practice), given the lesson as saved.
 */
export function EditLessonPage({ extra }: { extra?: (lesson: Lesson) => ReactNode } = {}) {
  const { t } = useTranslation();
  const { id: lessonId, bad } = routeId(useParams().lessonId);
  const lesson = useLesson(lessonId);

  if (bad) return <Navigate to="/not-found" replace />;
  // The address names no lesson: the list is where one is chosen.
  if (lessonId === null) return <Navigate to={lessonsListPath()} replace />;
  if (lesson.isPending) return <FullLoader />;
  if (lesson.isError) {
    const missing = lesson.error instanceof ApiError && lesson.error.status === 404;
    return (
      <Stack maw={560}>
        <Alert color="red" role="alert">
          {missing ? t('lessons.notFound') : errorTextOf(lesson.error)}
        </Alert>
        <Group>
          {!missing && <Button onClick={() => void lesson.refetch()}>{t('errors.tryAgain')}</Button>}
          <Button component={Link} to={lessonsListPath()} variant="default">
            {t('lessons.backToList')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <LessonEditor
      // A lesson whose regeneration starts or ends, or that is finished, starts again from what
      // the server keeps.
      key={`${lesson.data.id}:${lesson.data.locked}:${lesson.data.status}`}
      lesson={lesson.data}
      refresh={() => lesson.refetch()}
      refreshing={lesson.isFetching}
      extra={extra?.(lesson.data)}
    />
  );
}

/**
 * The lesson's header (student, plan, its place in the plan, date, time and length), the automatic
 * fill, and its blocks with their presentations. Saving checks the rules of spec §5 in the browser
 * first (the message names the block), then the server's. Finished, or while it is being
 * regenerated (a blocking window), nothing can change.
 */
export function LessonEditor({
  lesson,
  refresh,
  refreshing = false,
  extra,
}: {
  lesson: Lesson;
  refresh: () => Promise<unknown>;
  extra?: ReactNode;
  refreshing?: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveLesson(lesson.id);
  const fill = useFillLesson(lesson.id);
  const [formError, setFormError] = useState<string[]>([]);
  const [picker, setPicker] = useState<PickerTarget | null>(null);
  const [confirmFill, setConfirmFill] = useState<boolean | null>(null);
  const [fromProgram, setFromProgram] = useState(false);
  const form = useForm<LessonValues>({
    initialValues: lessonValuesOf(lesson),
    validate: lessonValidate(lesson, t),
  });
  useUnsavedChanges(form.isDirty());
  // A run the teacher has just started locks the lesson at once, before the lesson is asked again.
  const started = runUnderWay(useLessonGeneration(lesson.id).data);
  const finished = lesson.status === 'finished';
  const readOnly = finished || lesson.locked || started;
  const backTo = lessonsListPath(lesson.starts_at ? weekStart(dayOf(lesson.starts_at)) : undefined);
  const values = form.getValues();

  /** The server's refusal of a save or a fill, on the blocks and fields it names and above the form. */
  const refused = async (error: unknown) => {
    if (error instanceof ApiError && FROZEN.has(error.code ?? '')) {
      setFormError([error.message || errorTextOf(error)]);
      await refresh();
      return;
    }
    const { fields, general } = lessonRefusal(error, form.getValues());
    form.setErrors(fields);
    const said = [...general, ...sentencesOf(fields)];
    setFormError(said.length > 0 ? said : [errorTextOf(error)]);
    scrollToBlock(blockErrorIndexes(fields)[0]);
  };

  const submit = async (submitted: LessonValues) => {
    setFormError([]);
    try {
      const saved = await save.mutateAsync(lessonBodyOf(submitted));
      const next = lessonValuesOf(saved);
      form.setValues(next);
      form.resetDirty(next);
      notifySuccess(t('lessons.edit.saved'));
    } catch (error) {
      await refused(error);
    }
  };

  /** Refused in the browser: nothing is sent; every sentence above the form, the first block in view. */
  const invalid = (errors: FormErrors) => {
    setFormError(sentencesOf(errors));
    scrollToBlock(blockErrorIndexes(errors)[0]);
  };

  /** Fills the lesson; the date, time and length being edited stay as they are. */
  const runFill = async (replace: boolean) => {
    setFormError([]);
    const kept = form.getValues();
    try {
      const filled = await fill.mutateAsync(replace);
      const next = lessonValuesOf(filled);
      form.resetDirty(next);
      form.setValues({
        ...next,
        date: kept.date,
        time: kept.time,
        duration_minutes: kept.duration_minutes,
      });
      notifySuccess(t('lessons.edit.filled'));
    } catch (error) {
      await refused(error);
    }
  };

  /** The lesson a program filled; the date, time and length being edited stay as they are. */
  const filledFromProgram = (filled: Lesson) => {
    setFormError([]);
    const kept = form.getValues();
    const next = lessonValuesOf(filled);
    form.resetDirty(next);
    form.setValues({ ...next, date: kept.date, time: kept.time, duration_minutes: kept.duration_minutes });
  };

  const askFill = (replace: boolean) => {
    if (replace || form.isDirty('blocks')) setConfirmFill(replace);
    else void runFill(false);
  };

  const listPath = (index: number) => `blocks.${index}.presentations`;
  const changed = (index: number) => {
    form.clearFieldError(blockField(index));
    setFormError([]);
  };
  const editingOf = (index: number): BlockEditing | null =>
    readOnly
      ? null
      : {
          add: () => setPicker({ blockIndex: index, replacing: null }),
          replace: (position) => setPicker({ blockIndex: index, replacing: position }),
          remove: (position) => {
            form.removeListItem(listPath(index), position);
            changed(index);
          },
          move: (from, to) => {
            form.reorderListItem(listPath(index), { from, to });
            changed(index);
          },
        };

  const pick = (presentation: LessonPresentation) => {
    if (!picker) return;
    const path = listPath(picker.blockIndex);
    if (picker.replacing === null) form.insertListItem(path, presentation);
    else form.replaceListItem(path, picker.replacing, presentation);
    changed(picker.blockIndex);
    setPicker(null);
  };

  const pickerBlock = picker ? lesson.blocks[picker.blockIndex] : undefined;
  const pickerHeld = picker ? (values.blocks[picker.blockIndex]?.presentations ?? []) : [];
  const hasPresentations = values.blocks.some((block) => block.presentations.length > 0);

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={backTo} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('lessons.backToList')}
          </Group>
        </Anchor>
        <Group gap="md">
          {lesson.previous_lesson_id !== null && (
            <Anchor component={Link} to={lessonPath(lesson.previous_lesson_id)} size="sm">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} aria-hidden />
                {t('lessons.edit.previous', { number: lesson.number - 1 })}
              </Group>
            </Anchor>
          )}
          {lesson.next_lesson_id !== null && (
            <Anchor component={Link} to={lessonPath(lesson.next_lesson_id)} size="sm">
              <Group gap={4} component="span">
                {t('lessons.edit.next', { number: lesson.number + 1 })}
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Group>
      </Group>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('lessons.edit.title', {
            name: lesson.client.child_name,
            number: lesson.number,
            total: PLAN_LESSONS,
          })}
        </Title>
        <Group gap="sm">
          <LessonStatusBadge lesson={lesson} />
          {lesson.blocks.some((block) => block.presentations.length > 0) && (
            <Button
              component={Link}
              to={`${CONDUCT_LESSON_PAGE}/${lesson.id}`}
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
            >
              {t('player.play')}
            </Button>
          )}
        </Group>
      </Group>

      {finished && (
        <Alert color="teal" role="status">
          {lesson.finished_at
            ? t('lessons.edit.finished', { date: formatDateTime(lesson.finished_at) })
            : t('lessons.edit.finishedNoDate')}
        </Alert>
      )}

      <form onSubmit={form.onSubmit((submitted) => void submit(submitted), invalid)} noValidate>
        <Stack gap="lg">
          <LessonFacts lesson={lesson} form={form} readOnly={readOnly} />

          <Group justify="space-between" align="center" wrap="wrap">
            <Title order={2} size="h3">
              {t('lessons.edit.blocks', { count: lesson.blocks.length })}
            </Title>
            {!readOnly && (
              <Group gap="sm">
                {hasPresentations && (
                  <Button variant="default" onClick={() => askFill(true)} disabled={fill.isPending}>
                    {t('lessons.edit.fillAnew')}
                  </Button>
                )}
                <Button
                  variant="default"
                  leftSection={<IconListNumbers size={16} aria-hidden />}
                  onClick={() => setFromProgram(true)}
                >
                  {t('lessons.fromProgram.action')}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconWand size={16} aria-hidden />}
                  loading={fill.isPending}
                  onClick={() => askFill(false)}
                >
                  {t('lessons.edit.fill')}
                </Button>
              </Group>
            )}
          </Group>
          {!readOnly && (
            <Text size="sm" c="gray.7" mt={-8}>
              {t('lessons.edit.fillHint')}
            </Text>
          )}

          {lesson.blocks.map((block, index) => {
            const error = form.errors[blockField(index)];
            return (
              <LessonBlockCard
                key={block.key}
                block={block}
                index={index}
                count={lesson.blocks.length}
                presentations={values.blocks[index]?.presentations ?? []}
                error={typeof error === 'string' ? error : null}
                editing={editingOf(index)}
              />
            );
          })}

          {formError.length > 0 && (
            <Alert color="red" role="alert" title={t('lessons.edit.notSaved')}>
              {formError.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Alert>
          )}
          {!readOnly && (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setFormError([]);
                }}
                disabled={!form.isDirty()}
              >
                {t('lessons.edit.undo')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('lessons.edit.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <LessonStoryParts lesson={lesson} readOnly={readOnly} />
      <LessonThemesPanel lesson={lesson} unsaved={form.isDirty()} />
      {extra}

      {picker && pickerBlock && (
        <ExercisePicker
          protocolId={lesson.protocol_id}
          block={pickerBlock}
          replacing={picker.replacing === null ? null : (pickerHeld[picker.replacing] ?? null)}
          taken={pickerHeld.map((presentation) => presentation.exercise_id)}
          onPick={pick}
          onClose={() => setPicker(null)}
        />
      )}
      <ConfirmActionModal
        opened={confirmFill !== null}
        title={t(confirmFill ? 'lessons.edit.fillAnewTitle' : 'lessons.edit.fillTitle')}
        message={t(confirmFill ? 'lessons.edit.fillAnewQuestion' : 'lessons.edit.fillQuestion')}
        confirmLabel={t(confirmFill ? 'lessons.edit.fillAnew' : 'lessons.edit.fill')}
        onConfirm={() => runFill(confirmFill === true)}
        onClose={() => setConfirmFill(null)}
      />
      <ProgramFillModal
        lessonId={lesson.id}
        opened={fromProgram}
        unsaved={form.isDirty('blocks')}
        onFilled={filledFromProgram}
        onClose={() => setFromProgram(false)}
      />
      <LockedLessonModal
        opened={lesson.locked || started}
        backTo={backTo}
        checking={refreshing}
        onCheck={() => void refresh()}
        lessonId={lesson.id}
      />
    </Stack>
  );
}

/** Brings a block into view (the first one a refusal names). */
function scrollToBlock(index: number | undefined) {
  if (index === undefined) return;
  document
    .querySelector(`[data-lesson-block-index="${index}"]`)
    ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

export default EditLessonPage;
