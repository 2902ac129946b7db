import { APP_SETTINGS, ROLE, type RoleName } from '@logoschool/contract';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db } from './client.ts';
import { assignments, storage, users, workspaces } from './schema/index.ts';

export const DEMO_PASSWORD = 'demo12345';

/** The demo school (DESIGN §6): two projects and a user for every role. */
export const DEMO_WORKSPACES = [
  { title: 'Demo school', description: 'A speech-therapy school to try Logoschool with.', envId: 1 },
  { title: 'Second school', description: 'A second project, to try switching between projects.', envId: 2 },
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

/** Whether the database has no users yet: the first start. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * Creates the demo school. Safe to run again: what exists is kept, what is missing is added.
 * Returns how many users it created.
 */
export async function seedDemo(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
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
    for (const workspace of DEMO_WORKSPACES) {
      await tx
        .insert(storage)
        .values({
          envId: workspace.envId,
          key: 'app_settings',
          subkey: APP_SETTINGS.vacancyUrl,
          value: 'https://jobs.logoschool.example/',
        })
        .onConflictDoNothing();
    }
    return created;
  });
}
