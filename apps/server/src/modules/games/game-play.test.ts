import {
  GAME_PLAY_TIME_MAX_MS,
  type FamilyGames,
  type Game,
  type GameAssignment,
  type GameComplete,
  type GamePlay,
  type GameProgressByGame,
  type GameRecordsPage,
  type PublicLink,
  type StudentGameProgress,
} from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import type { Member } from '../../test/factories.ts';
import { buildGameSchool, buildPublishedGame, gameBody, png, type GameSchool } from '../../test/games.ts';
import { dataOf } from '../../test/lessons.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const nobody = () => apiAs(t.app, null, { lang: 'en' });
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const tokenOf = (link: PublicLink) => link.url!.split('/').at(-1)!;
const NOT_FOUND = 'Game not found (or wrong link). Ask the speech therapist for a new link.';

/** A school with a published game given to the teacher's student, and its link's token. */
async function given() {
  const g = await buildGameSchool(t.app, t.db);
  const game = await buildPublishedGame(t.app, g);
  const assignment = dataOf<GameAssignment>(
    await as(g.teacher).post('/api/game-assignments', { client_id: g.student.id, game_id: game.id }),
    201,
  );
  return { g, game, assignment, token: tokenOf(assignment.link) };
}

const complete = (token: string, body: Record<string, unknown>) =>
  nobody().post(`/api/game/complete/${token}`, body);

/** A play of a level: three right of three at the first try unless said. */
const play = (g: GameSchool, game: Game, values: Record<string, unknown> = {}) => ({
  key: randomUUID(),
  version: game.version,
  level_key: game.levels[0]!.key,
  character_asset_id: g.characters[0]!.id,
  right: 3,
  tries: 3,
  time_ms: 40_000,
  ...values,
});

