/**
 * A lesson's link for the child's screen as the public-link kit knows it (decision 029): the
 * lesson's own teacher shares it, the link opens /client-session/<token>, a finished lesson gets
 * none, and every change of it reaches the open child's screens at once.
 */
import {
  API,
  CLIENT_SESSION_PAGE,
  LESSON_LINK_KIND,
  lessonActingQuery,
  lessonParams,
  lessonSessionLinkSchema,
  type LessonSessionLink,
  type SessionState,
} from '@logoschool/contract';
import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lessons, type LessonRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { declarePublicLink, linkOf } from '../public-links/index.ts';
import { ownLesson } from './lesson-context.ts';

/** The project and role acted in (no time zone: nothing here is judged by the day). */
export const sessionQuery = lessonActingQuery.omit({ time_zone: true });

// Changes within this process: a stream re-reads its lesson when told (see lesson-session.stream.ts).
const changes = new EventEmitter();
// One listener per open child's screen: as many as there are children following.
changes.setMaxListeners(0);

/** Tells the open streams of a lesson, in this process, that its session or link changed. */
export function sessionChanged(lessonId: number): void {
  changes.emit(String(lessonId));
}

/** Calls `listener` on every change of a lesson's session in this process; returns the way to stop. */
export function onSessionChange(lessonId: number, listener: () => void): () => void {
  changes.on(String(lessonId), listener);
  return () => changes.off(String(lessonId), listener);
}

/** How many streams of this process follow a lesson now. */
export const sessionFollowers = (lessonId: number): number => changes.listenerCount(String(lessonId));

/** Where a lesson's session stands: over once ended or once the lesson is finished. */
export function sessionStateOf(lesson: LessonRow): SessionState {
  if (lesson.finishedAt !== null || lesson.sessionEndedAt !== null) return 'ended';
  return lesson.sessionStartedAt === null ? 'not_started' : 'live';
}

/** The lesson's link and where its session stands (the teacher's player reads both). */
export const sessionLinkState = async (
  tx: Tx,
  baseUrl: string,
  lesson: LessonRow,
): Promise<LessonSessionLink> => ({
  ...(await linkOf(tx, baseUrl, lessonLinks, lesson.id)),
  state: sessionStateOf(lesson),
  position: lesson.sessionPosition,
  slide: lesson.sessionSlide,
});

export const lessonLinks = declarePublicLink({
  kind: LESSON_LINK_KIND,
  page: CLIENT_SESSION_PAGE,
  path: `${API.lesson}/:lessonId`,
  param: 'lessonId',
  params: lessonParams,
  querystring: sessionQuery,
  permission: 'lessons.manage',
  tag: 'lessons',
  noun: "a lesson, for the child's screen",
  find: (tx, actor, id) => ownLesson(tx, actor, id, true),
  assertIssuable: async (tx, id) => {
    const [lesson] = await tx
      .select({ finishedAt: lessons.finishedAt })
      .from(lessons)
      .where(eq(lessons.id, id));
    if (!lesson) throw notFound();
    if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
  },
  changed: sessionChanged,
  sharing: {
    schema: lessonSessionLinkSchema,
    summary: "The lesson's session link for the child's screen (null when none) and where its session stands",
    read: async (db, baseUrl, actor, id) => sessionLinkState(db, baseUrl, await ownLesson(db, actor, id)),
  },
});
