/**
 * Stories (issue 30 item 1): a project's authors and moderators keep a working copy, authors send
 * theirs for review, moderators publish it as numbered versions (decision 030); teachers read the
 * latest published version and put its parts into lessons.
 */
import {
  documentStepsFor,
  roleMay,
  statusAfterEdit,
  storyFileIds,
  storyGaps,
  storyWithKeys,
  type DocumentActor,
  type DocumentVersion,
  type Language,
  type StoriesPage,
  type StoriesQuery,
  type Story,
  type StoryContent,
  type StoryStatus,
  type VersionsDiff,
  type VersionsDiffQuery,
  type storyInput,
} from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categories, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { storyFileKinds } from './story-files.service.ts';
import { storyVersionsKit } from './story-versions.ts';
import { stories, storyVersions, type StoryRow } from './stories.schema.ts';

type StoryParsed = z.output<typeof storyInput>;

/** Whether the caller reviews stories (sees and changes every working copy). */
const moderates = (caller: ProjectActor) => roleMay(caller.role, 'stories.moderate');
/** Whether the caller writes stories of their own. */
const writes = (caller: ProjectActor) => roleMay(caller.role, 'stories.write');

const inProject = (workspaceId: number) => eq(stories.workspaceId, workspaceId);

/**
 * The stories of the project the caller reads (`storyReadScope`): every one for a moderator, an
 * author's own and the published ones, else the published ones.
 */
function readable(caller: ProjectActor): SQL | undefined {
  if (moderates(caller)) return inProject(caller.workspaceId);
  const published = gt(stories.version, 0);
  if (writes(caller))
    return and(inProject(caller.workspaceId), or(published, eq(stories.writerId, caller.userId)));
  return and(inProject(caller.workspaceId), published);
}

/** Whether the caller sees and keeps the story's working copy: a moderator, or its writer. */
const keeps = (caller: ProjectActor, row: StoryRow) =>
  moderates(caller) || (writes(caller) && row.writerId === caller.userId);

/** Who the caller is for the story, for the status machine. */
function actorsOf(caller: ProjectActor, row: StoryRow): DocumentActor[] {
  const actors: DocumentActor[] = [];
  if (writes(caller) && row.writerId === caller.userId) actors.push('writer');
  if (moderates(caller)) actors.push('moderator');
  return actors;
}

/** The story's row when the caller reads it; 404 otherwise. */
const readableRow = (db: Tx, caller: ProjectActor, id: number, lock = false) =>
  storyVersionsKit.row(db, readable(caller), id, lock);

/** The story's row when the caller keeps it; 404 when out of reach, 403 when only readable. */
async function keptRow(db: Tx, caller: ProjectActor, id: number): Promise<StoryRow> {
  const row = await readableRow(db, caller, id, true);
  if (!keeps(caller, row)) throw forbidden();
  return row;
}

