import { parentDashboardSchema, type ParentDashboard } from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { familyLinks } from '../../modules/families/index.ts';
import { liveTokenOf } from '../../modules/public-links/index.ts';
import { useTestApp } from '../../test/app.ts';
import { clients, workspaces } from '../schema/index.ts';
import { seedDemo } from '../seed.ts';
import { DEMO_FAMILY_CHILD, DEMO_SCHOOL_CONTACTS } from './demo-family.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../../test/database.ts';

const t = useTestApp();

describe('the demo family', { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('has a live dashboard link whose page has next lessons, a plan, lessons held with tries and a diagnosis', async () => {
    await seedDemo(t.db, t.app.files);
    const [child] = await t.db
      .select({ id: clients.id })
      .from(clients)
      .innerJoin(workspaces, eq(workspaces.id, clients.workspaceId))
      .where(and(eq(workspaces.title, 'Demo school'), eq(clients.childName, DEMO_FAMILY_CHILD)));
    const token = await liveTokenOf(t.db, familyLinks, child!.id);
    const response = await t.app.inject({ url: `/api/parent-dashboard/${token}` });
    expect(response.statusCode, response.body).toBe(200);
    const data = parentDashboardSchema.parse((response.json() as { data: ParentDashboard }).data);
    expect(data.language).toBe('uk');
    expect(data.child_name).toBe('Софія');
    expect(data.next_lessons.length).toBeGreaterThanOrEqual(2);
    expect(data.plan?.blocks.length).toBeGreaterThan(0);
    expect(data.lessons_held.some((lesson) => lesson.tries > 0)).toBe(true);
    expect(data.diagnoses.length).toBeGreaterThan(0);
    expect(data.school).toMatchObject(DEMO_SCHOOL_CONTACTS);

    // A second run keeps the same link.
    await seedDemo(t.db, t.app.files);
    expect(await liveTokenOf(t.db, familyLinks, child!.id)).toBe(token);
  });
});
