import type { Lesson } from '@logoschool/contract';
import { ActionIcon, Alert, Box, Button, Center, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconFlag,
  IconMaximize,
  IconMinimize,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useApiFileUrl } from '../../api/file-url.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { ReportProblemButton } from '../../components/report-problem.tsx';
import { routeId } from '../../lib/route-id.ts';
import { usePlayerLesson, useSlides } from './api/player.ts';
import { useTrackLesson } from './api/track-lesson.ts';
import { LESSONS_LIST_PATH, lessonEditorPath } from './paths.ts';
import { FinishLessonModal } from './components/finish-lesson-modal.tsx';
import { SessionControl } from './components/session-control.tsx';
import { SlideStage } from './components/slide-stage.tsx';
import { TeacherSide } from './components/teacher-side.tsx';
import { StorySide } from './components/story-side.tsx';
import {
  nextPlace,
  playerItems,
  playerParts,
  previousPlace,
  shownSlide,
  type PlayerItem,
  type PlayerPlace,
} from './presentations.ts';

/** What the screen that mounts the player gives it from the rest of the app. */
export interface PlayerHooks {
  /** After the lesson is finished (the lessons' lists and editors refresh). */
  onFinished?: (lesson: Lesson) => unknown;
  /** The blocking "lesson is being regenerated" window (spec §2, §8). */
  lockedWindow?: (props: {
    opened: boolean;
    backTo: string;
    checking: boolean;
    onCheck: () => void;
  }) => ReactNode;
}

