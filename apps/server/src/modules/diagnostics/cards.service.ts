/**
 * Diagnostic cards (issue 16 item 1, spec §3 Diagnostic card): the project's moderators keep a
 * working copy and publish it as numbered versions that diagnoses are made from; teachers read the
 * latest published version.
 */
import {
  checkCard,
  diagnosticCardActions,
  roleMay,
  withKeys,
  type diagnosticCardInput,
  type DiagnosticCard,
  type DiagnosticCardsPage,
  type DiagnosticCardsQuery,
  type DiagnosticCardStatus,
  type DocumentVersion,
  type Language,
  type VersionsDiff,
  type VersionsDiffQuery,
} from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  diagnoses,
  diagnosticCardVersions,
  diagnosticCards,
  recommendedPrograms,
  users,
  type DiagnosticCardRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { text, type TextKey } from '../../i18n/index.ts';
import { cardVersions } from './card-versions.ts';

type CardInput = z.output<typeof diagnosticCardInput>;

/** Whether the caller keeps cards (sees and changes every working copy). */
const manages = (caller: ProjectActor) => roleMay(caller.role, 'diagnosticCards.manage');

const inProject = (workspaceId: number) => eq(diagnosticCards.workspaceId, workspaceId);

/** The cards of the project the caller reads: every one for a moderator, else the published ones. */
function readable(caller: ProjectActor): SQL | undefined {
  if (manages(caller)) return inProject(caller.workspaceId);
  return and(inProject(caller.workspaceId), gt(diagnosticCards.version, 0));
}

/** The card as the caller sees it: moderators the working copy, teachers the latest published version. */
async function viewOf(db: Tx, caller: ProjectActor, row: DiagnosticCardRow): Promise<DiagnosticCard> {
  const working = manages(caller);
  const content = working ? row.content : await cardVersions.content(db, row.id, row.version);
  if (!content) throw notFound();
  const status = working ? (row.status as DiagnosticCardStatus) : 'published';
  return {
    id: row.id,
    ...content,
    status,
    version: row.version,
    writer: await cardVersions.writerOf(db, row.writerId),
    actions: working ? diagnosticCardActions(status) : [],
    diagnoses: working ? await cardVersions.usage(db, row.id) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The card's row when the caller reads it; 404 otherwise (another project's, never published for a teacher). */
const readableRow = (db: Tx, caller: ProjectActor, id: number, lock = false) =>
  cardVersions.row(db, readable(caller), id, lock);

/** `GET /diagnostic-cards/:cardId`. */
export async function getCard(db: Tx, caller: ProjectActor, id: number): Promise<DiagnosticCard> {
  return viewOf(db, caller, await readableRow(db, caller, id));
}

/** `GET /diagnostic-cards/:cardId/versions`: its published versions, the first first. */
export async function listCardVersions(db: Tx, caller: ProjectActor, id: number): Promise<DocumentVersion[]> {
  return cardVersions.list(db, (await readableRow(db, caller, id)).id);
}

/** `GET /diagnostic-cards/:cardId/versions/diff`: what changed between two versions (or to what the caller reads now). */
export async function diffCardVersions(
  db: Tx,
  caller: ProjectActor,
  id: number,
  query: VersionsDiffQuery,
): Promise<VersionsDiff> {
  const row = await readableRow(db, caller, id);
  const working = manages(caller);
  return cardVersions.diff(db, id, query, async () => ({
    content: working ? row.content : await cardVersions.content(db, id, row.version),
    working,
    version: row.version,
  }));
}

/** `GET /diagnostic-cards`: a page of the cards the caller reads, the latest change first. */
export async function listCards(
  db: Tx,
  caller: ProjectActor,
  query: DiagnosticCardsQuery,
): Promise<DiagnosticCardsPage> {
  const working = manages(caller);
  const content = working ? sql`${diagnosticCards.content}` : sql`${diagnosticCardVersions.content}`;
  const title = working
    ? sql<string>`${diagnosticCards.title}`
    : sql<string>`${diagnosticCardVersions.content}->>'title'`;
  const language = working
    ? sql<string>`${diagnosticCards.language}`
    : sql<string>`${diagnosticCardVersions.content}->>'language'`;
  const status = working
    ? sql<DiagnosticCardStatus>`${diagnosticCards.status}`
    : sql<DiagnosticCardStatus>`'published'`;
  const blocks = sql<number>`jsonb_array_length(${content}->'blocks')::int`;
  const questions = sql<number>`(select coalesce(sum(jsonb_array_length(b->'questions')), 0) from jsonb_array_elements(${content}->'blocks') b)::int`;
  const computed = sql<number>`jsonb_array_length(${content}->'computed')::int`;
  const diagnosesCount = working
    ? sql<number>`(select count(*) from ${diagnoses} where ${diagnoses.cardId} = ${diagnosticCards.id})::int`
    : sql<null>`null`;
  const filters: (SQL | undefined)[] = [readable(caller)];
  if (query.status) filters.push(sql`${status} = ${query.status}`);
  if (query.language) filters.push(sql`${language} = ${query.language}`);
  if (query.term) filters.push(sql`strpos(lower(${title}), lower(${query.term})) > 0`);
  const where = and(...filters);
  const joined = and(
    eq(diagnosticCardVersions.cardId, diagnosticCards.id),
    eq(diagnosticCardVersions.version, diagnosticCards.version),
  );
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(diagnosticCards).leftJoin(diagnosticCardVersions, joined).where(where),
    db
      .select({
        id: diagnosticCards.id,
        title,
        language,
        status,
        version: diagnosticCards.version,
        writerId: diagnosticCards.writerId,
        writerName: users.name,
        updatedAt: diagnosticCards.updatedAt,
        blocks,
        questions,
        computed,
        diagnoses: diagnosesCount,
      })
      .from(diagnosticCards)
      .innerJoin(users, eq(users.id, diagnosticCards.writerId))
      .leftJoin(diagnosticCardVersions, joined)
      .where(where)
      .orderBy(desc(diagnosticCards.updatedAt), desc(diagnosticCards.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    title: row.title,
    language: row.language as Language,
    status: row.status,
    version: row.version,
    blocks: row.blocks,
    questions: row.questions,
    computed: row.computed,
    writer: { id: row.writerId, name: row.writerName },
    updated_at: row.updatedAt.toISOString(),
    diagnoses: row.diagnoses === null ? null : Number(row.diagnoses),
  }));
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page } };
}

