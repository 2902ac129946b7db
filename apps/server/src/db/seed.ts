import { ROLE, type RoleName } from '@logoschool/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { FileStore } from '../files/files.ts';
import type { Db, Tx } from './client.ts';
import { assignments, categories, tags, users, workspaces } from './schema/index.ts';
import { seedBooking } from './demo/demo-booking.ts';
import { seedCourses } from './demo/demo-courses.ts';
import { seedPractice } from './demo/demo-practice.ts';
import { seedGames } from './demo/demo-games.ts';
import { seedStories } from './demo/demo-stories.ts';
import { seedGenerated } from './demo/demo-generated.ts';
import { seedReferrals } from './demo/demo-referrals.ts';
import { seedFamily } from './demo/demo-family.ts';
import { seedCallBackAndMerch } from './demo/demo-call-back-merch.ts';
import { seedExercises } from './seed-exercises.ts';
import { seedDiagnostics } from './seed-diagnostics.ts';
import { seedProtocols } from './seed-protocols.ts';
import { seedAssetLibrary, seedThemes } from './seed-themes.ts';

export const DEMO_PASSWORD = 'demo12345';

/** The demo school (DESIGN §6): two projects and a user for every role. */
export const DEMO_WORKSPACES = [
  { title: 'Demo school', description: 'Логопедична школа, щоб спробувати Logoschool.', envId: 1 },
  {
    title: 'Second school',
    description: 'Другий проєкт, щоб спробувати перемикання між проєктами.',
    envId: 2,
  },
] as const;

type DemoWorkspace = (typeof DEMO_WORKSPACES)[number]['title'];

export const DEMO_USERS: readonly {
  email: string;
  name: string;
  isRoot?: boolean;
  roles: Partial<Record<DemoWorkspace, RoleName[]>>;
}[] = [
  {
    email: 'root@demo.test',
    name: 'Roman Root',
    isRoot: true,
    roles: { 'Demo school': ['root'], 'Second school': ['root'] },
  },
  { email: 'manager@demo.test', name: 'Maria Manager', roles: { 'Demo school': ['manager'] } },
  { email: 'moderator@demo.test', name: 'Oksana Moderator', roles: { 'Demo school': ['moderator'] } },
  { email: 'author@demo.test', name: 'Andrii Author', roles: { 'Demo school': ['author'] } },
  { email: 'teacher@demo.test', name: 'Tetiana Teacher', roles: { 'Demo school': ['teacher'] } },
  // A teacher in London: the booking page's times in two zones (issue 28).
  { email: 'teacher.london@demo.test', name: 'Laura Lewis', roles: { 'Demo school': ['teacher'] } },
  {
    email: 'admin@demo.test',
    name: 'Anna Admin',
    roles: { 'Demo school': ['admin'], 'Second school': ['admin'] },
  },
  {
    email: 'diagnostician@demo.test',
    name: 'Daria Diagnostician',
    roles: { 'Demo school': ['diagnostician'] },
  },
  {
    email: 'multi@demo.test',
    name: 'Marko Multi',
    roles: { 'Demo school': ['moderator'], 'Second school': ['teacher'] },
  },
];

/** A category of the demo tree: folders group categories, exercises go into the others. */
interface DemoCategory {
  name: string;
  description?: string;
  folder?: boolean;
  children?: DemoCategory[];
}

const folder = (name: string, children: DemoCategory[], description?: string): DemoCategory => ({
  name,
  folder: true,
  children,
  ...(description ? { description } : {}),
});

const leaves = (...names: string[]): DemoCategory[] => names.map((name) => ({ name }));

/**
 * The Demo school's category tree: the sections a Ukrainian speech-therapy school works by, with the
 * sounds in their usual groups, three levels deep. The school works in Ukrainian, so its tree is
 * Ukrainian; the parents' texts of a student in another language are in that student's template
 * (`demo/demo-plans.ts`).
 */
export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  folder(
    'Звуки',
    [
      folder('Свистячі звуки', leaves('[С]', '[З]', '[Ц]')),
      folder('Шиплячі звуки', leaves('[Ш]', '[Ж]', '[Ч]', '[Щ]')),
      folder('Сонорні звуки', leaves('[Р]', '[Л]')),
      folder('Диференціація звуків', leaves('[С] – [Ш]', '[З] – [Ж]', '[Р] – [Л]')),
    ],
    'Постановка, автоматизація та диференціація звуків, група за групою.',
  ),
  folder(
    'Фонематичний слух',
    leaves('Звук у слові', 'Склади', 'Наголос', 'Перший і останній звук'),
    'Розвиток уміння чути й розрізняти звуки мовлення.',
  ),
  folder('Словник', leaves('Тварини', 'Транспорт', 'Пори року', 'Сім’я', 'Їжа')),
  folder('Граматика', leaves('Множина', 'Відмінки', 'Прийменники', 'Узгодження іменника з прикметником')),
  folder('Зв’язне мовлення', leaves('Переказ', 'Розповідь за картинками', 'Опис предмета')),
  {
    name: 'Артикуляційна гімнастика',
    description: 'Вправи для губ і язика, щоб підготувати артикуляційний апарат до заняття.',
  },
];