/** /conduct-lesson/:lessonId: the teacher's signed-in player of one of their lessons (issue 15, item 4). */
export function PlayLessonPage(hooks: PlayerHooks) {
  const { t } = useTranslation();
  const { id: lessonId, bad } = routeId(useParams().lessonId);
  const lesson = usePlayerLesson(lessonId);

  if (bad) return <Navigate to="/not-found" replace />;
  if (lessonId === null) return <Navigate to={LESSONS_LIST_PATH} replace />;
  if (lesson.isPending) return <FullLoader />;
  if (lesson.isError) {
    const missing = lesson.error instanceof ApiError && lesson.error.status === 404;
    return (
      <Center mih="100dvh" p="md" component="main">
        <Stack maw={560}>
          <Title order={1} size="h3">
            {t('player.heading')}
          </Title>
          <Alert color="red" role="alert">
            {missing ? t('lessons.notFound') : errorTextOf(lesson.error)}
          </Alert>
          <Group>
            {!missing && <Button onClick={() => void lesson.refetch()}>{t('errors.tryAgain')}</Button>}
            <Button component={Link} to={LESSONS_LIST_PATH} variant="default">
              {t('lessons.backToList')}
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  return (
    <LessonPlayer
      {...hooks}
      lesson={lesson.data}
      checking={lesson.isFetching}
      onCheck={() => void lesson.refetch()}
    />
  );
}

/** Whether a key press belongs to a field or a window rather than to the player. */
function isForOther(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  // Space presses a focused button or link.
  return event.key === ' ' && target.closest('button, a, [role="button"]') !== null;
}

/** The player itself: the slides, the teacher's side (instruction, marks) and finishing. */
export function LessonPlayer({
  lesson,
  checking = false,
  onCheck = () => {},
  onFinished,
  lockedWindow,
}: PlayerHooks & {
  lesson: Lesson;
  checking?: boolean;
  onCheck?: () => void;
}) {
  const { t } = useTranslation();
  useTrackLesson(lesson);
  // The presentations (exercises' decks), then the story parts the teacher added (their slides).
  const items = playerItems(lesson);
  const parts = playerParts(lesson);
  const total = items.length + parts.length;
  const [place, setPlace] = useState<PlayerPlace>({ index: 0, slide: 0 });
  const [finishing, setFinishing] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const current: PlayerItem | null = items[place.index] ?? null;
  const currentPart = parts[place.index - items.length] ?? null;
  const following = items[place.index + 1] ?? null;
  const followingPart = parts[place.index + 1 - items.length] ?? null;
  const slides = useSlides(current?.exercise_id ?? null);
  const nextSlides = useSlides(following?.exercise_id ?? null);
  const count = currentPart ? currentPart.part.slides.length : (slides.data?.slides.length ?? 0);
  const urls: (string | null)[] = currentPart
    ? currentPart.part.slides.map((entry) => entry.image_url)
    : (slides.data?.slides ?? []).map((entry) => entry.file_url);
  const slide = shownSlide(place, count);
  const title = current?.title ?? currentPart?.part.title ?? '';

  const forward = () => {
    const next = nextPlace(place, count, total);
    if (next) setPlace(next);
  };
  const back = () => {
    const previous = previousPlace(place, count);
    if (previous) setPlace(previous);
  };

  useEffect(() => {
    if (finishing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isForOther(event))
        return;
      // The place the key leads to, from the place, its slide count and the lesson's items now.
      let to: PlayerPlace | null = null;
      if (event.key === 'ArrowRight' || event.key === 'PageDown' || event.key === ' ') {
        to = nextPlace(place, count, total);
      } else if (event.key === 'ArrowLeft' || event.key === 'PageUp') {
        to = previousPlace(place, count);
      } else {
        return;
      }
      event.preventDefault();
      if (to) setPlace(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [place, count, total, finishing]);

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };

  // The image on screen, and the next one loaded ahead (the next slide, or the next presentation's first).
  const shown = urls[slide] ?? null;
  const ahead =
    slide < count - 1
      ? (urls[slide + 1] ?? null)
      : (followingPart?.part.slides[0]?.image_url ?? nextSlides.data?.slides[0]?.file_url ?? null);
  useApiFileUrl(ahead);

  const finished = lesson.status === 'finished';
  const heading = t('player.title', { number: lesson.number, name: lesson.client.child_name });

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
          <Button
            component={Link}
            to={lessonEditorPath(lesson.id)}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('player.back')}
          </Button>
          <Title order={1} size="h4" lineClamp={1}>
            {heading}
          </Title>
        </Group>
        <Group gap="sm">
          {/* First of the group: its window opens to its left, over the slide, clear of the marks. */}
          {total > 0 && (
            <SessionControl
              lessonId={lesson.id}
              place={current || currentPart ? { position: place.index, slide } : null}
              finished={finished}
              locked={lesson.locked}
            />
          )}
          {total > 0 && (
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('player.progress', { index: place.index + 1, total })}
            </Text>
          )}
          <Tooltip label={t(fullScreen ? 'player.exitFullScreen' : 'player.fullScreen')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={toggleFullScreen}
              aria-label={t(fullScreen ? 'player.exitFullScreen' : 'player.fullScreen')}
            >
              {fullScreen ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          {(current || currentPart) && (
            <ReportProblemButton
              object={
                current
                  ? { kind: 'exercise', id: current.exercise_id }
                  : currentPart && { kind: 'story', id: currentPart.part.history_id }
              }
              slide={count > 0 ? slide + 1 : null}
              place={currentPart ? `${currentPart.part.story_title} · ${currentPart.part.title}` : ''}
            />
          )}
          {!finished && total > 0 && (
            <Button leftSection={<IconFlag size={16} aria-hidden />} onClick={() => setFinishing(true)}>
              {t('player.finish.button')}
            </Button>
          )}
        </Group>
      </Group>

      {current === null && currentPart === null ? (
        <Center component="main" style={{ flex: 1 }} p="md">
          <Stack maw={520} align="center">
            <Text ta="center">{t('player.empty')}</Text>
            <Button component={Link} to={lessonEditorPath(lesson.id)}>
              {t('player.back')}
            </Button>
          </Stack>
        </Center>
      ) : (
        <Box
          component="main"
          style={{ flex: 1, display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)' }}
          p="md"
        >
          <Stack gap="xs" style={{ flex: '3 1 560px', minWidth: 0 }}>
            <SlideStage
              title={title}
              fileUrl={shown}
              slide={slide}
              count={count}
              loading={currentPart ? false : slides.isPending}
              message={currentPart ? null : (slides.data?.message ?? null)}
              failed={currentPart ? false : slides.isError}
              onForward={forward}
              onBack={back}
            />
            {currentPart && currentPart.part.slides[slide]?.text && (
              <Text size="lg" fw={500} ta="center">
                {currentPart.part.slides[slide]?.text}
              </Text>
            )}
            <Group justify="space-between" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={18} aria-hidden />}
                onClick={back}
                disabled={previousPlace(place, count) === null}
              >
                {t('player.previous')}
              </Button>
              <Text size="sm" c="gray.7" ta="center">
                {count > 0 ? t('player.slideOf', { index: slide + 1, total: count }) : ''}
              </Text>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={18} aria-hidden />}
                onClick={forward}
                disabled={nextPlace(place, count, total) === null}
              >
                {t('player.next')}
              </Button>
            </Group>
            <Text size="xs" c="gray.7">
              {t('player.keyboardHint')}
            </Text>
          </Stack>
          <Box component="aside" aria-label={t('player.side')} style={{ flex: '1 1 320px' }}>
            {current ? (
              <TeacherSide lesson={lesson} item={current} finished={finished} />
            ) : (
              currentPart && <StorySide part={currentPart.part} slide={slide} />
            )}
          </Box>
        </Box>
      )}

      {finishing && (
        <FinishLessonModal
          lesson={lesson}
          items={items}
          current={place.index}
          opened={finishing}
          onClose={() => setFinishing(false)}
          onFinished={onFinished}
        />
      )}
      {lockedWindow?.({ opened: lesson.locked, backTo: LESSONS_LIST_PATH, checking, onCheck })}
    </Box>
  );
}

export default PlayLessonPage;
