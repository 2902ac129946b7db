import type { LessonSessionLink } from '@logoschool/contract';
import { Alert, Badge, Button, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast, IconBroadcastOff, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import {
  PublicLinkControls,
  PublicLinkQuestion,
  usePublicLinkActions,
} from '../../../components/public-link/public-link-panel.tsx';
import { useLessonLinkSubject, useMoveSession, useSessionLink } from '../api/session.ts';

/** How long the player rests on a place before telling the child's screen (quick key presses send one move). */
export const SESSION_MOVE_DEBOUNCE_MS = 250;

/** Where the player is, as the session counts it: the presentation's place in play order and its slide, from 0. */
export interface SessionPlace {
  position: number;
  slide: number;
}

/**
 * The player's "child's screen" control (issue 15 item 5): starts the live session (making the
 * child's link when there is none), ends it, and the shared public-link panel (copy, replace,
 * withdraw: open child's screens say so at once). While the
 * session runs, every place the player rests on is sent (debounced, in the background: the
 * teacher's navigation never waits for it). Finishing the lesson ends the session on the server.
 */
export function SessionControl({
  lessonId,
  place,
  finished,
  locked,
}: {
  lessonId: number;
  /** Where the player is; null while it has nothing to show. */
  place: SessionPlace | null;
  finished: boolean;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const link = useSessionLink(lessonId);
  const change = useMoveSession(lessonId);
  const follow = useMoveSession(lessonId);
  const linkActions = usePublicLinkActions(useLessonLinkSubject(lessonId));
  const [opened, setOpened] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const state: LessonSessionLink | undefined = link.data;
  const live = state?.state === 'live';

  // Finishing ends the session on the server: show it.
  const { refetch } = link;
  useEffect(() => {
    if (finished) void refetch();
  }, [finished, refetch]);

  // While live, the place the player rests on goes to the child's screen.
  const position = place?.position ?? null;
  const slide = place?.slide ?? null;
  const sent = useRef<string | null>(null);
  const { mutate: send } = follow;
  useEffect(() => {
    if (!live || position === null || slide === null) return;
    const key = `${position}:${slide}`;
    if (sent.current === key || (state?.position === position && state.slide === slide)) {
      sent.current = key;
      return;
    }
    const timer = window.setTimeout(() => {
      sent.current = key;
      send(
        { action: 'move', position, slide },
        {
          // The session ended elsewhere (another tab finished the lesson): show where it stands.
          onError: (error) => {
            sent.current = null;
            if (error instanceof ApiError && error.status === 409) void refetch();
          },
        },
      );
    }, SESSION_MOVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [live, position, slide, send, refetch, state?.position, state?.slide]);

  const act = async (action: 'start' | 'end') => {
    setProblem(null);
    try {
      await change.mutateAsync({ action, position: position ?? 0, slide: slide ?? 0 });
      if (action === 'start') sent.current = `${position ?? 0}:${slide ?? 0}`;
    } catch (error) {
      setProblem(errorTextOf(error));
    }
  };

  const stateText = live
    ? t('player.session.liveText')
    : state?.state === 'ended'
      ? t('player.session.endedText')
      : t('player.session.notStartedText');

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        // Beside the button, over the slide: below it the window would cover the marks panel (issue 27).
        position="left-start"
        width={380}
        shadow="md"
        trapFocus
        withinPortal
      >
        <Popover.Target>
          <Button
            variant={live ? 'filled' : 'default'}
            color={live ? 'red.8' : undefined}
            leftSection={
              live ? <IconBroadcast size={16} aria-hidden /> : <IconBroadcastOff size={16} aria-hidden />
            }
            onClick={() => setOpened((open) => !open)}
            aria-expanded={opened}
          >
            {live ? t('player.session.buttonLive') : t('player.session.button')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-labelledby="session-control-title" role="dialog">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h5" id="session-control-title">
                {t('player.session.title')}
              </Title>
              <Badge color={live ? 'red.8' : 'gray.7'} variant={live ? 'filled' : 'light'}>
                {t(`player.session.states.${state?.state ?? 'not_started'}`)}
              </Badge>
            </Group>
            {link.isError ? (
              <Alert color="red" role="alert">
                {errorTextOf(link.error)}
              </Alert>
            ) : (
              <Text size="sm">{stateText}</Text>
            )}
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group gap="xs">
              {live ? (
                <Button
                  color="red.8"
                  leftSection={<IconBroadcastOff size={16} aria-hidden />}
                  onClick={() => void act('end')}
                  loading={change.isPending}
                >
                  {t('player.session.end')}
                </Button>
              ) : (
                <Button
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                  onClick={() => void act('start')}
                  loading={change.isPending}
                  disabled={finished || locked || place === null || link.isPending}
                >
                  {state?.state === 'ended' ? t('player.session.startAgain') : t('player.session.start')}
                </Button>
              )}
            </Group>
            <PublicLinkControls
              link={state}
              actions={linkActions}
              // The link comes with the start: the session's state says what the child sees.
              canIssue={false}
              texts={{
                label: t('player.session.link'),
                hint: t('player.session.linkHint'),
                none: t('player.session.noLink'),
                withdrawQuestion: t('player.session.revokeQuestion'),
              }}
              // The question stands alone: the control's window would cover it.
              onAsk={() => setOpened(false)}
            />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <PublicLinkQuestion actions={linkActions} withdrawQuestion={t('player.session.revokeQuestion')} />
    </>
  );
}
