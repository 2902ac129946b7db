import { randomBytes, randomUUID } from 'node:crypto';
import { EXERCISE_STATUS, ROLE, type DiagnosticCardContent, type RoleName } from '@logoschool/contract';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/password.ts';
import { createSession } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import {
  assignments,
  categories,
  diagnoses,
  diagnosticCards,
  diagnosticCardVersions,
  exercises,
  protocolTemplateBlocks,
  protocolTemplateFolders,
  protocolTemplates,
  tags,
  themes,
  users,
  workspaces,
  type AssignmentRow,
  type UserRow,
  type WorkspaceRow,
} from '../db/schema/index.ts';

export const TEST_PASSWORD = 'test-password-1';
let passwordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

/** Writes one row straight to a table: the row as stored. */
async function insertRow<T extends PgTable>(
  db: Db,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  return row as T['$inferSelect'];
}

/** A project. */
export async function buildWorkspace(db: Db, values: Partial<typeof workspaces.$inferInsert> = {}) {
  return insertRow(db, workspaces, { title: `School ${unique()}`, envId: 1, ...values });
}

/** A user with password TEST_PASSWORD. */
export async function buildUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return insertRow(db, users, {
    email: `user-${unique()}@example.test`,
    name: 'Test User',
    passwordHash: await passwordHash,
    ...values,
  });
}

/** A user holding `roles` in a project. */
export async function buildMember(
  db: Db,
  workspace: WorkspaceRow,
  roles: RoleName[],
  options: { isActive?: boolean; archived?: boolean; user?: Partial<typeof users.$inferInsert> } = {},
) {
  const user = await buildUser(db, options.user);
  await addMembership(db, user, workspace, roles, options);
  return user;
}

export async function addMembership(
  db: Db,
  user: UserRow,
  workspace: WorkspaceRow,
  roles: RoleName[],
  options: { isActive?: boolean; archived?: boolean } = {},
) {
  await db.insert(assignments).values({
    userId: user.id,
    workspaceId: workspace.id,
    roles: roles.map((role) => ROLE[role]),
    isActive: options.isActive ?? true,
    archived: options.archived ?? false,
  });
}

/** A user's assignment in a project as the table holds it (undefined: none). */
export async function assignmentOf(
  db: Db,
  userId: number,
  workspaceId: number,
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.userId, userId), eq(assignments.workspaceId, workspaceId)));
  return row;
}

/** A signed-in session for a user: its bearer token. */
export async function tokenFor(db: Db, user: UserRow, ttlSeconds = 3600): Promise<string> {
  return createSession(db, user.id, ttlSeconds);
}

/** A user acting in a project in one role, signed in: whom an API test calls as. */
export interface Member {
  workspace: WorkspaceRow;
  user: UserRow;
  token: string;
  roleId: number;
}

/** A new member of the project in the role (for `root`, a root user), with a session. */
export async function buildSignedInMember(
  db: Db,
  workspace: WorkspaceRow,
  role: RoleName,
  user: Partial<typeof users.$inferInsert> = {},
): Promise<Member> {
  const row =
    role === 'root'
      ? await buildUser(db, { isRoot: true, ...user })
      : await buildMember(db, workspace, [role], { user });
  return { workspace, user: row, token: await tokenFor(db, row), roleId: ROLE[role] };
}

/** The Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An exercise of a project, written straight to the table: accepted, in Ukrainian, unless `values`
 * say otherwise. Tests that need the API's checks create exercises through the API instead.
 */
export async function buildExercise(
  db: Db,
  workspaceId: number,
  authorId: number,
  values: Partial<typeof exercises.$inferInsert> = {},
) {
  // Without the search text (derived, and newer than the schemas the migration tests write to).
  const { searchText: _searchText, ...columns } = getTableColumns(exercises);
  const [row] = await db
    .insert(exercises)
    .values({
      workspaceId,
      authorId,
      title: `Exercise ${unique()}`,
      statusId: EXERCISE_STATUS.accepted,
      language: 'uk',
      ...values,
    })
    .returning(columns);
  return row as Omit<typeof exercises.$inferSelect, 'searchText'>;
}

/**
 * A category of a project, written straight to the table: a leaf at the top of the tree unless
 * `values` say otherwise (the order is not kept in step with its siblings: for tests that only need
 * a category to exist; the tree's own tests make categories through the API).
 */