describe('game assignments', () => {
  it("gives a published game to the teacher's own student once, with a live link, and takes it back", async () => {
    const { g, game, assignment, token } = await given();
    expect(assignment).toMatchObject({
      client_id: g.student.id,
      game_id: game.id,
      game_title: 'Rocket to the Moon',
      link: { link_state: 'live' },
      progress: { levels_done: 0, stars: 0, plays: 0, next_level_key: game.levels[0]!.key },
    });
    expect(assignment.link.url).toMatch(/\/game\/[A-Za-z0-9_-]{43}$/);
    expect(assignment.progress.levels.map((level) => level.open)).toEqual([true, false]);
    const again = errorsOf(
      await as(g.teacher).post('/api/game-assignments', { client_id: g.student.id, game_id: game.id }),
      409,
    );
    expect(again.message).toBe('The student already has this game.');
    expect(dataOf(await as(g.teacher).get(`/api/game-assignments/${assignment.id}/link`))).toEqual(
      assignment.link,
    );

    const listed = dataOf<GameAssignment[]>(await as(g.teacher).get(`/api/clients/${g.student.id}/games`));
    expect(listed.map((one) => one.id)).toEqual([assignment.id]);

    const back = dataOf<GameAssignment>(await as(g.teacher).delete(`/api/game-assignments/${assignment.id}`));
    expect(back.link.link_state).toBe('withdrawn');
    expect(errorsOf(await nobody().get(`/api/game/check-auth/${token}`), 404).message).toBe(NOT_FOUND);
    // Taken back: no new link for it; the game may be given again.
    expect(errorsOf(await as(g.teacher).post(`/api/game-assignments/${assignment.id}/link`), 409).code).toBe(
      'conflict',
    );
    const anew = dataOf<GameAssignment>(
      await as(g.teacher).post('/api/game-assignments', { client_id: g.student.id, game_id: game.id }),
      201,
    );
    expect(anew.link.link_state).toBe('live');
  });

  it('refuses a game that is not published, another teacher’s or project’s student, and roles that may not', async () => {
    const g = await buildGameSchool(t.app, t.db);
    const game = await buildPublishedGame(t.app, g);
    const draft = dataOf<Game>(await as(g.moderator).post('/api/games', gameBody(g)), 201);
    expect(
      errorsOf(
        await as(g.teacher).post('/api/game-assignments', { client_id: g.student.id, game_id: draft.id }),
        422,
      ).errors,
    ).toEqual({ game_id: ['There is no published game with this id in the project.'] });
    for (const clientId of [g.otherStudent.id, g.otherProjectStudent.id]) {
      errorsOf(
        await as(g.teacher).post('/api/game-assignments', { client_id: clientId, game_id: game.id }),
        404,
      );
      errorsOf(await as(g.teacher).get(`/api/clients/${clientId}/games`), 404);
      errorsOf(await as(g.teacher).get('/api/game-progresses', { query: `client_id=${clientId}` }), 404);
      errorsOf(await as(g.teacher).get('/api/game-records', { query: `client_id=${clientId}` }), 404);
    }
    errorsOf(
      await as(g.otherProjectTeacher).post('/api/game-assignments', {
        client_id: g.otherProjectStudent.id,
        game_id: game.id,
      }),
      422,
    );
    for (const who of [g.moderator, g.manager, g.author]) {
      errorsOf(
        await as(who).post('/api/game-assignments', { client_id: g.student.id, game_id: game.id }),
        403,
      );
      errorsOf(await as(who).get('/api/game-progresses', { query: `client_id=${g.student.id}` }), 403);
    }
    errorsOf(
      await nobody().post(
        '/api/game-assignments',
        { client_id: g.student.id, game_id: game.id },
        {
          workspace: g.workspace,
        },
      ),
      401,
    );
    const mine = dataOf<GameAssignment>(
      await as(g.teacher).post('/api/game-assignments', { client_id: g.student.id, game_id: game.id }),
      201,
    );
    errorsOf(await as(g.otherTeacher).delete(`/api/game-assignments/${mine.id}`), 404);
    errorsOf(await as(g.otherTeacher).get(`/api/game-assignments/${mine.id}/link`), 404);
    errorsOf(await as(g.otherProjectTeacher).delete(`/api/game-assignments/${mine.id}`), 404);
    // A game a student has is not deleted.
    expect(errorsOf(await as(g.moderator).delete(`/api/games/${game.id}`), 409).message).toBe(
      'The game cannot be deleted while students have it: take it back from them first.',
    );
    expect(dataOf<Game>(await as(g.moderator).get(`/api/games/${game.id}`)).assignments).toBe(1);
  });

  it('gives a game once when two gifts come at once', async () => {
    const g = await buildGameSchool(t.app, t.db);
    const game = await buildPublishedGame(t.app, g);
    const answers = await Promise.all(
      [1, 2].map(() =>
        as(g.teacher).post('/api/game-assignments', { client_id: g.student.id, game_id: game.id }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });
});

describe("the child's game by its link", () => {
  it('shows the latest version, the theme and the first name only, and its media by the link', async () => {
    const { g, game, token } = await given();
    const response = await nobody().get(`/api/game/check-auth/${token}`);
    expect(response.headers['cache-control']).toBe('no-store');
    const seen = dataOf<GamePlay>(response);
    expect(seen).toMatchObject({
      language: 'uk',
      child_name: 'Taras',
      title: 'Rocket to the Moon',
      version: 1,
      characters: g.characters.map((asset) => ({ id: asset.id, name: asset.name })),
    });
    expect(response.body).not.toContain('Shevchuk');
    const item = seen.levels[0]!.items[0]!;
    expect(item.audio_url).toContain(`/api/game/media/${token}/file/${g.sound.id}`);
    const picture = await nobody().get(item.picture_url);
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png(10))).toBe(true);
    expect(picture.headers['cache-control']).toBe('no-store');
    const background = await nobody().get(seen.background_url!);
    expect(background.rawPayload.equals(png(5))).toBe(true);
    // Files the game does not name, and assets its theme does not hold, are the same 404.
    errorsOf(await nobody().get(`/api/game/media/${token}/file/${g.otherImage.id}`), 404);
    errorsOf(await nobody().get(`/api/game/media/${token}/asset/${g.plainBackground.fileId}`), 404);
    errorsOf(await nobody().get(`/api/game/media/${token}/asset/${g.images[0]!.id}`), 404);

    // A new version is what the child plays next.
    dataOf(await as(g.moderator).put(`/api/games/${game.id}`, gameBody(g, { title: 'Rocket to Mars' })));
    expect(dataOf<GamePlay>(await nobody().get(`/api/game/check-auth/${token}`)).title).toBe(
      'Rocket to the Moon',
    );
    dataOf(await as(g.moderator).post(`/api/games/${game.id}/publish`));
    expect(dataOf<GamePlay>(await nobody().get(`/api/game/check-auth/${token}`))).toMatchObject({
      title: 'Rocket to Mars',
      version: 2,
    });
  });

  it('answers one 404 for a wrong, malformed or withdrawn link, and for another kind’s token', async () => {
    const { g, assignment, token } = await given();
    for (const wrong of ['x'.repeat(43), 'short', `${token.slice(0, -1)}A`]) {
      const answer = await nobody().get(`/api/game/check-auth/${wrong}`);
      expect(errorsOf(answer, 404).message).toBe(NOT_FOUND);
      expect(answer.headers['cache-control']).toBe('no-store');
      errorsOf(await complete(wrong, { key: randomUUID() }), 422);
    }
    const family = dataOf<PublicLink>(await as(g.teacher).post(`/api/clients/${g.student.id}/link`));
    expect(errorsOf(await nobody().get(`/api/game/check-auth/${tokenOf(family)}`), 404).message).toBe(
      NOT_FOUND,
    );
    // The link withdrawn (the assignment still live), then rotated: the old token opens nothing.
    dataOf(await as(g.teacher).delete(`/api/game-assignments/${assignment.id}/link`));
    errorsOf(await nobody().get(`/api/game/check-auth/${token}`), 404);
    const renewed = dataOf<PublicLink>(
      await as(g.teacher).post(`/api/game-assignments/${assignment.id}/link`),
    );
    expect(dataOf<GamePlay>(await nobody().get(`/api/game/check-auth/${tokenOf(renewed)}`)).child_name).toBe(
      'Taras',
    );
    errorsOf(await nobody().get(`/api/game/check-auth/${token}`), 404);
  });

  it('keeps each play once per key, with stars, bests that never go down and levels that open', async () => {
    const { g, game, token } = await given();
    const first = play(g, game, { right: 2, tries: 5, time_ms: 50_000 });
    const kept = dataOf<GameComplete>(await complete(token, first));
    expect(kept).toMatchObject({ recorded: true, stars: 2 });
    expect(kept.progress.levels[0]).toMatchObject({
      plays: 1,
      best_stars: 2,
      done: true,
      best_time_ms: 50_000,
    });
    expect(kept.progress.levels[1]!.open).toBe(true);
    expect(kept.progress.next_level_key).toBe(game.levels[1]!.key);

    const replayed = dataOf<GameComplete>(await complete(token, first));
    expect(replayed).toMatchObject({ recorded: false, progress: { plays: 1 } });
    const twice = await Promise.all([1, 2].map(() => complete(token, play(g, game, { key: first.key }))));
    expect(twice.map((answer) => dataOf<GameComplete>(answer).recorded)).toEqual([false, false]);
    const same = play(g, game, { right: 3, tries: 3, time_ms: 30_000 });
    const atOnce = await Promise.all([1, 2].map(() => complete(token, same)));
    expect(atOnce.map((answer) => dataOf<GameComplete>(answer).recorded).sort()).toEqual([false, true]);

    // A worse play lowers no best.
    const worse = dataOf<GameComplete>(
      await complete(token, play(g, game, { right: 0, tries: 9, time_ms: 1_000 })),
    );
    expect(worse.stars).toBe(0);
    expect(worse.progress.levels[0]).toMatchObject({
      plays: 3,
      best_stars: 3,
      best_accuracy: 1,
      best_time_ms: 30_000,
    });
    expect(worse.progress).toMatchObject({ plays: 3, stars: 3, levels_done: 1 });
  });

  it('refuses a level, version or character the game does not have, and numbers that do not fit, each on its field', async () => {
    const { g, game, token } = await given();
    const fields = async (values: Record<string, unknown>) =>
      errorsOf(await complete(token, play(g, game, values)), 422).errors;
    expect(await fields({ level_key: randomUUID() })).toEqual({
      level_key: ['This version of the game has no such level.'],
    });
    expect(await fields({ version: 2 })).toEqual({ version: ['The game has no such published version.'] });
    expect(await fields({ character_asset_id: g.props[0]!.id })).toEqual({
      character_asset_id: ["This character is not in the game's theme."],
    });
    expect(await fields({ right: 4, tries: 4 })).toEqual({
      right: ['More right answers than the level has words.'],
    });
    expect(await fields({ tries: 2, right: 2 })).toHaveProperty('tries');
    expect(await fields({ tries: 10 })).toEqual({
      tries: ['More tries than the level allows: at most 3 tries per word.'],
    });
    expect(await fields({ time_ms: -1 })).toHaveProperty('time_ms');
    expect(await fields({ time_ms: GAME_PLAY_TIME_MAX_MS + 1 })).toHaveProperty('time_ms');
    expect(await fields({ right: -1 })).toHaveProperty('right');
    expect(await fields({ key: 'not-a-uuid' })).toHaveProperty('key');
    const records = (
      await as(g.teacher).get('/api/game-records', { query: `client_id=${g.student.id}` })
    ).json() as GameRecordsPage;
    expect(records.meta.total).toBe(0);
  });
});

describe('plays and progress for the teacher and the family', () => {
  it('reads the plays, the progress per game and per sound, and the students who have a game', async () => {
    const { g, game, assignment, token } = await given();
    dataOf(await complete(token, play(g, game, { right: 3, tries: 4, time_ms: 20_000 })));
    dataOf(
      await complete(
        token,
        play(g, game, {
          level_key: game.levels[1]!.key,
          right: 1,
          tries: 4,
          time_ms: 25_000,
          character_asset_id: g.characters[1]!.id,
        }),
      ),
    );
    const records = (
      await as(g.teacher).get('/api/game-records', {
        query: `client_id=${g.student.id}&game_id=${game.id}&per_page=1`,
      })
    ).json() as GameRecordsPage;
    expect(records.meta.total).toBe(2);
    expect(records.data[0]).toMatchObject({
      game_title: 'Rocket to the Moon',
      level_title: 'Phrases',
      stage: 'phrases',
      character_name: g.characters[1]!.name,
      items: 2,
      right: 1,
      tries: 4,
      stars: 1,
    });

    const progress = dataOf<StudentGameProgress>(
      await as(g.teacher).get('/api/game-progresses', { query: `client_id=${g.student.id}` }),
    );
    expect(progress.games).toHaveLength(1);
    expect(progress.games[0]).toMatchObject({ levels_done: 2, stars: 4, plays: 2, category_name: '[R]' });
    expect(progress.sounds).toEqual([
      expect.objectContaining({ category_id: g.leaf, plays: 2, accuracy: 4 / 5, stars: 4 }),
    ]);

    const byGame = dataOf<GameProgressByGame>(
      await as(g.teacher).get('/api/game-progresses/by-game', { query: `game_id=${game.id}` }),
    );
    expect(byGame).toEqual([
      expect.objectContaining({ client_id: g.student.id, child_name: 'Taras Shevchuk' }),
    ]);
    expect(
      dataOf<GameProgressByGame>(
        await as(g.otherTeacher).get('/api/game-progresses/by-game', { query: `game_id=${game.id}` }),
      ),
    ).toEqual([]);
    errorsOf(
      await as(g.otherProjectTeacher).get('/api/game-progresses/by-game', { query: `game_id=${game.id}` }),
      404,
    );

    // Taken back, the plays stay for the teacher.
    dataOf(await as(g.teacher).delete(`/api/game-assignments/${assignment.id}`));
    const after = (
      await as(g.teacher).get('/api/game-records', { query: `client_id=${g.student.id}` })
    ).json() as GameRecordsPage;
    expect(after.meta.total).toBe(2);
  });

  it("shows the family the child's games with live links on its dashboard", async () => {
    const { g, game, assignment, token } = await given();
    dataOf(await complete(token, play(g, game)));
    const family = tokenOf(dataOf<PublicLink>(await as(g.teacher).post(`/api/clients/${g.student.id}/link`)));
    const response = await nobody().get(`/api/parent-dashboard/${family}/games`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(dataOf<FamilyGames>(response)).toEqual({
      language: 'uk',
      games: [
        {
          title: 'Rocket to the Moon',
          url: assignment.link.url,
          levels: 2,
          levels_done: 1,
          stars: 3,
          last_played_at: expect.any(String),
        },
      ],
    });
    dataOf(await as(g.teacher).delete(`/api/game-assignments/${assignment.id}`));
    expect(dataOf<FamilyGames>(await nobody().get(`/api/parent-dashboard/${family}/games`)).games).toEqual(
      [],
    );
    errorsOf(await nobody().get(`/api/parent-dashboard/${token}/games`), 404);
  });
});
