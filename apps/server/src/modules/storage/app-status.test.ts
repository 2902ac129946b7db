import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicLinks } from '../../db/schema/index.ts';
import { apiWithToken } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';
import { APP_VERSION } from '../../version.ts';
import { newLinkToken } from '../public-links/index.ts';

/** A web build whose `version.json` names its own version, as `npm run build` writes it. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-web-'));
const BUILT = `${APP_VERSION}+test-build`;
fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: BUILT }));

const t = useTestApp({ WEB_DIST: webDist });

/** Each test's environment of its own, so that one's maintenance never shows in another. */
let nextEnv = 300;
const freshEnv = () => (nextEnv += 1);

/** Each link's subject of its own: a subject has one live link at most. */
let nextSubject = 0;

/** A live public link of a project in `envId` (any area's kind): its token. */
async function linkIn(envId: number, withdrawn = false): Promise<string> {
  const workspace = await buildWorkspace(t.db, { envId });
  const token = newLinkToken();
  await t.db.insert(publicLinks).values({
    workspaceId: workspace.id,
    kind: 'game',
    subjectId: (nextSubject += 1),
    token,
    withdrawnAt: withdrawn ? new Date() : null,
  });
  return token;
}

/** Root writes the environment's settings, as the settings screen does; the answer's status. */
async function setSettings(envId: number, values: Record<string, unknown>, expected = 200) {
  const root = await buildUser(t.db, { isRoot: true, envId });
  const answer = await apiWithToken(t.app, await tokenFor(t.db, root)).post(
    '/api/storage/app_settings',
    values,
    {
      headers: { 'x-env-id': String(envId) },
    },
  );
  expect(answer.statusCode, answer.body).toBe(expected);
}

const status = (link?: string) =>
  t.app.inject({ url: `/api/app-status${link === undefined ? '' : `?link=${encodeURIComponent(link)}`}` });

describe('GET /api/app-status', () => {
  it('says the version served (the web build’s) to anyone, with no maintenance when no link names an environment', async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { version: BUILT, maintenance: null } });
    expect(response.headers['cache-control']).toBe('no-store');
    // The health check says the same version: staff pages compare with it.
    expect((await t.app.inject({ url: '/api/health' })).json().data.version).toBe(BUILT);
  });

  it('says maintenance, with root’s message, in the environment of the link’s project only', async () => {
    const env = freshEnv();
    const other = freshEnv();
    await setSettings(env, { maintenance: true, maintenance_message: '  Back at 14:00.  ' });
    const link = await linkIn(env);
    const elsewhere = await linkIn(other);

    expect((await status(link)).json().data).toEqual({
      version: BUILT,
      maintenance: { message: 'Back at 14:00.' },
    });
    expect((await status(elsewhere)).json().data.maintenance).toBeNull();
  });

  it('says maintenance without a message in the notice’s own words, and nothing once it is off', async () => {
    const env = freshEnv();
    const link = await linkIn(env);
    await setSettings(env, { maintenance: true, maintenance_message: '   ' });
    expect((await status(link)).json().data.maintenance).toEqual({ message: null });
    await setSettings(env, { maintenance: false });
    expect((await status(link)).json().data.maintenance).toBeNull();
    // Only `true` turns it on: a value of another shape is refused, and maintenance stays off.
    await setSettings(env, { maintenance: 'yes' }, 422);
    expect((await status(link)).json().data.maintenance).toBeNull();
  });

  it('answers a link that opens nothing as one without maintenance: withdrawn, unknown, malformed', async () => {
    const env = freshEnv();
    await setSettings(env, { maintenance: true });
    const withdrawn = await linkIn(env, true);
    for (const link of [withdrawn, newLinkToken(), 'not a token', '']) {
      const response = await status(link);
      expect(response.statusCode, link).toBe(200);
      expect(response.json().data.maintenance, link).toBeNull();
    }
  });

  it('refuses a link longer than any token with a 422', async () => {
    const response = await status('x'.repeat(200));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
  });
});
