/**
 * The live session of a lesson (issue 15 items 4–5, spec §2 /client-session/:encryptedId,
 * decision 021): the teacher's player starts, moves and ends it; the child's screen, opened under
 * the lesson's random link, reads where it stands and follows it through a stream.
 *
 * The link is the public-link kit's (decision 029, `lesson-link.ts`): it opens a read-only page of
 * slides, nothing an account could do.
 */
import {
  API,
  API_BASE,
  firstNameOf,
  isLanguage,
  type ClientSession,
  type LessonSessionLink,
  type SessionStateView,
  type sessionMoveInput,
} from '@logoschool/contract';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  clients,
  exerciseFiles,
  exerciseSlides,
  lessons,
  protocols,
  type LessonRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { invalidLink, issueLink, openLink, stillOpens } from '../public-links/index.ts';
import { STORY_FILES, storyFileRow } from '../stories/index.ts';
import { EXERCISE_FILES } from '../exercises/index.ts';
import { isLocked, ownLesson, planOf, planOutline, presentationsOf } from './lesson-context.ts';
import { lessonLinks, sessionLinkState, sessionStateOf } from './lesson-link.ts';
import { storyPartsOf } from './lesson-story-parts-view.ts';

/** What the teacher's session services need besides their input. */
export interface SessionContext {
  db: Db;
  /** The web app's address, for the link. */
  baseUrl: string;
}

/** Where the child's screen reads one slide image, by the link's token. */
const slideUrl = (token: string, position: number, slide: number) =>
  `${API_BASE}${API.playLesson}/${token}/slide?position=${position}&slide=${slide}`;

// ---------------------------------------------------------------------------------------------
// Reading a session.

/** The lesson's presentations in play order (block by block as the plan orders them, each in its order). */
export async function playOrder(tx: Tx, lesson: LessonRow) {
  const outline = await planOutline(tx, await planOf(tx, lesson));
  const rows = await presentationsOf(tx, lesson.id);
  return outline.blocks.flatMap((block) => rows.filter((row) => row.blockKey === block.key));
}

/**
 * What the session plays, in order: the lesson's presentations (`playOrder`), then its story parts
 * in the order added. A presentation's slides are its deck's rendered images; a story part's are
 * its slides, each an image and the child's text.
 */
type SessionItem =
  | { kind: 'exercise'; exerciseId: number; title: string }
  | { kind: 'story'; title: string; slides: { imageFileId: number; text: string }[] };

async function sessionOrder(tx: Tx, lesson: LessonRow): Promise<SessionItem[]> {
  const [presentations, parts] = await Promise.all([playOrder(tx, lesson), storyPartsOf(tx, lesson)]);
  return [
    ...presentations.map((row) => ({
      kind: 'exercise' as const,
      exerciseId: row.exerciseId,
      title: row.title,
    })),
    ...parts.map((part) => ({
      kind: 'story' as const,
      title: part.title,
      slides: part.slides.map((slide) => ({ imageFileId: slide.image_file_id, text: slide.text })),
    })),
  ];
}

/** How many slides each item has: a story part its own, a presentation its deck's rendered images. */
async function slidesOfItems(tx: Tx, items: readonly (SessionItem | undefined)[]): Promise<number[]> {
  const exerciseIds = items.flatMap((item) => (item?.kind === 'exercise' ? [item.exerciseId] : []));
  const counts = await slideCounts(tx, exerciseIds);
  return items.map((item) =>
    !item ? 0 : item.kind === 'story' ? item.slides.length : (counts.get(item.exerciseId) ?? 0),
  );
}

/** How many rendered slide images each exercise's deck has. */
async function slideCounts(tx: Tx, exerciseIds: readonly number[]): Promise<Map<number, number>> {
  if (exerciseIds.length === 0) return new Map();
  const rows = await tx
    .select({ exerciseId: exerciseSlides.exerciseId, slides: count() })
    .from(exerciseSlides)
    .where(inArray(exerciseSlides.exerciseId, [...new Set(exerciseIds)]))
    .groupBy(exerciseSlides.exerciseId);
  return new Map(rows.map((row) => [row.exerciseId, row.slides]));
}

/** What the child's screen shows of a session: the presentation and slide while live, and the next image. */
async function sessionView(tx: Tx, lesson: LessonRow, token: string): Promise<SessionStateView> {
  const state = sessionStateOf(lesson);
  const position = lesson.sessionPosition;
  const slide = lesson.sessionSlide;
  const base = { state, position, slide, presentation: null, next_image_url: null };
  if (state !== 'live') return base;
  const items = await sessionOrder(tx, lesson);
  const item = items[position];
  if (!item) return base;
  const following = items[position + 1];
  const [slides = 0, followingSlides = 0] = await slidesOfItems(tx, [item, following]);
  let next: string | null = null;
  if (slide + 1 < slides) next = slideUrl(token, position, slide + 1);
  else if (following && followingSlides > 0) next = slideUrl(token, position + 1, 0);
  return {
    ...base,
    presentation: {
      title: item.title,
      slides,
      image_url: slide < slides ? slideUrl(token, position, slide) : null,
      text: item.kind === 'story' ? (item.slides[slide]?.text ?? '') : '',
    },
    next_image_url: next,
  };
}

/** The lesson and its student of a link's token; the kit's one 404 for a wrong or withdrawn one. */
async function lessonOfToken(db: Tx, token: string) {
  const { subjectId } = await openLink(db, lessonLinks, token);
  const [found] = await db
    .select({ lesson: lessons, language: clients.language, childName: clients.childName })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(eq(lessons.id, subjectId));
  if (!found) throw invalidLink();
  return found;
}

