import { ROLE, type ReferralDetail, type ReferralRow } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { bearer, tokenFor } from '../../test/factories.ts';
import { seedDemo } from '../seed.ts';
import { users, workspaces } from '../schema/index.ts';
import { DEMO_REFERRED_CHILD, DEMO_REFERRER_CHILD } from './demo-referrals.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../../test/database.ts';

const t = useTestApp();

describe("the demo school's referrals", { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('shows two families linked by a referral, with their bonus lessons and a renewal, once however often it is seeded', async () => {
    await seedDemo(t.db, t.app.files);
    await seedDemo(t.db, t.app.files);
    const [manager] = await t.db.select().from(users).where(eq(users.email, 'manager@demo.test'));
    const [school] = await t.db.select().from(workspaces).where(eq(workspaces.title, 'Demo school'));
    if (!manager || !school) throw new Error('no demo manager or school');
    const token = await tokenFor(t.db, manager);
    const get = async <T>(url: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}workspace_id=${school.id}&role_id=${ROLE.manager}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const report = await get<{ data: ReferralRow[] }>('/api/referrals');
    const [first, second] = report.data;
    expect([first?.child_name, second?.child_name].sort()).toEqual(
      [DEMO_REFERRED_CHILD, DEMO_REFERRER_CHILD].sort(),
    );
    const referrer = report.data.find((row) => row.child_name === DEMO_REFERRER_CHILD);
    const referred = report.data.find((row) => row.child_name === DEMO_REFERRED_CHILD);
    expect(referrer).toMatchObject({ bonus: 3, referred_count: 1, referrer: null });
    expect(referred).toMatchObject({ bonus: 2, referrer: { child_name: DEMO_REFERRER_CHILD } });
    const detail = await get<{ data: ReferralDetail }>(`/api/referrals/${referred?.client_id}`);
    expect(detail.data.history.map((entry) => entry.kind).sort()).toEqual(['linked', 'renewal']);
  });
});