export async function buildCategory(
  db: Db,
  workspaceId: number,
  values: Partial<typeof categories.$inferInsert> = {},
) {
  return insertRow(db, categories, { workspaceId, name: `Category ${unique()}`, ...values });
}

/** A tag of a project, written straight to the table. */
export async function buildTag(db: Db, workspaceId: number, values: Partial<typeof tags.$inferInsert> = {}) {
  return insertRow(db, tags, { workspaceId, name: `tag ${unique()}`, ...values });
}

/**
 * A theme of a project, written straight to the table: for boys and girls of 3 to 9, general,
 * ready, shared with nobody and without assets unless `values` say otherwise.
 */
export async function buildTheme(
  db: Db,
  workspaceId: number,
  values: Partial<typeof themes.$inferInsert> = {},
) {
  return insertRow(db, themes, {
    workspaceId,
    name: `Theme ${unique()}`,
    forBoy: true,
    forGirl: true,
    ageFrom: 3,
    ageTo: 9,
    type: 'general',
    ready: true,
    ...values,
  });
}

/**
 * A block category for protocol templates, "Sounds R", with the folders "[R] words" and "[R] phrases"
 * under it: what a template's block and its folders name.
 */
export async function buildSoundFolders(db: Db, workspaceId: number) {
  const sounds = await buildCategory(db, workspaceId, { name: 'Sounds R', isFolder: true });
  const folder = (name: string) =>
    buildCategory(db, workspaceId, { name, parentId: sounds.id, isFolder: true });
  return { sounds, words: await folder('[R] words'), phrases: await folder('[R] phrases') };
}

/**
 * A protocol template written straight to the tables: a draft by `writerId` with one block (1 to 3
 * presentations) in a new category, offering one new folder under it. Tests of the templates API
 * write theirs through the API.
 */
export async function buildTemplate(
  db: Db,
  workspaceId: number,
  writerId: number,
  values: Partial<typeof protocolTemplates.$inferInsert> = {},
) {
  const category = await buildCategory(db, workspaceId, { isFolder: true });
  const folder = await buildCategory(db, workspaceId, { parentId: category.id, isFolder: true });
  const template = await insertRow(db, protocolTemplates, {
    workspaceId,
    writerId,
    status: 'draft',
    title: `Template ${unique()}`,
    description: 'For the educator',
    ...values,
  });
  const block = await insertRow(db, protocolTemplateBlocks, {
    templateId: template.id,
    position: 0,
    key: randomUUID(),
    target: 'Articulation',
    categoryId: category.id,
    descriptionParents: '',
    descriptionEducator: '',
    minPresentations: 1,
    maxPresentations: 3,
  });
  await insertRow(db, protocolTemplateFolders, {
    blockId: block.id,
    position: 0,
    categoryId: folder.id,
    descriptionParents: '',
    indicationsEducator: '',
  });
  return { template, category, folder };
}

/** A card with a title and nothing else: enough for a diagnosis to be made on. */
export const EMPTY_CARD = {
  title: 'Speech screening',
  description: '',
  language: 'en',
  category_ids: [],
  blocks: [],
  computed: [],
} satisfies DiagnosticCardContent;

/**
 * A published diagnostic card written straight to the tables: its working copy and version 1
 * hold `content` (the API's shape, every key given). Tests that need the builder's checks go
 * through the API instead.
 */
export async function buildDiagnosticCard(
  db: Db,
  workspaceId: number,
  writerId: number,
  content: DiagnosticCardContent,
) {
  const card = await insertRow(db, diagnosticCards, {
    workspaceId,
    writerId,
    status: 'published',
    title: content.title,
    language: content.language,
    content,
    version: 1,
  });
  await insertRow(db, diagnosticCardVersions, {
    cardId: card.id,
    version: 1,
    content,
    publishedBy: writerId,
  });
  return card;
}

/**
 * A diagnosis of a student on a card version, written straight to the table: completed today,
 * a draft, with no answers unless `values` say otherwise.
 */
export async function buildDiagnosis(
  db: Db,
  values: Pick<typeof diagnoses.$inferInsert, 'workspaceId' | 'cardId' | 'clientId' | 'filledBy'> &
    Partial<typeof diagnoses.$inferInsert>,
) {
  return insertRow(db, diagnoses, {
    cardVersion: 1,
    clientName: 'Test Parent',
    childName: 'Test Child',
    diagnosedOn: new Date().toISOString().slice(0, 10),
    completedAt: new Date(),
    ...values,
  });
}