/** The Demo school's tags. */
export const DEMO_TAGS = [
  'артикуляція',
  'розминка',
  'гра',
  'фонематичний слух',
  'склади',
  'дихання',
  'віршики',
  'дрібна моторика',
  'домашнє завдання',
  'картинки',
] as const;

/**
 * Adds the categories missing under `parentId` (null for the top), by name, each last among its
 * siblings so that orders stay 0..n-1 whatever the school changed since.
 */
async function seedCategories(
  tx: Tx,
  workspaceId: number,
  nodes: readonly DemoCategory[],
  parentId: number | null,
) {
  const under = and(
    eq(categories.workspaceId, workspaceId),
    parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
  );
  for (const node of nodes) {
    const [existing] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(under, eq(categories.name, node.name)));
    let id = existing?.id;
    if (id === undefined) {
      const [siblings] = await tx.select({ count: count() }).from(categories).where(under);
      const [row] = await tx
        .insert(categories)
        .values({
          workspaceId,
          parentId,
          name: node.name,
          description: node.description ?? '',
          isFolder: node.folder ?? false,
          order: siblings?.count ?? 0,
        })
        .returning({ id: categories.id });
      id = row?.id;
    }
    if (id !== undefined && node.children) await seedCategories(tx, workspaceId, node.children, id);
  }
}

/** Whether the database has no users yet: the first start. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * Creates the demo school: its projects, users, the Demo school's categories, tags, themes and
 * exercises, the shared asset library (its files go to `files`), and the app settings. Safe to run
 * again: what exists is kept, what is missing is added. Returns how many users it created.
 */
export async function seedDemo(db: Db, files: FileStore): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { created, demoSchool } = await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const workspace of DEMO_WORKSPACES) {
      const [existing] = await tx.select().from(workspaces).where(eq(workspaces.title, workspace.title));
      const row = existing ?? (await tx.insert(workspaces).values(workspace).returning())[0];
      if (row) ids.set(workspace.title, row.id);
    }
    let created = 0;
    for (const demo of DEMO_USERS) {
      const inserted = await tx
        .insert(users)
        .values({ email: demo.email, name: demo.name, passwordHash, isRoot: demo.isRoot ?? false, envId: 1 })
        .onConflictDoNothing()
        .returning({ id: users.id });
      created += inserted.length;
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
      if (!user) continue;
      for (const [title, roles] of Object.entries(demo.roles)) {
        const workspaceId = ids.get(title);
        if (workspaceId === undefined || !roles) continue;
        await tx
          .insert(assignments)
          .values({ userId: user.id, workspaceId, roles: roles.map((role) => ROLE[role]) })
          .onConflictDoNothing();
      }
    }
    const demoSchool = ids.get('Demo school');
    if (demoSchool !== undefined) {
      await seedCategories(tx, demoSchool, DEMO_CATEGORIES, null);
      const assetIds = await seedAssetLibrary(tx, files);
      await seedThemes(tx, { demoId: demoSchool, secondId: ids.get('Second school') }, assetIds);
      await tx
        .insert(tags)
        .values(DEMO_TAGS.map((name) => ({ workspaceId: demoSchool, name })))
        .onConflictDoNothing();
      await seedExercises(tx, demoSchool, files);
    }
    // The vacancy banner's links are the server's configuration (VACANCY_URLS), not demo data.
    return { created, demoSchool };
  });
  // Through the services, each in its own transaction, after the tree and themes they name.
  if (demoSchool !== undefined) await seedProtocols(db, demoSchool);
  if (demoSchool !== undefined) await seedDiagnostics(db, demoSchool);
  if (demoSchool !== undefined) await seedBooking(db, demoSchool);
  if (demoSchool !== undefined) await seedPractice(db, demoSchool);
  if (demoSchool !== undefined) await seedReferrals(db, demoSchool);
  if (demoSchool !== undefined) await seedFamily(db, demoSchool);
  if (demoSchool !== undefined) await seedCourses(db, demoSchool);
  if (demoSchool !== undefined) await seedCallBackAndMerch(db, demoSchool);
  if (demoSchool !== undefined) await seedStories(db, files, demoSchool);
  if (demoSchool !== undefined) await seedGames(db, files, demoSchool);
  if (demoSchool !== undefined) await seedGenerated(db, files, demoSchool);
  return created;
}
