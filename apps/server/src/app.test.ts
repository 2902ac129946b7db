import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { JSON_BODY_MAX_BYTES } from '@logoschool/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from './app.ts';
import { text } from './i18n/index.ts';
import { testConfig, useTestApp } from './test/app.ts';

const ROOT_PACKAGE = JSON.parse(
  fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>\n';
const APP_JS = 'console.log("logoschool");\n';
const ALLOWED_ORIGIN = 'https://school.example';

/** A built web app: index.html and one content-hashed asset. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), APP_JS);
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
/** A web directory without a build. */
const emptyWebDist = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-web-empty-'));
afterAll(() => {
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(emptyWebDist, { recursive: true, force: true });
});

const t = useTestApp({ WEB_DIST: webDist, CORS_ORIGINS: `${ALLOWED_ORIGIN},http://localhost:5173` });

/**
 * Another app on the test database, with its own configuration, for the tests of the enclosing
 * describe. `setup` runs before `ready()`, while routes may still be added.
 */
function useOtherApp(
  env: Record<string, string>,
  options: { setup?: (app: App) => void; logger?: FastifyBaseLogger } = {},
) {
  const context = {} as { app: App };
  beforeAll(async () => {
    context.app = await buildApp({
      config: testConfig({ WEB_DIST: webDist, ...env }),
      database: t.testDb.database,
      logger: options.logger,
    });
    options.setup?.(context.app);
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
  });
  return context;
}

const jsonPost = (app: App, url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('GET /api/health', () => {
  it('answers ok with the version and the database kind', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      data: { status: 'ok', version: ROOT_PACKAGE.version, db: 'postgres' },
    });
  });
});

