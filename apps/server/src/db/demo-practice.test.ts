import { ROLE, type StudentPractice } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer } from '../test/factories.ts';
import { clients } from './schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../test/database.ts';

const t = useTestApp();

describe('the demo school’s home practice', { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('gives Sofiia’s family a lesson to practise, with its link and two days of tries, once', async () => {
    await seedDemo(t.db, t.app.files);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'teacher@demo.test', password: DEMO_PASSWORD },
    });
    const { token, user } = login.json().data as {
      token: string;
      user: { assignments: { workspaceId: number; workspaceTitle: string }[] };
    };
    const school = user.assignments.find((a) => a.workspaceTitle === 'Demo school')?.workspaceId;
    const [sofiia] = await t.db.select().from(clients).where(eq(clients.childName, 'Софія Коваль'));
    const read = async () => {
      const response = await t.app.inject({
        url: `/api/clients/${sofiia?.id}/practice?workspace_id=${school}&role_id=${ROLE.teacher}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: StudentPractice }).data;
    };
    const practice = await read();
    expect(practice.assignments).toHaveLength(1);
    expect(practice.totals).toEqual({ right: 4, helped: 3, not_yet: 1 });
    expect(practice.days_practised).toBe(2);
    const link = practice.assignments[0]?.link.url ?? '';
    const played = await t.app.inject({ url: `/api/home-practice/${link.split('/').pop()}` });
    expect(played.statusCode, played.body).toBe(200);

    await seedDemo(t.db, t.app.files);
    expect(await read()).toEqual(practice);
  });
});
