import type { DiagnosisSharing, PlanSharing } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { MIGRATIONS_DIR, type Schema } from '../../db/client.ts';
import { apiAs } from '../../test/api.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { EMPTY_CARD, buildDiagnosis, buildDiagnosticCard } from '../../test/factories.ts';
import { buildLessonSchool, dataOf, lessonsOfPlan } from '../../test/lessons.ts';
import { newLinkToken } from './index.ts';

/** The last migration before the kit: the tokens still live in the areas' own columns. */
const BEFORE_THE_KIT = '0016_diagnostics';

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder that ends at `tag`. */
function migrationsUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

describe('the migration to public links', () => {
  it('keeps every link already sent opening, and a withdrawn one withdrawn', async () => {
    const old = await createTestDatabase({ empty: true });
    const folder = migrationsUpTo(BEFORE_THE_KIT);
    const config = testConfig({ PUBLIC_URL: 'https://school.example' });
    const app = await buildApp({ config, database: old.database });
    try {
      const db = old.database.db;
      await migrate(db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
      await app.ready();

      // A school as it stood before: a sent plan, a plan of the demo's first links (24 bytes), a
      // lesson on the child's screen, a diagnosis sent and one whose link was withdrawn.
      const s = await buildLessonSchool(app, db);
      const [lesson] = await lessonsOfPlan(app, s.teacher, s.plan.id);
      const card = await buildDiagnosticCard(db, s.workspace.id, s.moderator.user.id, EMPTY_CARD);
      const diagnose = () =>
        buildDiagnosis(db, {
          workspaceId: s.workspace.id,
          cardId: card.id,
          clientId: s.student.id,
          filledBy: s.teacher.user.id,
          status: 'sent',
          sentAt: new Date(),
        });
      const [sent, revoked] = [await diagnose(), await diagnose()];
      // The kit's tokens, and one as the old demo seed made them (24 bytes: 32 characters).
      const tokens = {
        plan: newLinkToken(),
        demoPlan: newLinkToken().slice(0, 32),
        lesson: newLinkToken(),
        sent: newLinkToken(),
        revoked: newLinkToken(),
      };
      const revokedAt = new Date('2026-11-01T10:00:00Z');
      await db.execute(
        sql`update protocols set public_token = ${tokens.plan}, sent_at = now() where id = ${s.plan.id}`,
      );
      await db.execute(
        sql`update protocols set public_token = ${tokens.demoPlan} where id = ${s.otherPlan.id}`,
      );
      await db.execute(sql`update lessons set player_token = ${tokens.lesson} where id = ${lesson!.id}`);
      await db.execute(sql`update diagnoses set public_token = ${tokens.sent} where id = ${sent.id}`);
      await db.execute(
        sql`update diagnoses set public_token = ${tokens.revoked}, link_revoked_at = ${revokedAt.toISOString()}
            where id = ${revoked.id}`,
      );

      await old.database.migrate();

      const read = (url: string) => app.inject({ url, headers: { 'accept-language': 'en' } });
      const plan = await read(`/api/show-plan/${tokens.plan}`);
      expect(plan.statusCode, plan.body).toBe(200);
      expect(plan.json()).toMatchObject({ data: { child_name: 'Marko' } });
      expect((await read(`/api/show-plan/${tokens.demoPlan}`)).statusCode).toBe(200);
      expect((await read(`/api/play-lesson/${tokens.lesson}`)).statusCode).toBe(200);
      expect((await read(`/api/public/dc/${tokens.sent}`)).statusCode).toBe(200);
      expect((await read(`/api/public/dc/${tokens.revoked}`)).statusCode).toBe(404);

      // The sharers see the same links, and who made them.
      const as = (who: typeof s.teacher) => apiAs(app, who);
      const sharing = dataOf<PlanSharing>(await as(s.teacher).get(`/api/protocols/${s.plan.id}/link`));
      expect(sharing).toMatchObject({
        url: `https://school.example/view-protocol-plan/${tokens.plan}`,
        link_state: 'live',
      });
      const withdrawn = dataOf<DiagnosisSharing>(
        await as(s.teacher).get(`/api/diagnoses/${revoked.id}/link`),
      );
      expect(withdrawn).toMatchObject({
        url: null,
        link_state: 'withdrawn',
        withdrawn_at: revokedAt.toISOString(),
      });
      const rows = await old.database.executeSql(
        'select kind, issued_by from public_links order by kind, subject_id',
      );
      expect(rows.rows).toEqual([
        { kind: 'diagnosis', issued_by: s.teacher.user.id },
        { kind: 'diagnosis', issued_by: s.teacher.user.id },
        { kind: 'lesson', issued_by: s.teacher.user.id },
        { kind: 'plan', issued_by: s.teacher.user.id },
        { kind: 'plan', issued_by: s.otherTeacher.user.id },
      ]);
      // The old columns are gone: nothing reads a token anywhere else.
      const columns = await old.database.executeSql(
        `select table_name, column_name from information_schema.columns
         where column_name in ('public_token', 'player_token', 'link_revoked_at')`,
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await app.close();
      await old.drop();
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
