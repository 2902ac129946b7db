import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSON_BODY_MAX_BYTES } from '@logoschool/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../app.ts';
import { testConfig, useTestApp, type TestContext } from '../test/app.ts';
import { bearer, buildSignedInMember, buildWorkspace } from '../test/factories.ts';
import { buildTheme, solidPng } from '../test/media.ts';

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

interface Case {
  name: string;
  status: number;
  request: () => InjectOptions | Promise<InjectOptions>;
  /** JSON error envelope expected (every API error). */
  envelope?: boolean;
  ownCsp?: boolean;
}

function runCases(context: { app: App } | TestContext, cases: Case[]) {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await context.app.inject(await c.request());
    expect(response.statusCode, response.body.slice(0, 300)).toBe(c.status);
    expectSecure(response, { ownCsp: c.ownCsp });
    if (c.envelope) expectEnvelope(response);
  });
}

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
    const { assetIds } = await buildTheme(t.db, t.app.files, workspace.id, [
      { type: 'background', content: solidPng(1, 2, 3) },
    ]);
    const asset = await t.app.inject({ url: `/api/assets/${assetIds[0]}`, headers: bearer(rootToken) });
    assetFileId = (asset.json().data as { files: { id: number }[] }).files[0]!.id;
  });

  const json = (payload: string, type = 'application/json'): Partial<InjectOptions> => ({
    method: 'POST',
    url: '/api/login',
    payload,
    headers: { 'content-type': type },
  });

  runCases(t, [
    { name: '200 JSON (GET /api/health)', status: 200, request: () => ({ url: '/api/health' }) },
    {
      name: '200 JSON for a signed-in caller (GET /api/check-token)',
      status: 200,
      request: () => ({ url: '/api/check-token', headers: bearer(teacherToken) }),
    },
    {
      name: '200 a file (GET /api/file/download/:fileId)',
      status: 200,
      request: () => ({ url: `/api/file/download/${assetFileId}`, headers: bearer(rootToken) }),
    },
    {
      name: '401 without a token',
      status: 401,
      envelope: true,
      request: () => ({ url: '/api/check-token' }),
    },
    {
      name: '401 with a bad token',
      status: 401,
      envelope: true,
      request: () => ({ url: '/api/check-token', headers: bearer('not-a-token') }),
    },
    {
      name: '403 for a role that may not (a teacher reads the audit log)',
      status: 403,
      envelope: true,
      request: () => ({ url: '/api/audit-log', headers: bearer(teacherToken) }),
    },
    {
      name: '404 of an object (GET /api/assets/:id)',
      status: 404,
      envelope: true,
      request: () => ({ url: '/api/assets/2147483647', headers: bearer(rootToken) }),
    },
    {
      name: '404 of an unknown API path',
      status: 404,
      envelope: true,
      request: () => ({ url: '/api/no-such-thing' }),
    },
    {
      name: '404 of an unknown API method',
      status: 404,
      envelope: true,
      request: () => ({ method: 'PATCH', url: '/api/health' }),
    },
    {
      name: '422 validation',
      status: 422,
      envelope: true,
      request: () => json('{}'),
    },
    {
      name: '422 forbidden text (a NUL)',
      status: 422,
      envelope: true,
      request: () => json('{"email":"a\\u0000@example.test","password":"password1"}'),
    },
    { name: '400 malformed JSON', status: 400, envelope: true, request: () => json('{"email":') },
    {
      name: '413 body too large',
      status: 413,
      envelope: true,
      request: () => json(JSON.stringify({ email: 'x'.repeat(JSON_BODY_MAX_BYTES), password: 'p' })),
    },
    {
      name: '415 wrong content type',
      status: 415,
      envelope: true,
      request: () => json('<login/>', 'application/xml'),
    },
    {
      name: '400 router error: a bad %-escape (/api/themes/%E0%A4%A)',
      status: 400,
      envelope: true,
      request: () => ({ url: '/api/themes/%E0%A4%A' }),
    },
    {
      name: '400 router error: a bad %-escape outside the API',
      status: 400,
      envelope: true,
      request: () => ({ url: '/%E0%A4%A' }),
    },
    {
      name: '404 router error: a parameter over the router limit',
      status: 404,
      envelope: true,
      request: () => ({ url: `/api/storage/client-storage/${'a'.repeat(300)}` }),
    },
    {
      name: '200 the API docs page (/api/docs/)',
      status: 200,
      ownCsp: true,
      request: () => ({ url: '/api/docs/' }),
    },
    {
      name: '302 the API docs redirect (/api/docs/static/index.html)',
      status: 302,
      ownCsp: true,
      request: () => ({ url: '/api/docs/static/index.html' }),
    },
    {
      name: '200 a static file of the API docs (/api/docs/static/swagger-ui.css)',
      status: 200,
      ownCsp: true,
      request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    },
    {
      name: '200 the OpenAPI document (/api/docs/json)',
      status: 200,
      ownCsp: true,
      request: () => ({ url: '/api/docs/json' }),
    },
    { name: "200 the web app's index (/)", status: 200, request: () => ({ url: '/' }) },
    {
      name: '200 a static file of the web app (/assets/app-abc123.js)',
      status: 200,
      request: () => ({ url: '/assets/app-abc123.js' }),
    },
    {
      name: '200 the SPA fallback (/clients/42)',
      status: 200,
      request: () => ({ url: '/clients/42' }),
    },
    {
      name: '404 a POST outside the API',
      status: 404,
      envelope: true,
      request: () => ({ method: 'POST', url: '/clients/42' }),
    },
  ]);
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
