/**
 * The child's screen's stream (`GET /play-lesson/:token/events`, decision 021): server-sent events
 * written straight to the response, no dependency. The first event is the session's state; then an
 * event on every change, whichever app instance made it (the database's `lesson_session_changed`
 * notification, heard by every instance: decision 048), a comment every ~25 s so that proxies keep
 * the connection, and `invalid` when the link is withdrawn. A slow re-read is only the safety net
 * for a notification lost with a connection (a lost connection itself makes every stream re-read).
 */
import { SESSION_EVENTS, type SessionStateView } from '@logoschool/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { Database } from '../../db/client.ts';
import { onSessionChange } from './lesson-link.ts';
import { sessionOfLink } from './lesson-session.service.ts';

/**
 * How often a stream re-reads its lesson anyway: changes arrive by notification, this only bounds
 * how long a notification lost without a broken connection could leave a screen behind.
 */
export const SESSION_POLL_MS = 30_000;
/** How often a stream sends a comment, to keep proxies from closing a quiet connection. */
export const SESSION_PING_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream (the `retry` field). */
export const SESSION_RETRY_MS = 3000;

/** The open streams of one app, each closed by calling it (the app closes them as it shuts down). */
export type SessionStreams = Set<() => void>;

interface StreamOptions {
  database: Pick<Database, 'db' | 'onNotify'>;
  log: FastifyBaseLogger;
  streams: SessionStreams;
  token: string;
  lessonId: number;
  /** The state to send first (read while answering the request). */
  first: SessionStateView;
}

/**
 * Takes the reply over and streams the session of `token` until the client goes, the link is
 * withdrawn, or the app closes. The reply's headers so far (security headers, CORS) go with it.
 */
export function streamSession(reply: FastifyReply, options: StreamOptions): void {
  const { database, log, streams, token, lessonId, first } = options;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    // A withdrawn link must stop at once: no copy kept by a browser or a proxy.
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and the like pass the events on as they come instead of buffering them.
    'x-accel-buffering': 'no',
  });

  let closed = false;
  let last = '';
  const send = (event: string, data: string) => {
    if (!closed) raw.write(`event: ${event}\ndata: ${data}\n\n`);
  };
  const push = (view: SessionStateView) => {
    const json = JSON.stringify(view);
    if (json === last) return;
    last = json;
    send(SESSION_EVENTS.state, json);
  };

  // One read at a time; a change told during a read is read once more after it.
  let reading = false;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const view = await sessionOfLink(database.db, lessonId, token);
      if (view === null) {
        send(SESSION_EVENTS.invalid, '{}');
        close();
      } else {
        push(view);
      }
    } catch (error) {
      // The next change or re-read tries again; the client keeps what it shows.
      log.warn({ err: error, lesson: lessonId }, 'session stream: reading the lesson failed');
    } finally {
      reading = false;
    }
    if (again) {
      again = false;
      await refresh();
    }
  };

  const stop = onSessionChange(database, lessonId, () => void refresh());
  const poll = setInterval(() => void refresh(), SESSION_POLL_MS);
  const ping = setInterval(() => {
    if (!closed) raw.write(': ping\n\n');
  }, SESSION_PING_MS);
  function close() {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    clearInterval(ping);
    stop();
    streams.delete(close);
    raw.end();
  }
  streams.add(close);
  raw.on('close', close);

  raw.write(`retry: ${SESSION_RETRY_MS}\n\n`);
  push(first);
  // A change between reading `first` and listening above would wait for the next re-read: read once more.
  void refresh();
}