/** The story as the caller sees it: its keepers the working copy, other readers the latest version. */
async function viewOf(db: Tx, caller: ProjectActor, row: StoryRow): Promise<Story> {
  const working = keeps(caller, row);
  const content = working ? row.content : await storyVersionsKit.content(db, row.id, row.version);
  if (!content) throw notFound();
  const status = working ? (row.status as StoryStatus) : 'published';
  return {
    id: row.id,
    ...content,
    status,
    version: row.version,
    writer: await storyVersionsKit.writerOf(db, row.writerId),
    comment: working ? row.comment : '',
    steps: working ? documentStepsFor(status, actorsOf(caller, row)) : [],
    editable: working,
    lessons: working ? await storyVersionsKit.usage(db, row.id) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `GET /histories/:historyId`. */
export async function getStory(db: Tx, caller: ProjectActor, id: number): Promise<Story> {
  return viewOf(db, caller, await readableRow(db, caller, id));
}

/** `GET /histories/:historyId/versions`. */
export async function listStoryVersions(
  db: Tx,
  caller: ProjectActor,
  id: number,
): Promise<DocumentVersion[]> {
  return storyVersionsKit.list(db, (await readableRow(db, caller, id)).id);
}

/** `GET /histories/:historyId/versions/diff`. */
export async function diffStoryVersions(
  db: Tx,
  caller: ProjectActor,
  id: number,
  query: VersionsDiffQuery,
): Promise<VersionsDiff> {
  const row = await readableRow(db, caller, id);
  const working = keeps(caller, row);
  return storyVersionsKit.diff(db, id, query, async () => ({
    content: working ? row.content : await storyVersionsKit.content(db, id, row.version),
    working,
    version: row.version,
  }));
}

/** `GET /histories`: a page of the stories the caller reads, the latest change first, with counts per status. */
export async function listStories(db: Tx, caller: ProjectActor, query: StoriesQuery): Promise<StoriesPage> {
  // Its keepers read a story's working copy, everyone else its latest version.
  const kept = moderates(caller)
    ? sql<boolean>`true`
    : writes(caller)
      ? sql<boolean>`${stories.writerId} = ${caller.userId}`
      : sql<boolean>`false`;
  const content = sql`(case when ${kept} then ${stories.content} else ${storyVersions.content} end)`;
  const status = sql<StoryStatus>`(case when ${kept} then ${stories.status} else 'published' end)`;
  const title = sql<string>`${content}->>'title'`;
  const language = sql<string>`${content}->>'language'`;
  const filters: (SQL | undefined)[] = [readable(caller)];
  if (query.language) filters.push(sql`${language} = ${query.language}`);
  if (query.term) filters.push(sql`strpos(lower(${title}), lower(${query.term})) > 0`);
  const joined = and(eq(storyVersions.storyId, stories.id), eq(storyVersions.version, stories.version));
  const base = and(...filters);
  const where = query.status ? and(base, sql`${status} = ${query.status}`) : base;
  const [countRows, [total], rows] = await Promise.all([
    db
      .select({ status, count: count() })
      .from(stories)
      .leftJoin(storyVersions, joined)
      .where(base)
      // By the first column: the status expression carries a parameter, which a repeated expression would not match.
      .groupBy(sql`1`),
    db.select({ count: count() }).from(stories).leftJoin(storyVersions, joined).where(where),
    db
      .select({
        id: stories.id,
        content: sql<StoryContent>`${content}`,
        status,
        version: stories.version,
        writerId: stories.writerId,
        writerName: users.name,
        updatedAt: stories.updatedAt,
      })
      .from(stories)
      .innerJoin(users, eq(users.id, stories.writerId))
      .leftJoin(storyVersions, joined)
      .where(where)
      .orderBy(desc(stories.updatedAt), desc(stories.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const counts = { draft: 0, moderation: 0, published: 0 };
  for (const row of countRows) counts[row.status] = row.count;
  const data = rows.map((row) => {
    const slides = row.content.episodes.flatMap((episode) => episode.parts.flatMap((part) => part.slides));
    return {
      id: row.id,
      title: row.content.title,
      language: row.content.language,
      age_from: row.content.age_from,
      age_to: row.content.age_to,
      sounds: row.content.sounds,
      status: row.status,
      version: row.version,
      episodes: row.content.episodes.length,
      slides: slides.length,
      cover_file_id: slides[0]?.image_file_id ?? null,
      writer: { id: row.writerId, name: row.writerName },
      updated_at: row.updatedAt.toISOString(),
    };
  });
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page }, counts };
}

/**
 * What the schema cannot see of a story: its categories are the project's, its slides' images and
 * sounds are the project's story files of the right kind. A 422 naming every field at fault.
 */
async function assertStory(db: Tx, caller: ProjectActor, input: StoryParsed): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (input.category_ids.length > 0) {
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.workspaceId, caller.workspaceId), inArray(categories.id, input.category_ids)));
    const known = new Set(found.map((row) => row.id));
    input.category_ids.forEach((id, index) => {
      if (!known.has(id)) add(`category_ids.${index}`, fieldMessage(caller.lang, 'categoryNotFound'));
    });
  }
  const kinds = await storyFileKinds(db, caller.workspaceId, storyFileIds(input));
  const check = (path: string, id: number | null, kind: 'image' | 'sound') => {
    if (id === null) return;
    const found = kinds.get(id);
    if (found === undefined) add(path, fieldMessage(caller.lang, 'storyFileNotFound'));
    else if (found !== kind)
      add(path, fieldMessage(caller.lang, kind === 'image' ? 'storyFileNotImage' : 'storyFileNotSound'));
  };
  input.episodes.forEach((episode, e) =>
    episode.parts.forEach((part, p) =>
      part.slides.forEach((slide, s) => {
        const at = `episodes.${e}.parts.${p}.slides.${s}`;
        check(`${at}.image_file_id`, slide.image_file_id, 'image');
        check(`${at}.audio_file_id`, slide.audio_file_id, 'sound');
      }),
    ),
  );
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
}