describe('the web app', () => {
  it.each(['/', '/some/deep/page', '/lessons/12?tab=plan'])('serves index.html at %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('sends the precompressed asset to a browser that accepts gzip, the plain one otherwise', async () => {
    const zipped = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(APP_JS);
    const plain = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('serves a hashed asset for a year, immutable', async () => {
    const response = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(APP_JS);
  });

  it.each([
    ['GET', '/api/whatever'],
    ['GET', '/api'],
    ['POST', '/api/whatever/deeper'],
    ['DELETE', '/api/health'],
  ] as const)('answers %s %s with a JSON 404', async (method, url) => {
    const response = await t.app.inject({ method, url: `${url}?x=1`, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      code: 'route_not_found',
      message: `There is no such API call: ${method} ${url}.`,
    });
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('answers %s of a page with a JSON 404', async (method) => {
    const response = await t.app.inject({ method, url: '/not-api' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('route_not_found');
    expect(response.body).not.toContain('<html');
  });

  describe('when the web app is not built', () => {
    const other = useOtherApp({ WEB_DIST: emptyWebDist });

    it.each(['/', '/some/deep/page'])('answers %s with 503 telling to build it', async (url) => {
      const response = await other.app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('npm run build');
    });

    it('still answers the API', async () => {
      expect((await other.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const unknown = await other.app.inject({ url: '/api/whatever' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('route_not_found');
    });
  });
});

describe('security headers', () => {
  const directives = (header: string | undefined) =>
    new Map(
      (header ?? '').split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );

  it.each(['/api/health', '/', '/assets/app-abc123.js', '/api/whatever'])(
    'sends a strict content security policy and nosniff with %s',
    async (url) => {
      const response = await t.app.inject({ url });
      const csp = directives(response.headers['content-security-policy'] as string | undefined);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('allows an origin from CORS_ORIGINS', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { origin: ALLOWED_ORIGIN } });
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-expose-headers']).toMatch(/retry-after/i);
    const second = await t.app.inject({ url: '/api/health', headers: { origin: 'http://localhost:5173' } });
    expect(second.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it.each(['https://evil.example', 'https://school.example.evil.example', 'http://school.example'])(
    'does not allow the origin %s',
    async (origin) => {
      const response = await t.app.inject({ url: '/api/health', headers: { origin } });
      expect(response.statusCode).toBe(200);
      expect(response.headers).not.toHaveProperty('access-control-allow-origin');
      expect(response.headers).not.toHaveProperty('access-control-allow-credentials');
    },
  );

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });

  it('answers a preflight from an allowed origin', async () => {
    const response = await preflight(ALLOWED_ORIGIN);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('does not allow a preflight from another origin', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers).not.toHaveProperty('access-control-allow-origin');
    expect(response.headers).not.toHaveProperty('access-control-allow-methods');
  });
});

describe('errors', () => {
  it('answers a broken %-escape with the error envelope', async () => {
    const response = await t.app.inject({ url: '/api/%zz', headers: { 'accept-language': 'pl' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'bad_request', message: 'Nieprawidłowe żądanie.' });
  });

  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers %s of a path parameter over the router limit with 404 in the envelope',
    async (method) => {
      const url = `/api/storage/client-storage/${'a'.repeat(300)}`;
      const response = await t.app.inject({ method, url, headers: { 'accept-language': 'pl' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'route_not_found',
        message: `Nie ma takiego wywołania API: ${method} ${url}.`,
      });
    },
  );

  it('refuses a body over JSON_BODY_MAX_BYTES with 413', async () => {
    const body = JSON.stringify({ email: `${'x'.repeat(JSON_BODY_MAX_BYTES)}@example.test`, password: 'p' });
    const response = await jsonPost(t.app, '/api/login', body, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'payload_too_large',
      message: 'The request is too large (at most 1 MB).',
    });
  });

  it('reads a body just under the limit', async () => {
    const padding = 'x'.repeat(JSON_BODY_MAX_BYTES - 100);
    const body = JSON.stringify({ email: 'a@example.test', password: padding });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES);
    const response = await jsonPost(t.app, '/api/login', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['password']);
  });

  it.each([
    ['malformed JSON', '{"email": '],
    ['an empty body', ''],
    ['a body of spaces', '   '],
  ])('answers %s with 400 malformed_json', async (_case, payload) => {
    const response = await jsonPost(t.app, '/api/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('malformed_json');
    expect(response.json().message).toBe(text('ru', 'errors.malformed_json'));
  });

  it.each([
    ['uk-UA,uk;q=0.9,en;q=0.8', 'uk'],
    ['ru', 'ru'],
    ['en-US', 'en'],
    ['pl-PL', 'pl'],
    ['de-DE, fr;q=0.9', 'ru'],
    ['', 'ru'],
  ] as const)('answers Accept-Language %j in %s', async (acceptLanguage, lang) => {
    const response = await t.app.inject({
      url: '/api/nothing-here',
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(response.json().message).toBe(
      text(lang, 'errors.route_not_found', { method: 'GET', url: '/api/nothing-here' }),
    );
  });

  describe('an unexpected error in a handler', () => {
    const logged: string[] = [];
    const other = useOtherApp(
      {},
      {
        logger: pino({ level: 'error' }, { write: (line: string) => logged.push(line) }),
        setup: (app) => {
          app.get('/api/test-boom', { schema: { response: { 200: z.object({}) } } }, async () => {
            throw new Error('relation missing: select * from users where password_hash = $1');
          });
        },
      },
    );

    it.each(['en', 'uk'] as const)('answers 500 internal_error without its details (%s)', async (lang) => {
      const response = await other.app.inject({
        url: '/api/test-boom',
        headers: { 'accept-language': lang },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'internal_error',
        message: text(lang, 'errors.internal_error'),
      });
      expect(response.body).not.toContain('select * from users');
      expect(response.body).not.toContain('password_hash');
      expect(response.body).not.toMatch(/\bat \S+ \(|\.ts:\d+/);
      expect(response.body).not.toMatch(/stack/i);
    });

    it('logs the error for the operator', () => {
      expect(logged.some((line) => line.includes('select * from users'))).toBe(true);
    });
  });
});

describe('rate limits', () => {
  describe('across the API (RATE_LIMIT_MAX=5)', () => {
    const other = useOtherApp({ RATE_LIMIT_MAX: '5' });

    it('answers the 6th API call within a minute with 429 and Retry-After', async () => {
      // Docs, health checks and the web app's files do not count.
      for (let i = 0; i < 6; i += 1) {
        expect((await other.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
        expect((await other.app.inject({ url: '/api/health' })).statusCode).toBe(200);
        expect((await other.app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
        expect((await other.app.inject({ url: '/some/page' })).statusCode).toBe(200);
      }
      for (let i = 0; i < 5; i += 1) {
        expect((await other.app.inject({ url: '/api/check-token' })).statusCode).toBe(401);
      }
      const limited = await other.app.inject({
        url: '/api/check-token',
        headers: { 'accept-language': 'en' },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(limited.json().message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    it('still serves the docs and the web app to that address', async () => {
      expect((await other.app.inject({ url: '/api/check-token' })).statusCode).toBe(429);
      expect((await other.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await other.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
      expect((await other.app.inject({ url: '/' })).statusCode).toBe(200);
      expect((await other.app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    });

    it('counts each address on its own', async () => {
      const response = await other.app.inject({ url: '/api/check-token', remoteAddress: '203.0.113.7' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('of sign-ins per address (LOGIN_RATE_LIMIT_IP=3)', () => {
    const other = useOtherApp({ LOGIN_RATE_LIMIT_IP: '3' });
    const login = (email: string, remoteAddress = '198.51.100.1') =>
      other.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress,
      });

    it('answers the 4th attempt from one address with 429 and Retry-After', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect((await login(`nobody-${i}@example.test`)).statusCode).toBe(401);
      }
      const limited = await login('nobody-3@example.test');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another address may still try.
      expect((await login('nobody-4@example.test', '198.51.100.2')).statusCode).toBe(401);
    });
  });
});

describe('OpenAPI', () => {
  type Operation = {
    responses?: Record<string, unknown>;
    parameters?: { in: string; name: string; required?: boolean }[];
  };
  type Document = {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, Operation>>;
  };

  const documentOf = async (app: App) => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    return JSON.parse(response.body) as Document;
  };

  /** The API routes the app serves, as OpenAPI `[path, method]` pairs. */
  const apiOperations = (app: App) =>
    app.apiRoutes.map(({ url, method }) => [url.replace(/:(\w+)/g, '{$1}'), method.toLowerCase()] as const);

  it('refuses to start with an API route that declares no response schema', async () => {
    const app = await buildApp({ config: testConfig({ WEB_DIST: webDist }), database: t.testDb.database });
    expect(() => app.get('/api/undocumented', async () => ({ data: 1 }))).toThrow(
      'GET /api/undocumented declares no response schema',
    );
    await app.close();
  });

  it('is OpenAPI 3 with the version of the app', async () => {
    const document = await documentOf(t.app);
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.version).toBe(ROOT_PACKAGE.version);
  });

  it('documents every API route, each with its responses', async () => {
    const document = await documentOf(t.app);
    const operations = apiOperations(t.app);
    expect(operations).toContainEqual(['/api/health', 'get']);
    expect(operations).toContainEqual(['/api/login', 'post']);
    expect(operations).toContainEqual(['/api/storage/{key}', 'get']);
    expect(operations).toContainEqual(['/api/storage/{key}/{subkey}', 'get']);
    for (const [url, method] of operations) {
      const operation = document.paths[url]?.[method];
      expect(operation, `${method.toUpperCase()} ${url}`).toBeDefined();
      const codes = Object.keys(operation?.responses ?? {});
      expect(
        codes.some((code) => /^2\d\d$/.test(code)),
        `${method.toUpperCase()} ${url} responses`,
      ).toBe(true);
    }
  });

  it('documents only paths that exist, with valid path templates', async () => {
    const document = await documentOf(t.app);
    const served = new Set(apiOperations(t.app).map(([url]) => url));
    for (const [url, item] of Object.entries(document.paths)) {
      expect(served.has(url), url).toBe(true);
      expect(url).toMatch(/^(\/([\w.-]+|\{\w+\}))+$/);
      const templated = [...url.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const [method, operation] of Object.entries(item)) {
        const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(inPath.map((parameter) => parameter.name).sort(), `${method} ${url}`).toEqual(templated);
        expect(inPath.every((parameter) => parameter.required === true)).toBe(true);
      }
    }
  });

  it('serves its UI at /api/docs/', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });
});
