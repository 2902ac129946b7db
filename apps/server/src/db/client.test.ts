import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const tables = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (
    await database.executeSql(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'exercises'",
    )
  ).rows as { n: number }[];

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database', () => {
  it('starts a new database from the migrated template, and keeps what it writes', async () => {
    // The first migrated database leaves the template (or finds it there already).
    const first = await openDatabase({ dataDir: null });
    await first.migrate();
    await first.close();

    // A new one has the tables before any migration runs: it was made from the template.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-template-'));
    try {
      const second = await openDatabase({ dataDir });
      expect(await tables(second)).toEqual([{ n: 1 }]);
      await second.migrate();
      await second.db.execute(sql`insert into workspaces (title, env_id) values ('Kept', 1)`);
      await second.close();

      // Its own directory now: opened again, it has its row, and the template did not overwrite it.
      const again = await openDatabase({ dataDir });
      const rows = await again.executeSql("select title from workspaces where title = 'Kept'");
      expect(rows.rows).toEqual([{ title: 'Kept' }]);
      await again.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
