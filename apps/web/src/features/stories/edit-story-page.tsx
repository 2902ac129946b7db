import { LANGUAGES, roleMay, type Language, type Story } from '@logoschool/contract';
import { Alert, Box, Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { useDocumentEditing } from '../../components/versioned-document/document-editing.ts';
import {
  DocumentForm,
  DocumentFrame,
  focusFirstProblem,
} from '../../components/versioned-document/document-frame.tsx';
import { showServerErrors } from '../../lib/form.ts';
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
  const form = useForm<StoryValues>({
    initialValues: valuesOf(story, language),
    validate: storyValidate(t),
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const { persist, takeStep, formError, refusal, pending, dirty } = useDocumentEditing({
    form,
    id: storyId,
    save: (next: StoryValues) => save.mutateAsync(bodyOf(next)),
    valuesOf: (saved: Story) => valuesOf(saved, language),
    step: (id, action, comment) => step.mutateAsync({ id, action, comment }),
    showErrors: (error) => showServerErrors(form, error, (path) => path),
    editPath: (id) => `/edit-history/${id}`,
    texts: {
      created: (saved) => t('stories.created', { title: saved.title }),
      saved: t('stories.saved'),
      fixFirst: t('stories.fixFirst'),
      done: (action, version) =>
        action === 'publish' ? t('stories.published', { version }) : t('stories.stepDone'),
    },
  });

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