/** `POST /histories`: a new draft, its writer the caller. */
export async function createStory(db: Db, caller: ProjectActor, input: StoryParsed): Promise<Story> {
  await assertStory(db, caller, input);
  const content = storyWithKeys(input, randomUUID);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stories)
      .values({
        workspaceId: caller.workspaceId,
        writerId: caller.userId,
        status: 'draft',
        title: content.title,
        language: content.language,
        content,
      })
      .returning();
    if (!row) throw new Error('the story was not written');
    return viewOf(tx, caller, row);
  });
}

/**
 * `PUT /histories/:historyId`: replaces the working copy (its writer or a moderator); a published
 * story becomes a draft again, lessons keeping the version they took until they take another.
 */
export async function updateStory(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: StoryParsed,
): Promise<Story> {
  const content = storyWithKeys(input, randomUUID);
  return db.transaction(async (tx) => {
    const row = await keptRow(tx, caller, id);
    await assertStory(tx, caller, input);
    const saved = await storyVersionsKit.save(tx, id, {
      title: content.title,
      language: content.language,
      content,
      status: statusAfterEdit(row.status as StoryStatus),
      updatedAt: new Date(),
    });
    return viewOf(tx, caller, saved);
  });
}

/** 422 at each empty list when the story has nothing to read yet (no episode, a part without slides). */
function assertPublishable(lang: Language, content: StoryContent): void {
  const gaps = storyGaps(content);
  if (gaps.length === 0) return;
  throw new AppError(
    'validation_failed',
    {},
    Object.fromEntries(gaps.map((gap) => [gap, [fieldMessage(lang, 'storyEmptyList')]])),
  );
}

/**
 * `POST /histories/:historyId/submit` (its writer) and `…/review` (a moderator): the status steps
 * of the document machine. Publishing writes the working copy as the next version (422 while it has
 * an empty episode or part); returning says why. 403 for a step the caller may not take, 409 for
 * one not from this status.
 */
export async function stepStory(
  db: Db,
  caller: ProjectActor,
  id: number,
  action: 'submit' | 'withdraw' | 'publish' | 'return',
  comment = '',
): Promise<Story> {
  return db.transaction(async (tx) => {
    const row = await keptRow(tx, caller, id);
    const status = storyVersionsKit.step(row.status as StoryStatus, action, actorsOf(caller, row));
    const values: Partial<StoryRow> = { status, updatedAt: new Date() };
    if (action === 'publish') {
      assertPublishable(caller.lang, row.content);
      values.version = row.version + 1;
      values.comment = '';
      await storyVersionsKit.publish(tx, id, row.version + 1, row.content, caller.userId);
    } else if (action === 'return') {
      values.comment = comment;
    } else if (action === 'submit') {
      values.comment = '';
    }
    return viewOf(tx, caller, await storyVersionsKit.save(tx, id, values));
  });
}

/** `DELETE /histories/:historyId`: its writer or a moderator; 409 while lessons hold a part of it. */
export async function deleteStory(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await keptRow(tx, caller, id);
    await storyVersionsKit.remove(tx, id);
  });
}

/**
 * A published story of the project and its latest version's content (for a lesson taking a part
 * of it); 404 for another project's, none, or one never published.
 */
export async function latestPublished(
  db: Tx,
  workspaceId: number,
  id: number,
): Promise<{ version: number; content: StoryContent }> {
  const [row] = await db
    .select({ version: storyVersions.version, content: storyVersions.content })
    .from(stories)
    .innerJoin(
      storyVersions,
      and(eq(storyVersions.storyId, stories.id), eq(storyVersions.version, stories.version)),
    )
    .where(and(eq(stories.workspaceId, workspaceId), eq(stories.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Several published versions' contents at once, by `${id}:${version}`. */
export const storyContents = storyVersionsKit.contents;