/**
 * `GET /play-lesson/:token` (public): the lesson for the child's screen, in the student's language,
 * with the child's first name and where the session stands (the contract's `clientSessionSchema`).
 */
export async function showSession(db: Db, token: string): Promise<ClientSession> {
  const { lesson, language, childName } = await lessonOfToken(db, token);
  return {
    language: isLanguage(language) ? language : 'uk',
    child_name: firstNameOf(childName),
    lesson_number: lesson.number,
    presentations: (await sessionOrder(db, lesson)).length,
    session: await sessionView(db, lesson, token),
  };
}

/** The lesson of a link and where its session stands, to open its stream; 404 like `showSession`. */
export async function openSession(db: Db, token: string) {
  const { lesson } = await lessonOfToken(db, token);
  return { lessonId: lesson.id, first: await sessionView(db, lesson, token) };
}

/** Where the session of a lesson's link stands now; null once the link is withdrawn (for the stream). */
export async function sessionOfLink(
  db: Db,
  lessonId: number,
  token: string,
): Promise<SessionStateView | null> {
  if (!(await stillOpens(db, lessonLinks, token))) return null;
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
  return lesson ? sessionView(db, lesson, token) : null;
}

/** A stored file the child's screen is sent: its folder in the file store, name, type and size. */
export interface SessionFile {
  folder: string;
  storedName: string;
  mime: string;
  size: number;
}

/**
 * `GET /play-lesson/:token/slide?position=&slide=` (public): a slide image of the item at `position`
 * in the session's order (a presentation's rendered deck image, a story slide's image); 404 for
 * anything the lesson does not have.
 */
export async function sessionSlide(
  db: Db,
  token: string,
  position: number,
  slide: number,
): Promise<SessionFile> {
  const { lesson } = await lessonOfToken(db, token);
  const item = (await sessionOrder(db, lesson))[position];
  if (!item) throw notFound();
  if (item.kind === 'story') {
    const shown = item.slides[slide];
    if (!shown) throw notFound();
    const file = await storyFileRow(db, lesson.workspaceId, shown.imageFileId);
    return { folder: STORY_FILES, storedName: file.storedName, mime: file.mime, size: file.size };
  }
  const [row] = await db
    .select({ file: exerciseFiles })
    .from(exerciseSlides)
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseSlides.fileId))
    .where(eq(exerciseSlides.exerciseId, item.exerciseId))
    .orderBy(asc(exerciseSlides.position))
    .offset(slide)
    .limit(1);
  if (!row) throw notFound();
  return {
    folder: EXERCISE_FILES,
    storedName: row.file.storedName,
    mime: row.file.mime,
    size: row.file.size,
  };
}

// ---------------------------------------------------------------------------------------------
// The teacher's side.

/** 422 when `position` and `slide` do not name a presentation of the lesson and a slide of its deck. */
async function assertPlace(tx: Tx, caller: ProjectActor, lesson: LessonRow, position: number, slide: number) {
  const item = (await sessionOrder(tx, lesson))[position];
  if (!item) {
    throw new AppError(
      'validation_failed',
      {},
      { position: [fieldMessage(caller.lang, 'sessionPositionOutside')] },
    );
  }
  const [slides = 0] = await slidesOfItems(tx, [item]);
  // A deck without rendered images is shown by its title alone: its one place is slide 0.
  if (slide >= Math.max(slides, 1)) {
    throw new AppError(
      'validation_failed',
      {},
      { slide: [fieldMessage(caller.lang, 'sessionSlideOutside')] },
    );
  }
}

/**
 * `POST /lesson/:lessonId/session`: `start` starts the session (again, after an end) at a place,
 * making the lesson's link when it has none; `move` moves a live session; `end` ends it (a session
 * already over stays as it is). 409 while the lesson is being regenerated or once finished, and
 * for a move or an end of a session that is not running; 422 for a place outside the lesson.
 */
export async function moveSession(
  ctx: SessionContext,
  caller: Actor,
  id: number,
  input: z.output<typeof sessionMoveInput>,
): Promise<LessonSessionLink> {
  const saved = await ctx.db.transaction(async (tx) => {
    const lesson = await ownLesson(tx, caller, id, true);
    if (isLocked(lesson)) throw new AppError('lesson_locked');
    if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
    const state = sessionStateOf(lesson);
    const notLive = () => new AppError('conflict').saying('lessonSessionNotLive');
    let values: Partial<typeof lessons.$inferInsert>;
    if (input.action === 'end') {
      if (state === 'ended') return lesson;
      if (state === 'not_started') throw notLive();
      values = { sessionEndedAt: new Date() };
    } else {
      if (input.action === 'move' && state !== 'live') throw notLive();
      await assertPlace(tx, caller, lesson, input.position, input.slide);
      values = { sessionPosition: input.position, sessionSlide: input.slide };
      if (input.action === 'start') {
        await issueLink(tx, caller, lessonLinks, lesson.id);
        Object.assign(values, {
          sessionStartedAt: state === 'live' ? lesson.sessionStartedAt : new Date(),
          sessionEndedAt: null,
        });
      }
    }
    const [row] = await tx.update(lessons).set(values).where(eq(lessons.id, id)).returning();
    return row ?? lesson;
  });
  // The child's screens hear of it from the lessons table's trigger (decision 048).
  return sessionLinkState(ctx.db, ctx.baseUrl, saved);
}
