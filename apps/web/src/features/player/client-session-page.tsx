import {
  SESSION_EVENTS,
  sessionStateSchema,
  type ClientSession,
  type SessionStateView,
} from '@logoschool/contract';
import { Box, Center, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClockPause, IconMoodHappy } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { PublicNotice } from '../../components/public-notice.tsx';
import { fetchClientSession, publicImageUrl, sessionEventsUrl } from './api/session.ts';

/** How long the screen waits before asking again after the stream was refused or the server was away. */
export const SESSION_RECONNECT_MS = 3000;

/**
 * /client-session/:token (public, spec §2 `/client-session/:encryptedId`, issue 15 item 5): the
 * screen the child or the parent opens during an online lesson, in the shared public page's frame
 * (decision 029). It shows the slide the teacher's player shows and follows it live (server-sent
 * events from the API), in the student's language; it says plainly when the session has not
 * started, when it has ended, and when the link is wrong or withdrawn.
 */
export function ClientSessionPage() {
  return (
    <PublicLinkPage read={fetchClientSession} large>
      {(lesson, { token, invalidate }) => (
        <FollowedSession token={token} lesson={lesson} onInvalid={invalidate} />
      )}
    </PublicLinkPage>
  );
}

/**
 * Follows the session's stream: each `state` event replaces what the screen shows. The browser
 * reconnects a dropped stream by itself; a stream the server refused (the link withdrawn meanwhile,
 * the server restarting) is asked about again after a pause, and the screen says it is reconnecting.
 */
function useFollowedSession(token: string, first: SessionStateView, onInvalid: () => void) {
  const [session, setSession] = useState(first);
  const [reconnecting, setReconnecting] = useState(false);

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: number | undefined;
    let stopped = false;

    const later = () => {
      timer = window.setTimeout(() => {
        fetchClientSession(token).then(
          (fresh) => {
            if (stopped) return;
            setSession(fresh.session);
            connect();
          },
          (error: unknown) => {
            if (stopped) return;
            if (error instanceof ApiError && error.status === 404) onInvalid();
            else later();
          },
        );
      }, SESSION_RECONNECT_MS);
    };

    function connect() {
      const stream = new EventSource(sessionEventsUrl(token));
      source = stream;
      stream.addEventListener('open', () => setReconnecting(false));
      stream.addEventListener(SESSION_EVENTS.state, (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        const parsed = sessionStateSchema.safeParse(data);
        if (parsed.success) {
          setSession(parsed.data);
          setReconnecting(false);
        }
      });
      stream.addEventListener(SESSION_EVENTS.invalid, () => {
        stopped = true;
        stream.close();
        onInvalid();
      });
      stream.addEventListener('error', () => {
        if (stopped) return;
        setReconnecting(true);
        if (stream.readyState === EventSource.CLOSED) later();
      });
    }

    connect();
    return () => {
      stopped = true;
      source?.close();
      window.clearTimeout(timer);
    };
  }, [token, onInvalid]);

  // The image the teacher will most likely show next is loaded ahead, to appear at once.
  const ahead = session.next_image_url;
  useEffect(() => {
    if (!ahead) return;
    const image = new Image();
    image.src = publicImageUrl(ahead);
  }, [ahead]);

  return { session, reconnecting };
}

function FollowedSession({
  token,
  lesson,
  onInvalid,
}: {
  token: string;
  lesson: ClientSession;
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const { session, reconnecting } = useFollowedSession(token, lesson.session, onInvalid);
  const heading = t('clientSession.heading', { number: lesson.lesson_number, name: lesson.child_name });

  let content: ReactNode;
  if (session.state === 'not_started') {
    content = (
      <PublicNotice large>
        <Box c="blue.8" aria-hidden>
          <IconClockPause size={48} />
        </Box>
        <Text fw={600} c="gray.7">
          {heading}
        </Text>
        <Title order={1} size="h2">
          {t('clientSession.notStartedTitle')}
        </Title>
        <Text size="lg">{t('clientSession.notStartedText')}</Text>
      </PublicNotice>
    );
  } else if (session.state === 'ended') {
    content = (
      <PublicNotice large>
        <Box c="teal.8" aria-hidden>
          <IconMoodHappy size={48} />
        </Box>
        <Text fw={600} c="gray.7">
          {heading}
        </Text>
        <Title order={1} size="h2">
          {t('clientSession.endedTitle')}
        </Title>
        <Text size="lg">{t('clientSession.endedText', { name: lesson.child_name })}</Text>
      </PublicNotice>
    );
  } else {
    content = <Stage heading={heading} session={session} />;
  }

  return (
    <>
      {content}
      <Box
        role="status"
        aria-live="polite"
        pos="fixed"
        bottom={12}
        left={0}
        right={0}
        style={{ display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
      >
        {reconnecting && (
          <Text size="sm" bg="white" c="gray.9" px="md" py={6} style={{ borderRadius: 999 }}>
            {t('clientSession.reconnecting')}
          </Text>
        )}
      </Box>
    </>
  );
}

/** The slide the teacher shows, filling the window; its title alone when its deck has no image. */
function Stage({ heading, session }: { heading: string; session: SessionStateView }) {
  const { t } = useTranslation();
  const shown = session.presentation;
  let content: ReactNode;
  if (!shown) {
    content = (
      <Text c="gray.3" size="xl" ta="center">
        {t('clientSession.waiting')}
      </Text>
    );
  } else if (shown.image_url) {
    content = (
      <img
        src={publicImageUrl(shown.image_url)}
        alt={t('clientSession.slideAlt', {
          title: shown.title,
          index: session.slide + 1,
          total: shown.slides,
        })}
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
    );
  } else {
    content = (
      <Title order={2} c="white" ta="center" size="h1" px="md">
        {shown.title}
      </Title>
    );
  }
  return (
    <Box component="main" bg="dark.9" h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <VisuallyHidden>
        <h1>{heading}</h1>
      </VisuallyHidden>
      <Center style={{ flex: 1, minHeight: 0 }}>{content}</Center>
      {/* A story slide's text for the child, under its image. */}
      {shown?.text ? (
        <Text c="white" size="xl" fw={500} ta="center" p="md" aria-live="polite">
          {shown.text}
        </Text>
      ) : null}
    </Box>
  );
}

export default ClientSessionPage;
