import { storyFileUrl, type Story } from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlaylistAdd, IconX } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useApiFileUrl } from '../../api/file-url.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { ReportProblemButton } from '../../components/report-problem.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { routeId } from '../../lib/route-id.ts';
import { useActingFor } from '../../session/session.tsx';
import { useStory } from './api/stories.ts';
import { AddToLessonDialog, type PartTarget } from './components/add-to-lesson-dialog.tsx';
import { StoryContents } from './components/story-contents.tsx';
import { StoryImage } from './components/story-image.tsx';

const LIST = '/histories-preview';

/** Every slide of a story in reading order, with its episode and part. */
function slidesOf(story: Story) {
  return story.episodes.flatMap((episode) =>
    episode.parts.flatMap((part) => part.slides.map((slide, index) => ({ episode, part, slide, index }))),
  );
}

/** Whether a key press belongs to a field or a dialog rather than to the reader. */
const isForOther = (event: KeyboardEvent) =>
  event.target instanceof Element &&
  event.target.closest('input, textarea, select, [role="dialog"]') !== null;

/** A slide's sound, fetched with the token. */
function SlideAudio({ fileId, label }: { fileId: number; label: string }) {
  const acting = useActingFor('stories.read');
  const sound = useApiFileUrl(acting ? storyFileUrl(acting.workspace_id, fileId) : null);
  return sound.data ? <audio controls src={sound.data} aria-label={label} style={{ width: '100%' }} /> : null;
}

/**
 * /preview-history/:historyId (issue 30 item 1): a published story read full screen, as the H5P
 * book is: the contents list, the slide with the child's text, the teacher's note beside it, the
 * previous and next slide by buttons and keys; a part goes into a lesson from here.
 */
export function ReadStoryPage() {
  const { t } = useTranslation();
  const { id: storyId, bad } = routeId(useParams().historyId);
  const story = useStory(storyId);
  if (bad) return <Navigate to="/not-found" replace />;
  if (storyId === null) return <Navigate to={LIST} replace />;
  if (story.isPending) return <FullLoader />;
  if (story.isError) {
    const missing = story.error instanceof ApiError && story.error.status === 404;
    return (
      <Center mih="100dvh" p="md" component="main">
        <Stack maw={560}>
          <Title order={1} size="h3">
            {t('stories.preview.title')}
          </Title>
          <Alert color="red" role="alert">
            {missing ? t('stories.notFound') : errorTextOf(story.error)}
          </Alert>
          <Button component={Link} to={LIST} variant="default">
            {t('stories.backToList')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return <StoryReader story={story.data} />;
}

/** The reader of one story. */
export function StoryReader({ story }: { story: Story }) {
  const { t } = useTranslation();
  const slides = useMemo(() => slidesOf(story), [story]);
  const [at, setAt] = useState(0);
  const [adding, setAdding] = useState<PartTarget | null>(null);
  const current = slides[at] ?? null;
  const forward = useCallback(
    () => setAt((index) => Math.min(index + 1, slides.length - 1)),
    [slides.length],
  );
  const back = useCallback(() => setAt((index) => Math.max(index - 1, 0)), []);

  useEffect(() => {
    if (adding) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isForOther(event))
        return;
      if (event.key === 'ArrowRight' || event.key === 'PageDown') {
        event.preventDefault();
        forward();
      } else if (event.key === 'ArrowLeft' || event.key === 'PageUp') {
        event.preventDefault();
        back();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [forward, back, adding]);

  const contents = story.episodes.map((episode) => ({
    id: episode.key,
    title: episode.title,
    parts: episode.parts.map((part) => ({ id: part.key, title: part.title })),
  }));
  const goTo = (id: string) => {
    const index = slides.findIndex((entry) => entry.part.key === id || entry.episode.key === id);
    if (index >= 0) setAt(index);
  };
  const inPart = current ? current.part.slides.length : 0;

  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
        justify="space-between"
        wrap="wrap"
        gap="sm"
        px="md"
        py="xs"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Tooltip label={t('stories.reader.close')}>
            <ActionIcon
              component={Link}
              to={LIST}
              variant="default"
              size="lg"
              aria-label={t('stories.reader.close')}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Title order={1} size="h4" lineClamp={1}>
            {story.title}
          </Title>
        </Group>
        {current && (
          <Group gap="sm">
            <ReportProblemButton
              object={{ kind: 'story', id: story.id }}
              slide={current.index + 1}
              place={`${current.episode.title} · ${current.part.title}`}
            />
            <Button
              leftSection={<IconPlaylistAdd size={16} aria-hidden />}
              onClick={() =>
                setAdding({ storyId: story.id, key: current.part.key, title: current.part.title })
              }
            >
              {t('stories.reader.addToLesson')}
            </Button>
          </Group>
        )}
      </Group>
      <Box style={{ flex: 1, display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)' }} p="md">
        <Paper withBorder p="sm" radius="md" style={{ flex: '0 1 240px', alignSelf: 'flex-start' }}>
          <StoryContents episodes={contents} current={current?.part.key ?? null} onPick={goTo} />
        </Paper>
        <Stack component="main" gap="xs" style={{ flex: '3 1 480px', minWidth: 0 }}>
          {current === null ? (
            <Center style={{ flex: 1 }}>
              <Text>{t('stories.reader.empty')}</Text>
            </Center>
          ) : (
            <>
              <Text size="sm" c="gray.7">
                {current.episode.title} · {current.part.title}
              </Text>
              <StoryImage
                fileId={current.slide.image_file_id}
                alt={t('stories.reader.imageAlt', { title: current.part.title, index: current.index + 1 })}
                height="min(60dvh, 620px)"
                dark
              />
              {current.slide.text && (
                <Text size="xl" fw={500} ta="center" aria-live="polite">
                  {current.slide.text}
                </Text>
              )}
              <Group justify="space-between" wrap="nowrap">
                <Button
                  variant="default"
                  leftSection={<IconChevronLeft size={18} aria-hidden />}
                  onClick={back}
                  disabled={at === 0}
                >
                  {t('stories.reader.previous')}
                </Button>
                <Text size="sm" c="gray.7">
                  {t('stories.reader.slideOf', { index: current.index + 1, total: inPart })}
                </Text>
                <Button
                  variant="default"
                  rightSection={<IconChevronRight size={18} aria-hidden />}
                  onClick={forward}
                  disabled={at >= slides.length - 1}
                >
                  {t('stories.reader.next')}
                </Button>
              </Group>
              <Text size="xs" c="gray.7">
                {t('stories.reader.keyboard')}
              </Text>
            </>
          )}
        </Stack>
        {current && (
          <Paper
            component="aside"
            withBorder
            p="md"
            radius="md"
            style={{ flex: '1 1 260px', alignSelf: 'flex-start' }}
          >
            <Stack gap="xs">
              <Title order={2} size="h5">
                {t('stories.reader.note')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>
                {current.slide.note || t('stories.reader.noNote')}
              </Text>
              {current.slide.audio_file_id !== null && (
                <SlideAudio fileId={current.slide.audio_file_id} label={t('stories.audio')} />
              )}
            </Stack>
          </Paper>
        )}
      </Box>
      <AddToLessonDialog part={adding} onClose={() => setAdding(null)} />
    </Box>
  );
}

/**
 * The reader's screen, full screen: outside the shell, so with the app's query cache given here (the
 * same cache the shell gives, as the player's screen does).
 */
export function ReadStoryScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <ReadStoryPage />
    </QueryClientProvider>
  );
}

export default ReadStoryScreen;
