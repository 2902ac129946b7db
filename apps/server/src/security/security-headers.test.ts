import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSON_BODY_MAX_BYTES } from '@logoschool/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../app.ts';
import { testConfig, useTestApp } from '../test/app.ts';
import { bearer, buildSignedInMember, buildWorkspace } from '../test/factories.ts';
import { buildThemeWithAssets, solidPng } from '../test/media.ts';
import { readAsset } from '../test/probe-project.ts';

/**
 * Every kind of answer carries the security headers helmet sets (DESIGN §4; the outside review
 * found answers without them): API successes and errors of every status, errors the router raises
 * before any hook, the API docs, the web app's files and its SPA fallback.
 */

/** A built web app: index.html and one content-hashed asset. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-headers-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><body><div id="root"></div></body></html>\n',
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("logoschool");\n');
/** A web directory without a build. */
const emptyWebDist = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-headers-empty-'));
afterAll(() => {
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(emptyWebDist, { recursive: true, force: true });
});

/** The headers helmet sets, with the values every answer must carry (CSP: see `expectSecure`). */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

const directives = (header: unknown) =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );

/** The headers of a plain API success: what helmet sets, checked once against what we ask of it. */
let reference: Record<string, string>;

function takeReference(response: LightMyRequestResponse) {
  reference = Object.fromEntries(HELMET_HEADERS.map((name) => [name, String(response.headers[name] ?? '')]));
  const csp = directives(reference['content-security-policy']);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(reference['x-content-type-options']).toBe('nosniff');
  expect(['DENY', 'SAMEORIGIN']).toContain(reference['x-frame-options']);
  expect(reference['referrer-policy']).toBe('no-referrer');
  expect(reference['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains/);
}

/**
 * The answer carries every helmet header with the reference value. A page that needs its own CSP
 * (the API docs: Swagger UI's inline styles) may differ there, but never in framing, plugins or
 * scripts.
 */
function expectSecure(response: LightMyRequestResponse, options: { ownCsp?: boolean } = {}) {
  const missing = HELMET_HEADERS.filter((name) => response.headers[name] === undefined);
  expect(missing, `headers missing from ${response.statusCode} ${response.body.slice(0, 200)}`).toEqual([]);
  for (const name of HELMET_HEADERS) {
    if (name === 'content-security-policy' && options.ownCsp) continue;
    expect(String(response.headers[name]), name).toBe(reference[name]);
  }
  const csp = directives(response.headers['content-security-policy']);
  expect(csp.get('frame-ancestors'), 'content-security-policy frame-ancestors').toBe("'none'");
  expect(csp.get('object-src'), 'content-security-policy object-src').toBe("'none'");
  expect(csp.get('script-src') ?? csp.get('default-src'), 'content-security-policy script-src').not.toMatch(
    /unsafe-inline|unsafe-eval|\*/,
  );
}

/** The error envelope, in JSON. */
function expectEnvelope(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { message?: unknown; code?: unknown };
  expect(typeof body.message).toBe('string');
  expect(typeof body.code).toBe('string');
}

/** One answer to check: its name, the status it must have, and the request. */
type Case = [name: string, status: number, request: () => InjectOptions];

describe('the API and the web app', () => {
  const t = useTestApp({ WEB_DIST: webDist });
  let teacherToken: string;
  let rootToken: string;
  let assetFileId: number;

  beforeAll(async () => {
    takeReference(await t.app.inject({ url: '/api/health' }));
    const workspace = await buildWorkspace(t.db);
    teacherToken = (await buildSignedInMember(t.db, workspace, 'teacher')).token;
    rootToken = (await buildSignedInMember(t.db, workspace, 'root')).token;
    const { assetIds } = await buildThemeWithAssets(t.db, t.app.files, workspace.id, [
      { type: 'background', content: solidPng(1, 2, 3) },
    ]);
    assetFileId = (await readAsset(t, rootToken, assetIds[0]!)).fileId;
  });

  // Requests are functions because the cases are listed before `beforeAll` makes the tokens.
  const teacher = () => teacherToken;
  const root = () => rootToken;
  const get = (url: string | (() => string), token?: () => string) => (): InjectOptions => ({
    url: typeof url === 'string' ? url : url(),
    ...(token ? { headers: bearer(token()) } : {}),
  });
  /** A sign-in with this body: a public route, so the body reaches the parser without a token. */
  const login =
    (payload: string, type = 'application/json') =>
    (): InjectOptions => ({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { 'content-type': type },
    });

  const answer = async ([, status, request]: Case) => {
    const response = await t.app.inject(request());
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    return response;
  };

  it.each<Case>([
    ['200 JSON (GET /api/health)', 200, get('/api/health')],
    ['200 JSON for a signed-in caller (GET /api/check-token)', 200, get('/api/check-token', teacher)],
    [
      '200 a file (GET /api/file/download/:fileId)',
      200,
      get(() => `/api/file/download/${assetFileId}`, root),
    ],
    ["200 the web app's index (/)", 200, get('/')],
    ['200 a static file of the web app (/assets/app-abc123.js)', 200, get('/assets/app-abc123.js')],
    ['200 the SPA fallback (/clients/42)', 200, get('/clients/42')],
  ])('%s', async (...c) => {
    expectSecure(await answer(c));
  });

  it.each<Case>([
    ['401 without a token', 401, get('/api/check-token')],
    ['401 with a bad token', 401, get('/api/check-token', () => 'not-a-token')],
    ['403 for a role that may not (a teacher reads the audit log)', 403, get('/api/audit-log', teacher)],
    ['404 of an object (GET /api/assets/:id)', 404, get('/api/assets/2147483647', root)],
    ['404 of an unknown API path', 404, get('/api/no-such-thing')],
    ['404 of an unknown API method', 404, () => ({ method: 'PATCH', url: '/api/health' })],
    ['422 validation', 422, login('{}')],
    ['422 forbidden text (a NUL)', 422, login('{"email":"a\\u0000@example.test","password":"password1"}')],
    ['400 malformed JSON', 400, login('{"email":')],
    [
      '413 body too large',
      413,
      login(JSON.stringify({ email: 'x'.repeat(JSON_BODY_MAX_BYTES), password: 'p' })),
    ],
    ['415 wrong content type', 415, login('<login/>', 'application/xml')],
    ['400 router error: a bad %-escape (/api/themes/%E0%A4%A)', 400, get('/api/themes/%E0%A4%A')],
    ['400 router error: a bad %-escape outside the API', 400, get('/%E0%A4%A')],
    [
      '404 router error: a parameter over the router limit',
      404,
      get(`/api/storage/client-storage/${'a'.repeat(300)}`),
    ],
    ['404 a POST outside the API', 404, () => ({ method: 'POST', url: '/clients/42' })],
  ])('%s, in the error envelope', async (...c) => {
    const response = await answer(c);
    expectSecure(response);
    expectEnvelope(response);
  });

  // Swagger UI needs inline styles, so the docs have a CSP of their own (see `expectSecure`).
  it.each<Case>([
    ['200 the API docs page (/api/docs/)', 200, get('/api/docs/')],
    ['302 the API docs redirect (/api/docs/static/index.html)', 302, get('/api/docs/static/index.html')],
    [
      '200 a static file of the API docs (/api/docs/static/swagger-ui.css)',
      200,
      get('/api/docs/static/swagger-ui.css'),
    ],
    ['200 the OpenAPI document (/api/docs/json)', 200, get('/api/docs/json')],
  ])('%s, with its own CSP', async (...c) => {
    expectSecure(await answer(c), { ownCsp: true });
  });
});

describe('rate limits and a web app that is not built', () => {
  const t = useTestApp({ RATE_LIMIT_MAX: '2', LOGIN_RATE_LIMIT_IP: '1', WEB_DIST: emptyWebDist });

  beforeAll(async () => {
    takeReference(await t.app.inject({ url: '/api/health' }));
  });

  it('answers 429 with Retry-After and the security headers once the API limit is spent', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 3; i += 1) answers.push(await t.app.inject({ url: '/api/app-config' }));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 429]);
    const limited = answers[2]!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectSecure(limited);
    expectEnvelope(limited);
  });

  it('answers 429 with the security headers once the sign-in limit is spent', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'nobody@example.test', password: 'password1' },
        remoteAddress: '203.0.113.9',
      });
    await login();
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expectSecure(limited);
    expectEnvelope(limited);
  });

  it('answers 503 with the security headers for a page while the web app is not built', async () => {
    const response = await t.app.inject({ url: '/clients' });
    expect(response.statusCode).toBe(503);
    expectSecure(response);
  });
});

describe('an unexpected error in a handler', () => {
  const t = useTestApp({ WEB_DIST: webDist });
  const other = {} as { app: App };

  beforeAll(async () => {
    takeReference(await t.app.inject({ url: '/api/health' }));
    other.app = await buildApp({ config: testConfig({ WEB_DIST: webDist }), database: t.testDb.database });
    other.app.get('/api/boom', { schema: { response: { 200: z.object({}) } } }, async () => {
      throw new Error('boom in secret-module.ts:42');
    });
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app?.close();
  });

  it('answers 500 in the envelope with the security headers, without the error', async () => {
    const response = await other.app.inject({ url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expectSecure(response);
    expectEnvelope(response);
    expect(response.body).not.toMatch(/boom|secret-module|\.ts:\d+/);
  });
});
