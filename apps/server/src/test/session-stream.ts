import type { SessionStateView } from '@logoschool/contract';
import { expect } from 'vitest';

/** One server-sent event as the child's screen receives it. */
export interface SessionEvent {
  event: string;
  data: string;
}

/**
 * Opens a lesson's event stream on a listening server (`base`, as `app.listen` answers it) and
 * reads its events one at a time (comments and `retry` skipped). `opened` collects the stream's
 * abort controller, for the file's `afterAll` to close what a failed test left open.
 */
export async function openSessionStream(base: string, token: string, opened: AbortController[]) {
  const controller = new AbortController();
  opened.push(controller);
  const response = await fetch(`${base}/api/play-lesson/${token}/events`, {
    signal: controller.signal,
    headers: { 'accept-language': 'en' },
  });
  if (!response.body) throw new Error(`the stream answered ${response.status} without a body`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  /** The next event; null once the server ended the stream. */
  const next = async (): Promise<SessionEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        if (event) return { event, data: lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '' };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += value;
    }
  };
  const nextState = async () => {
    const got = await next();
    expect(got?.event).toBe('state');
    return JSON.parse(got?.data ?? 'null') as SessionStateView;
  };
  return { response, next, nextState, close: () => controller.abort() };
}
