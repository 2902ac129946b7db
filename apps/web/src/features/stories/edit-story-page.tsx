import { LANGUAGES, roleMay, type DocumentStep, type Language, type Story } from '@logoschool/contract';
import { Alert, Box, Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import {
  DocumentForm,
  DocumentFrame,
  focusFirstProblem,
} from '../../components/versioned-document/document-frame.tsx';
import { showServerErrors } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useSession } from '../../session/session.tsx';
import { useDeleteStory, useSaveStory, useStory, useStoryStep } from './api/stories.ts';
import { anchorOf, EpisodesEditor } from './components/episodes-editor.tsx';
import { StoryAbout } from './components/story-about.tsx';
import { StoryContents } from './components/story-contents.tsx';
import { storyHistory, storyInUse, storyStatusTexts } from './components/story-document.ts';
import { bodyOf, storyValidate, valuesOf, type StoryValues } from './story-form.ts';

const LIST = '/histories';

/** /create-history and /edit-history/:historyId (issue 30 item 1): the story's editor. */
export function EditStoryPage() {
  const { t } = useTranslation();
  const { id: storyId, bad } = routeId(useParams().historyId);
  const existing = useStory(storyId);
  if (bad) return <Navigate to="/not-found" replace />;
  if (storyId !== null && existing.isPending) return <FullLoader />;
  if (storyId !== null && existing.isError) {
    const missing = existing.error instanceof ApiError && existing.error.status === 404;
    return (
      <Box maw={640}>
        <Alert color="red" role="alert" title={t('stories.title')}>
          {missing ? t('stories.notFound') : errorTextOf(existing.error)}
        </Alert>
        <Group mt="md">
          {!missing && <Button onClick={() => void existing.refetch()}>{t('errors.tryAgain')}</Button>}
          <Button component={Link} to={LIST} variant="default">
            {t('stories.backToList')}
          </Button>
        </Group>
      </Box>
    );
  }
  return <StoryForm key={storyId ?? 'new'} story={existing.data ?? null} />;
}

/**
 * The story on the versioned-document frame (decision 030): its fields, the contents list, and its
 * episodes, parts and slides; a step saves unsaved changes first.
 */
function StoryForm({ story }: { story: Story | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const moderates = role !== null && roleMay(role, 'stories.moderate');
  const storyId = story?.id ?? null;
  const save = useSaveStory(storyId);
  const step = useStoryStep();
  const remove = useDeleteStory();
  const language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'uk';
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState<DocumentStep | null>(null);
  const form = useForm<StoryValues>({
    initialValues: valuesOf(story, language),
    validate: storyValidate(t),
    validateInputOnBlur: true,
  });
  const dirty = form.isDirty();
  const { release } = useUnsavedChanges(dirty);
  const values = form.getValues();

  /** Sends the values; the saved story, or null when refused (the form says why). */
  const persist = async (next: StoryValues): Promise<Story | null> => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(bodyOf(next));
      const reset = valuesOf(saved, language);
      form.setValues(reset);
      form.resetDirty(reset);
      if (storyId === null) {
        notifySuccess(t('stories.created', { title: saved.title }));
        release();
        void navigate(`/edit-history/${saved.id}`, { replace: true });
      } else {
        notifySuccess(t('stories.saved'));
      }
      return saved;
    } catch (error) {
      if (showServerErrors(form, error, (path) => path)) focusFirstProblem();
      else setFormError(errorTextOf(error));
      return null;
    }
  };

  /** A step, after saving what is not saved yet: null when taken, else why not. */
  const takeStep = async (action: DocumentStep, comment?: string): Promise<string | null> => {
    setRefusal(null);
    setPending(action);
    const refuse = (text: string) => {
      if (action !== 'return') setRefusal(text);
      return text;
    };
    try {
      let id = storyId;
      if (dirty || id === null) {
        if (form.validate().hasErrors) {
          focusFirstProblem();
          return refuse(t('stories.fixFirst'));
        }
        const saved = await persist(form.getValues());
        if (!saved) return refuse(t('stories.fixFirst'));
        id = saved.id;
      }
      const moved = await step.mutateAsync({ id, action, comment });
      notifySuccess(
        action === 'publish' ? t('stories.published', { version: moved.version }) : t('stories.stepDone'),
      );
      return null;
    } catch (error) {
      if (showServerErrors(form, error, (path) => path)) focusFirstProblem();
      return refuse(errorTextOf(error));
    } finally {
      setPending(null);
    }
  };

  const contents = values.episodes.map((episode) => ({
    id: episode.uid,
    title: episode.title,
    parts: episode.parts.map((part) => ({ id: part.uid, title: part.title })),
  }));
  const goTo = (id: string) => {
    const target = document.getElementById(anchorOf(id));
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
  };

  return (
    <DocumentFrame
      back={{ label: t('stories.backToList'), to: LIST }}
      title={story ? story.title : t('stories.newTitle')}
      status={{
        document: story,
        texts: storyStatusTexts(t, story, moderates),
        // A new story offers the step its writer would take once it is saved.
        steps: story ? story.steps : moderates ? ['publish'] : ['submit'],
        pending,
        refusal,
        inUse: storyInUse(t, story),
        onStep: takeStep,
      }}
      history={storyHistory(t, story)}
      remove={
        story && story.editable
          ? {
              title: t('stories.deleteTitle'),
              message: t('stories.deleteQuestion', { title: story.title }),
              confirm: t('stories.delete'),
              done: t('stories.deleted', { title: story.title }),
              run: () => remove.mutateAsync(story.id),
              to: LIST,
            }
          : null
      }
    >
      <Group align="flex-start" wrap="wrap" gap="lg">
        <Box style={{ flex: '0 0 220px', position: 'sticky', top: 16 }} visibleFrom="md">
          <StoryContents episodes={contents} onPick={goTo} />
        </Box>
        <Box style={{ flex: '1 1 600px', minWidth: 0 }}>
          <DocumentForm
            onSubmit={form.onSubmit((next) => void persist(next), focusFirstProblem)}
            error={formError}
            save={{ dirty, saving: save.isPending, onCancel: () => void navigate(LIST) }}
          >
            <StoryAbout form={form} />
            <EpisodesEditor form={form} />
          </DocumentForm>
        </Box>
      </Group>
    </DocumentFrame>
  );
}

export default EditStoryPage;
