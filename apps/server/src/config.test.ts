import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const POSTGRES_URL = 'postgres://logoschool@db.example:5432/logoschool';

/** The ConfigError that loading `env` throws (fails the test when it does not throw one). */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

/** The variables a ConfigError message names, once each (lines `  NAME="value": why`). */
const namedVariables = (error: ConfigError) => [
  ...new Set(
    error.message
      .split('\n')
      .slice(1)
      .map((line) => /^ {2}([A-Z0-9_]+)=/.exec(line)?.[1]),
  ),
];

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      LOG_LEVEL: 'info',
      SESSION_TTL: 7 * 24 * 3600,
      CORS_ORIGINS: [],
      TRUST_PROXY: false,
      demo: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.join(process.cwd(), 'data'));
    expect(config.webDist).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
  });

  it('resolves DATA_DIR and WEB_DIST against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/school', WEB_DIST: '/srv/web' });
    expect(config.dataDir).toBe(path.join(process.cwd(), 'var', 'school'));
    expect(config.webDist).toBe('/srv/web');
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '', DATA_DIR: ' ', DEMO: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.dataDir).toBe(path.join(process.cwd(), 'data'));
    expect(config.demo).toBe(true);
  });

  it.each([
    ['the embedded database', true, {}],
    ['the embedded database in test mode', true, { NODE_ENV: 'test' }],
    ['the embedded database with DEMO=0', false, { DEMO: '0' }],
    ['PostgreSQL', false, { DATABASE_URL: POSTGRES_URL }],
    ['PostgreSQL with DEMO=1', true, { DATABASE_URL: POSTGRES_URL, DEMO: '1' }],
    ['PostgreSQL with DEMO=yes', true, { DATABASE_URL: POSTGRES_URL, DEMO: 'yes' }],
    ['production on the embedded database', false, { NODE_ENV: 'production' }],
    ['production on PostgreSQL', false, { NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL }],
    ['production with DEMO=0', false, { NODE_ENV: 'production', DEMO: '0' }],
  ])('on %s, demo is %s', (_case, demo, env) => {
    expect(loadConfig(env).demo).toBe(demo);
  });

  it.each(['1', 'true'])('refuses DEMO=%s with NODE_ENV=production', (value) => {
    const error = configError({ NODE_ENV: 'production', DEMO: value, DATABASE_URL: POSTGRES_URL });
    expect(error.message).toContain(`DEMO="${value}"`);
    expect(error.message).toContain('NODE_ENV=production');
  });

  it('accepts both PostgreSQL URL schemes', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES_URL }).DATABASE_URL).toBe(POSTGRES_URL);
    const alias = 'postgresql://u@localhost/db';
    expect(loadConfig({ DATABASE_URL: alias }).DATABASE_URL).toBe(alias);
  });

  it('splits CORS_ORIGINS on commas, trimming and dropping empty entries', () => {
    expect(
      loadConfig({ CORS_ORIGINS: ' https://school.example , http://localhost:5173,, ' }).CORS_ORIGINS,
    ).toEqual(['https://school.example', 'http://localhost:5173']);
    expect(loadConfig({ CORS_ORIGINS: 'https://one.example' }).CORS_ORIGINS).toEqual(['https://one.example']);
  });

  it('refuses a CORS origin that is not a URL', () => {
    const error = configError({ CORS_ORIGINS: 'https://school.example,school.example' });
    expect(namedVariables(error)).toEqual(['CORS_ORIGINS']);
  });

  it('reads the vacancy links by environment id, none when unset', () => {
    expect(loadConfig({}).vacancyUrls).toEqual({});
    expect(
      loadConfig({ VACANCY_URLS: ' {"1": "https://jobs.example/uk", "2": "http://jobs.example/pl"} ' })
        .vacancyUrls,
    ).toEqual({ '1': 'https://jobs.example/uk', '2': 'http://jobs.example/pl' });
  });

  it.each([
    ['not JSON', '{1: https://jobs.example}', 'must be a JSON object'],
    ['a list', '["https://jobs.example"]', 'must be a JSON object'],
    ['a key that is no environment id', '{"demo":"https://jobs.example"}', 'environment ids'],
    ['a link that is not a web address', '{"1":"javascript:alert(1)"}', 'https:// or http://'],
    ['a link that is no URL', '{"1":"jobs"}', 'VACANCY_URLS'],
  ])('refuses VACANCY_URLS with %s', (_case, value, says) => {
    const error = configError({ VACANCY_URLS: value });
    expect(namedVariables(error)).toEqual(['VACANCY_URLS']);
    expect(error.message).toContain(says);
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '5',
      LOGIN_RATE_LIMIT_IP: '3',
      SESSION_TTL: '3600',
    });
    expect(config).toMatchObject({
      TRUST_PROXY: true,
      RATE_LIMIT_MAX: 5,
      LOGIN_RATE_LIMIT_IP: 3,
      SESSION_TTL: 3600,
    });
  });

  it('gives the public links’ reads a budget of their own, RATE_LIMIT_MAX’s unless set', () => {
    expect(loadConfig({ RATE_LIMIT_MAX: '50' }).publicLinkRateLimit).toBe(50);
    expect(loadConfig({ RATE_LIMIT_MAX: '50', PUBLIC_LINK_RATE_LIMIT: '7' }).publicLinkRateLimit).toBe(7);
    expect(namedVariables(configError({ PUBLIC_LINK_RATE_LIMIT: '0' }))).toEqual(['PUBLIC_LINK_RATE_LIMIT']);
  });

  it.each([
    ['PORT', '65536'],
    ['PORT', '3000.5'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'maybe'],
    ['REDIS_URL', 'http://cache.example'],
    ['SMTP_URL', 'not a url'],
    ['RATE_LIMIT_MAX', '0'],
    ['LOGIN_LOCK_SECONDS', '7200'],
  ])('refuses %s=%s', (name, value) => {
    const error = configError({ [name]: value });
    expect(namedVariables(error)).toEqual([name]);
    expect(error.message).toContain(`${name}=${JSON.stringify(value)}`);
  });

  it('names every wrong variable in one error', () => {
    const error = configError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      SESSION_TTL: '5',
      HOST: 'localhost',
    });
    expect(error.message.split('\n')[0]).toBe('Invalid configuration:');
    expect(namedVariables(error).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'SESSION_TTL']);
    expect(error.message).toContain('PORT="abc"');
    expect(error.message).toContain('DATABASE_URL="mysql://x"');
    expect(error.message).toContain('must start with postgres:// or postgresql://');
    expect(error.message).toContain('LOG_LEVEL="loud"');
    expect(error.message).toContain('SESSION_TTL="5"');
  });

  describe('the S3-compatible file store', () => {
    const S3 = {
      S3_ENDPOINT: 'https://storage.example',
      S3_BUCKET: 'school-files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    };

    it('is off unless configured: the files stay in DATA_DIR', () => {
      expect(loadConfig({}).s3).toBeNull();
    });

    it('takes the five variables together, path-style addresses only when asked', () => {
      expect(loadConfig(S3).s3).toEqual({
        endpoint: 'https://storage.example',
        bucket: 'school-files',
        region: 'eu-central-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        forcePathStyle: false,
      });
      expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
      expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3?.endpoint).toBe(
        'http://127.0.0.1:9000',
      );
    });

    it('names the missing ones when only some are set (all or none)', () => {
      const error = configError({ S3_ENDPOINT: S3.S3_ENDPOINT, S3_BUCKET: S3.S3_BUCKET });
      expect(namedVariables(error).sort()).toEqual(['S3_ACCESS_KEY_ID', 'S3_REGION', 'S3_SECRET_ACCESS_KEY']);
      expect(error.message).toContain(
        'S3_REGION="": must be set too: the S3 file store needs S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (all or none), and S3_ENDPOINT, S3_BUCKET are set',
      );
      const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = S3;
      expect(namedVariables(configError(withoutSecret))).toEqual(['S3_SECRET_ACCESS_KEY']);
      expect(namedVariables(configError({ S3_FORCE_PATH_STYLE: '1' }))).toEqual(['S3_FORCE_PATH_STYLE']);
    });

    it.each([
      ['S3_ENDPOINT', 'storage.example'],
      ['S3_ENDPOINT', 'ftp://storage.example'],
      ['S3_BUCKET', 'School_Files'],
      ['S3_BUCKET', 'ab'],
      ['S3_REGION', 'EU Central'],
      ['S3_FORCE_PATH_STYLE', 'maybe'],
    ])('refuses %s=%s', (name, value) => {
      const error = configError({ ...S3, [name]: value });
      expect(namedVariables(error)).toEqual([name]);
      expect(error.message).toContain(`${name}=${JSON.stringify(value)}`);
    });

    it('never prints the secret, even when it is what is wrong', () => {
      const long = 'x'.repeat(300);
      const error = configError({ ...S3, S3_SECRET_ACCESS_KEY: long });
      expect(namedVariables(error)).toEqual(['S3_SECRET_ACCESS_KEY']);
      expect(error.message).toContain('S3_SECRET_ACCESS_KEY=(hidden)');
      expect(error.message).not.toContain(long);
      const alone = configError({ S3_SECRET_ACCESS_KEY: S3.S3_SECRET_ACCESS_KEY });
      expect(alone.message).not.toContain(S3.S3_SECRET_ACCESS_KEY);
    });
  });
});

describe('starting the server with a wrong configuration', () => {
  it('exits with one clear message naming the variable, without a stack trace', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-config-'));
    try {
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/main.ts'],
          {
            cwd: REPO_ROOT,
            env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: 'abc', DATA_DIR: dataDir },
            timeout: 30_000,
          },
          (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines.slice(1)).toEqual([expect.stringMatching(/^ {2}PORT="abc": /)]);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stderr).not.toContain('ConfigError');
      // It stopped before touching the data directory.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
