/**
 * The Demo school's generated versions (issue 30 item 4): the themed versions of its ready exercises
 * for two ready themes (Машини, Космос), each made by a generation run through the generation
 * module's entry and settled at once, as its job would; so the generated list, its figures and its
 * runs show content. Safe to run again: a school with a run is left as it is.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { FileStore } from '../../files/files.ts';
import { requestByTheme, runGeneration } from '../../modules/generation/index.ts';
import { themes, users } from '../schema/index.ts';

/** The two themes generated for. */
const DEMO_GENERATED_THEMES = ['Машини', 'Космос'];

export async function seedGenerated(db: Db, files: FileStore, workspaceId: number): Promise<void> {
  const [moderator] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'moderator@demo.test'));
  if (!moderator) return;
  const done = await db.execute(
    sql`select 1 from generation_runs where workspace_id = ${workspaceId} limit 1`,
  );
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
  const picked = await db
    .select({ id: themes.id })
    .from(themes)
    .where(
      and(
        eq(themes.workspaceId, workspaceId),
        eq(themes.ready, true),
        inArray(themes.name, DEMO_GENERATED_THEMES),
      ),
    );
  const caller = { workspaceId, userId: moderator.id, role: 'moderator' as const, lang: 'uk' as const };
  for (const theme of picked) {
    const run = await requestByTheme(db, null, caller, { theme_id: theme.id });
    await runGeneration(db, files, { runId: run.id });
  }
}
