import { ROLE, type GenerationRun, type GenerationStats } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { bearer, tokenFor } from '../../test/factories.ts';
import { seedDemo } from '../seed.ts';
import { users, workspaces } from '../schema/index.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../../test/database.ts';

const t = useTestApp();

describe("the demo school's generated versions", { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('has versions for two themes, each made by a finished run, once however often it is seeded', async () => {
    await seedDemo(t.db, t.app.files);
    await seedDemo(t.db, t.app.files);
    const [moderator] = await t.db.select().from(users).where(eq(users.email, 'moderator@demo.test'));
    const [school] = await t.db.select().from(workspaces).where(eq(workspaces.title, 'Demo school'));
    if (!moderator || !school) throw new Error('no demo moderator or school');
    const token = await tokenFor(t.db, moderator);
    const get = async <T>(url: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${url}?workspace_id=${school.id}&role_id=${ROLE.moderator}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: T }).data;
    };
    const runs = await get<GenerationRun[]>('/api/generator/runs');
    expect(runs.map((run) => [run.theme?.name, run.status]).sort()).toEqual([
      ['Космос', 'done'],
      ['Машини', 'done'],
    ]);
    const stats = await get<GenerationStats>('/api/generator/general-stats');
    const generated = stats.themes.filter((theme) => theme.generated > 0).map((theme) => theme.theme.name);
    expect(generated.sort()).toEqual(['Космос', 'Машини']);
    expect(stats.generated).toBeGreaterThanOrEqual(2);
  });
});