/**
 * What the schema cannot see of a card: its formulas and bands (`checkCard`, the builder's check
 * too), its categories are the project's, its bands' programs are the project's recommended
 * programs. A 422 naming every field at fault.
 */
async function assertCard(db: Tx, caller: ProjectActor, input: CardInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const { path, error } of checkCard(input)) {
    add(path, text(caller.lang, `diagnostics.formula.${error.code}` as TextKey, error.params ?? {}));
  }
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
  const programIds = [
    ...new Set(input.computed.flatMap((block) => block.bands.flatMap((band) => band.program_id ?? []))),
  ];
  if (programIds.length > 0) {
    const found = await db
      .select({ id: recommendedPrograms.id })
      .from(recommendedPrograms)
      .where(
        and(
          eq(recommendedPrograms.workspaceId, caller.workspaceId),
          eq(recommendedPrograms.kind, 'program'),
          inArray(recommendedPrograms.id, programIds),
        ),
      );
    const known = new Set(found.map((row) => row.id));
    input.computed.forEach((block, c) =>
      block.bands.forEach((band, b) => {
        if (band.program_id !== null && !known.has(band.program_id)) {
          add(`computed.${c}.bands.${b}.program_id`, fieldMessage(caller.lang, 'programNotFound'));
        }
      }),
    );
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
}

/** `POST /diagnostic-cards`: a new draft, its writer the caller. */
export async function createCard(db: Db, caller: ProjectActor, input: CardInput): Promise<DiagnosticCard> {
  await assertCard(db, caller, input);
  const content = withKeys(input, randomUUID);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(diagnosticCards)
      .values({
        workspaceId: caller.workspaceId,
        writerId: caller.userId,
        status: 'draft',
        title: content.title,
        language: content.language,
        content,
      })
      .returning();
    if (!row) throw new Error('the card was not written');
    return viewOf(tx, caller, row);
  });
}

/**
 * `PUT /diagnostic-cards/:cardId`: replaces the working copy; a published card becomes a draft
 * again, its diagnoses keeping the published version until the next publication.
 */
export async function updateCard(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: CardInput,
): Promise<DiagnosticCard> {
  const content = withKeys(input, randomUUID);
  return db.transaction(async (tx) => {
    await readableRow(tx, caller, id, true);
    await assertCard(tx, caller, input);
    const saved = await cardVersions.save(tx, id, {
      title: content.title,
      language: content.language,
      content,
      status: 'draft',
      updatedAt: new Date(),
    });
    return viewOf(tx, caller, saved);
  });
}

/** `POST /diagnostic-cards/:cardId/publish`: the working copy becomes the next version; 409 when unchanged. */
export async function publishCard(db: Db, caller: ProjectActor, id: number): Promise<DiagnosticCard> {
  return db.transaction(async (tx) => {
    const row = await readableRow(tx, caller, id, true);
    // Only moderators write cards: the document status machine as a moderator, never in review.
    const status = cardVersions.step(row.status as DiagnosticCardStatus, 'publish', ['moderator']);
    const version = row.version + 1;
    await cardVersions.publish(tx, id, version, row.content, caller.userId);
    const saved = await cardVersions.save(tx, id, { status, version, updatedAt: new Date() });
    return viewOf(tx, caller, saved);
  });
}

/** `DELETE /diagnostic-cards/:cardId`: 409 `diagnostic_card_in_use` while diagnoses are made from it. */
export async function deleteCard(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await readableRow(tx, caller, id, true);
    await cardVersions.remove(tx, id);
  });
}
