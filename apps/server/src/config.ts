import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(
      z
        .url()
        .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
          message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
        })
        .optional(),
    )
    .optional();

/**
 * `VACANCY_URLS`: a JSON object from environment id to the vacancy banner's link (spec §1), e.g.
 * `{"1":"https://jobs.example/speech","2":"https://jobs.example/pl"}`. An environment without one
 * shows no banner.
 */
const vacancyUrls = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object like {"1":"https://…"}' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().regex(/^[1-9]\d*$/),
      z.url({ protocol: /^https?$/, error: 'links must be https:// or http:// addresses' }),
      {
        error: (issue) =>
          issue.code === 'invalid_key'
            ? 'keys must be environment ids (1, 2, …)'
            : issue.code === 'invalid_type'
              ? 'must be a JSON object like {"1":"https://…"}'
              : undefined,
      },
    ),
  );

/** Environment variables, parsed once at start (DESIGN §1 config.ts). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; unset → the embedded PostgreSQL, started by the app in DATA_DIR. */
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /**
   * Whether the embedded PostgreSQL writes durably (fsync, full page writes, synchronous commit).
   * Off only for a throwaway server (the browser tests'), whose data is gone with its directory.
   */
  DATA_DURABLE: flag.default(true),
  /** Seed the demo school into an empty database (never with NODE_ENV=production). */
  DEMO: flag.optional(),
  /** How long a session lives without use, in seconds (sliding). */
  SESSION_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .default(7 * 24 * 3600),
  /** How long an invitation link works, in seconds. */
  INVITATION_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .default(7 * 24 * 3600),
  /** The SMTP server for outgoing mail; unset → mail is only kept in the outbox that root reads. */
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  /** The sender of outgoing mail; unset → `Logoschool <noreply@…>` at the PUBLIC_URL host. */
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** The address people open; used in links sent by mail. */
  PUBLIC_URL: optionalUrl(['http', 'https']),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Comma-separated origins allowed to call the API from another site. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /** Requests per minute per client address across the API. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /**
   * Reads by a public link's token per minute from one address, all public links' pages together
   * (the parents' plan and diagnosis, the child's screen and its slides; decision 029); unset:
   * RATE_LIMIT_MAX's number, a budget of its own.
   */
  PUBLIC_LINK_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /** Login attempts per minute from one address. */
  LOGIN_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(20),
  /** Failed login attempts for one e-mail before it must wait LOGIN_LOCK_SECONDS. */
  LOGIN_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Trust X-Forwarded-* from a proxy in front (needed for per-address rate limits behind one). */
  TRUST_PROXY: flag.default(false),
  /**
   * The chat widget (spec §7: a Freshchat-style web messenger): its script, its host and the
   * account's widget token. All three set → the signed-in app loads it (never on localhost) and
   * the CSP allows their origins; any unset → no chat.
   */
  CHAT_SCRIPT_URL: optionalUrl(['https', 'http']),
  CHAT_HOST: optionalUrl(['https', 'http']),
  CHAT_TOKEN: z.string().trim().max(200).optional(),
  /**
   * LibreOffice's `soffice` and poppler's `pdftoppm`, which render slide images (a name is looked up
   * in PATH when the job runs); when either is missing, a deck's own thumbnail stands in.
   */
  SOFFICE_PATH: z.string().trim().min(1).default('soffice'),
  PDFTOPPM_PATH: z.string().trim().min(1).default('pdftoppm'),
  /**
   * Whether the schedule prepares the themed versions of lessons starting within a day (issue 15
   * item 2, `prepare-lessons`). Off for the browser tests, whose demo lessons must not lock mid-test.
   */
  PREPARE_LESSONS: flag.default(true),
  /**
   * Whether the start queues the slide images of the decks still waiting for theirs (the demo's
   * library on its first start, or decks left when the server stopped). Off for the browser tests,
   * whose servers need no demo slides and whose own uploads should not queue behind them.
   */
  RENDER_WAITING_DECKS: flag.default(true),
  /** The vacancy banner's link per environment id (spec §1); unset → no banner anywhere. */
  VACANCY_URLS: vacancyUrls.optional(),
  /** The built web app to serve at `/`; unset → apps/web/dist when it exists. */
  WEB_DIST: z.string().trim().min(1).optional(),
  /**
   * An S3-compatible store for uploaded and generated files (decision 047), for several app
   * instances: the endpoint, bucket, region and key pair all together, or none (then the files go
   * to DATA_DIR/files). `S3_FORCE_PATH_STYLE` asks for `https://host/bucket/key` addresses rather
   * than `https://bucket.host/key` (MinIO, Garage, Ceph and most stores other than AWS want it).
   */
  S3_ENDPOINT: optionalUrl(['https', 'http']),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    })
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,32}$/, { message: 'must be a region name such as us-east-1 (or auto)' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).max(128).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
});

