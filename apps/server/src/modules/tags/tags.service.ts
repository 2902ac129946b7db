import type { Tag, TagInput, TagMergeInput, TagsQuery } from '@logoschool/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { exerciseTags, tags, type TagRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';

const toTagView = (row: TagRow): Tag => ({ id: row.id, name: row.name });

const inProject = (workspaceId: number) => eq(tags.workspaceId, workspaceId);

const ownTag = (workspaceId: number, id: number) => and(inProject(workspaceId), eq(tags.id, id));

/**
 * Tag names are checked and written under a per-project lock, so that two calls cannot both find a
 * name free; the unique index on the lower-cased name stays as the last guard.
 */
const TAGS_LOCK_ID = 7_260_011;

async function lockTags(tx: Tx, workspaceId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TAGS_LOCK_ID}::int, ${workspaceId}::int)`);
}

/** Throws 409 `tag_exists`, naming the tag, when another tag of the project has the name, ignoring case. */
async function assertNameFree(tx: Tx, scope: ProjectActor, name: string, exceptId?: number) {
  const sameName = and(inProject(scope.workspaceId), sql`lower(${tags.name}) = lower(${name})`);
  const [taken] = await tx
    .select({ name: tags.name })
    .from(tags)
    .where(exceptId === undefined ? sameName : and(sameName, ne(tags.id, exceptId)))
    .limit(1);
  if (taken) {
    throw new AppError('tag_exists', { name: taken.name }, { name: [fieldMessage(scope.lang, 'tagTaken')] });
  }
}

/** The project's tags by name; `term` keeps those whose name contains it, ignoring case. */
export async function listTags(db: Tx, workspaceId: number, query: TagsQuery): Promise<Tag[]> {
  // strpos, not LIKE: the term is plain text, its % and _ match only themselves.
  const where = query.term
    ? and(inProject(workspaceId), sql`strpos(lower(${tags.name}), lower(${query.term})) > 0`)
    : inProject(workspaceId);
  const rows = await db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return rows.map(toTagView);
}

/** A new tag of the project; 409 `tag_exists` when the name is taken, ignoring case. */
export async function createTag(db: Db, scope: ProjectActor, input: TagInput): Promise<Tag> {
  return db.transaction(async (tx) => {
    await lockTags(tx, scope.workspaceId);
    await assertNameFree(tx, scope, input.name);
    const [row] = await tx
      .insert(tags)
      .values({ workspaceId: scope.workspaceId, name: input.name })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toTagView(row);
  });
}

/**
 * Renames a tag of the project: 404 when it is not the project's, 409 `tag_exists` when another tag
 * has the name. A change of case only is the tag's own name.
 */
export async function renameTag(db: Db, scope: ProjectActor, id: number, input: TagInput): Promise<Tag> {
  return db.transaction(async (tx) => {
    await lockTags(tx, scope.workspaceId);
    const [current] = await tx.select({ id: tags.id }).from(tags).where(ownTag(scope.workspaceId, id));
    if (!current) throw notFound();
    await assertNameFree(tx, scope, input.name, id);
    const [row] = await tx
      .update(tags)
      .set({ name: input.name })
      .where(ownTag(scope.workspaceId, id))
      .returning();
    if (!row) throw notFound();
    return toTagView(row);
  });
}

/**
 * Gives every use of tag `fromId` to tag `intoId`, before `fromId` is deleted: each exercise of the
 * source that lacks the target gets it (an exercise that has both keeps one), then the source's
 * links go.
 */
export async function moveTagUses(tx: Tx, fromId: number, intoId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${exerciseTags} (exercise_id, tag_id)
    select ${exerciseTags.exerciseId}, ${intoId}::int from ${exerciseTags} where ${exerciseTags.tagId} = ${fromId}
    on conflict do nothing`);
  await tx.delete(exerciseTags).where(eq(exerciseTags.tagId, fromId));
}

/**
 * Merges a tag of the project into another one of it (`into_id`): the other takes over its uses
 * (`moveTagUses`) and it is deleted. 404 when the tag is not the project's; 422 when `into_id` is the
 * tag itself or not a tag of the project. Answers the tag merged into.
 */
export async function mergeTag(db: Db, scope: ProjectActor, id: number, input: TagMergeInput): Promise<Tag> {
  return db.transaction(async (tx) => {
    await lockTags(tx, scope.workspaceId);
    const [source] = await tx.select().from(tags).where(ownTag(scope.workspaceId, id));
    if (!source) throw notFound();
    const into = (field: 'tagMergeSelf' | 'tagNotFound') =>
      new AppError('validation_failed', {}, { into_id: [fieldMessage(scope.lang, field)] });
    if (input.into_id === id) throw into('tagMergeSelf');
    const [target] = await tx.select().from(tags).where(ownTag(scope.workspaceId, input.into_id));
    if (!target) throw into('tagNotFound');
    await moveTagUses(tx, source.id, target.id);
    await tx.delete(tags).where(ownTag(scope.workspaceId, source.id));
    return toTagView(target);
  });
}

/** Deletes a tag of the project, and with it its uses; 404 when it is not the project's. */
export async function deleteTag(db: Tx, workspaceId: number, id: number): Promise<void> {
  const deleted = await db.delete(tags).where(ownTag(workspaceId, id)).returning({ id: tags.id });
  if (deleted.length === 0) throw notFound();
}
