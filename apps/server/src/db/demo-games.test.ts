import { ROLE, type GameAssignment, type GamePlay, type GamesPage } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer } from '../test/factories.ts';
import { clients } from './schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../test/database.ts';

const t = useTestApp();

describe('the demo school’s games', { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('publishes a "say" and a "find" game in the football theme, gives both to Sofiia with live links and plays, once', async () => {
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
    const acting = `workspace_id=${school}&role_id=${ROLE.teacher}`;
    const get = async <T>(url: string) => {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const games = await get<GamesPage>(`/api/games?${acting}`);
    expect(games.data.map((game) => [game.title, game.modes, game.levels])).toEqual(
      expect.arrayContaining([
        ['Скажи слово', ['say'], 2],
        ['Знайди картинку', ['find'], 2],
      ]),
    );
    const [sofiia] = await t.db.select().from(clients).where(eq(clients.childName, 'Софія Коваль'));
    const read = () => get<{ data: GameAssignment[] }>(`/api/clients/${sofiia?.id}/games?${acting}`);
    const given = (await read()).data;
    expect(given.map((assignment) => assignment.link.link_state)).toEqual(['live', 'live']);
    const say = given.find((assignment) => assignment.game_title === 'Скажи слово');
    expect(say?.progress).toMatchObject({ plays: 3, levels_done: 2, stars: 4 });
    const played = await t.app.inject({ url: `/api/game/check-auth/${say?.link.url?.split('/').pop()}` });
    expect(played.statusCode, played.body).toBe(200);
    const game = (played.json() as { data: GamePlay }).data;
    expect(game.characters).toHaveLength(3);
    expect(game.background_url).not.toBeNull();

    await seedDemo(t.db, t.app.files);
    expect((await read()).data).toEqual(given);
  });
});