/** The S3 variables that come all together or not at all. */
const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** Variables whose values a configuration error never prints. */
const SECRET_VARIABLES = new Set(['S3_SECRET_ACCESS_KEY']);

/** The S3-compatible file store's settings (all of `S3_*`), when it is configured. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The chat widget's settings, when all three are configured. */
export interface ChatConfig {
  scriptUrl: string;
  host: string;
  token: string;
}

export type Config = z.infer<typeof envSchema> & {
  /** Whether demo data is seeded into an empty database. */
  demo: boolean;
  chat: ChatConfig | null;
  /** The vacancy banner's link by environment id (`"1"`, `"2"`…); empty when none is configured. */
  vacancyUrls: Record<string, string>;
  /** PUBLIC_LINK_RATE_LIMIT, or RATE_LIMIT_MAX when it is unset. */
  publicLinkRateLimit: number;
  /** The S3-compatible file store; null → files in DATA_DIR/files. */
  s3: S3Config | null;
  dataDir: string;
  webDist: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The configuration from environment variables. A wrong value throws one ConfigError that names
 * every wrong variable, so a bad deploy stops at once with the whole list. An empty variable counts
 * as unset (`PORT=` would otherwise coerce to 0, a random port).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value.trim() === '' ? [] : [[key, value]];
    }),
  );
  const parsed = envSchema.safeParse(input);
  const shown = (name: string) =>
    SECRET_VARIABLES.has(name) && env[name] ? '(hidden)' : JSON.stringify(env[name] ?? '');
  const lines = (parsed.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0] ?? '?');
    return `  ${name}=${shown(name)}: ${issue.message}`;
  });
  lines.push(...s3Problems(input).map(({ name, message }) => `  ${name}=${shown(name)}: ${message}`));
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const production = config.NODE_ENV === 'production';
  if (production && config.DEMO) {
    throw new ConfigError(
      `Invalid configuration:\n  DEMO=${JSON.stringify(env.DEMO)}: demo data is never seeded with NODE_ENV=production`,
    );
  }
  return {
    ...config,
    demo: !production && (config.DEMO ?? !config.DATABASE_URL),
    chat:
      config.CHAT_SCRIPT_URL && config.CHAT_HOST && config.CHAT_TOKEN
        ? { scriptUrl: config.CHAT_SCRIPT_URL, host: config.CHAT_HOST, token: config.CHAT_TOKEN }
        : null,
    vacancyUrls: config.VACANCY_URLS ?? {},
    publicLinkRateLimit: config.PUBLIC_LINK_RATE_LIMIT ?? config.RATE_LIMIT_MAX,
    s3:
      config.S3_ENDPOINT &&
      config.S3_BUCKET &&
      config.S3_REGION &&
      config.S3_ACCESS_KEY_ID &&
      config.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: config.S3_ENDPOINT,
            bucket: config.S3_BUCKET,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
    dataDir: path.resolve(config.DATA_DIR),
    // fileURLToPath, not URL.pathname: the checkout's path may hold spaces or Cyrillic letters.
    webDist: path.resolve(config.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
  };
}

/**
 * The S3 variables set without the others (all five or none, S3_FORCE_PATH_STYLE only with them):
 * a half-configured store would otherwise quietly leave the files on this machine's disk.
 */
function s3Problems(input: Record<string, string>): { name: string; message: string }[] {
  const set = S3_VARIABLES.filter((name) => name in input);
  if (set.length === S3_VARIABLES.length) return [];
  if (set.length === 0) {
    return 'S3_FORCE_PATH_STYLE' in input
      ? [{ name: 'S3_FORCE_PATH_STYLE', message: `only means something with ${S3_VARIABLES.join(', ')}` }]
      : [];
  }
  return S3_VARIABLES.filter((name) => !(name in input)).map((name) => ({
    name,
    message: `must be set too: the S3 file store needs ${S3_VARIABLES.join(', ')} (all or none), and ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`,
  }));
}
