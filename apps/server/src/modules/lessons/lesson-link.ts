/**
 * A lesson's link for the child's screen as the public-link kit knows it (decision 029): the
 * lesson's own teacher shares it, the link opens /client-session/<token>, a finished lesson gets
 * none, and every change of it reaches the open child's screens at once (the table's trigger tells
 * them, decision 048).
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
import type { Database, Tx } from '../../db/client.ts';
import { lessons, type LessonRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { declarePublicLink, linkOf } from '../public-links/index.ts';
import { ownLesson } from './lesson-context.ts';

/** The project and role acted in (no time zone: nothing here is judged by the day). */
export const sessionQuery = lessonActingQuery.omit({ time_zone: true });

/**
 * The lessons whose session changed, as one database tells them (decision 048): migration 0027's
 * triggers notify `lesson_session_changed` with the lesson's id on every write the child's screen
 * shows (the lesson's session, its finish, its presentations and story parts, its link), whichever
 * app instance wrote it, and every instance hears it on its listening connection. A lost connection
 * tells every lesson's streams to read again.
 */
class SessionChanges {
  private readonly emitter = new EventEmitter();

  constructor(database: Pick<Database, 'onNotify'>) {
    // One listener per open child's screen: as many as there are children following.
    this.emitter.setMaxListeners(0);
    database.onNotify((event) => {
      if ('lost' in event) {
        for (const name of this.emitter.eventNames()) this.emitter.emit(name);
      } else if (event.channel === 'lesson_session_changed' && /^\d+$/.test(event.payload)) {
        // Only a lesson's id: a payload like `error` would be the emitter's own event (it throws).
        this.emitter.emit(event.payload);
      }
    });
  }

  on(lessonId: number, listener: () => void): () => void {
    this.emitter.on(String(lessonId), listener);
    return () => void this.emitter.off(String(lessonId), listener);
  }

  followers(lessonId: number): number {
    return this.emitter.listenerCount(String(lessonId));
  }
}

// One per database handle (an app instance has one; a test may run two in one process).
const changesOf = new WeakMap<Pick<Database, 'onNotify'>, SessionChanges>();
const changesIn = (database: Pick<Database, 'onNotify'>) => {
  let changes = changesOf.get(database);
  if (!changes) {
    changes = new SessionChanges(database);
    changesOf.set(database, changes);
  }
  return changes;
};

/**
 * Calls `listener` on every change of a lesson's session made on any app instance (and when
 * notifications may have been lost); returns the way to stop.
 */
export const onSessionChange = (
  database: Pick<Database, 'onNotify'>,
  lessonId: number,
  listener: () => void,
): (() => void) => changesIn(database).on(lessonId, listener);

/** How many streams of this app instance follow a lesson now. */
export const sessionFollowers = (database: Pick<Database, 'onNotify'>, lessonId: number): number =>
  changesIn(database).followers(lessonId);

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
  sharing: {
    schema: lessonSessionLinkSchema,
    summary: "The lesson's session link for the child's screen (null when none) and where its session stands",
    read: async (db, baseUrl, actor, id) => sessionLinkState(db, baseUrl, await ownLesson(db, actor, id)),
  },
});
