import { JSON_BODY_MAX_BYTES, STORAGE_SUBKEY_MAX, pickLanguage, type Language } from '@logoschool/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { authorizePlugin } from './access/authorize.ts';
import { authenticatePlugin } from './auth/authenticate.ts';
import { LoginLimiter, memoryCounterStore, redisCounterStore } from './auth/login-limiter.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { crmAuthPlugin } from './modules/crm/index.ts';
import { MODULES } from './modules/index.ts';
import { openFileStore, type FileStore } from './files/files.ts';
import type { JobSender } from './jobs/queue.ts';
import { createMailer, mailFrom, type Mailer } from './mail/mailer.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, sendAppError } from './plugins/errors.ts';
import { AppError } from './errors/app-error.ts';
import { guardedValidatorCompiler } from './errors/input-guard.ts';
import { securityPlugin } from './plugins/security.ts';
import { compiledSerializerCompiler } from './plugins/serializer.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    loginLimiter: LoginLimiter;
    files: FileStore;
    mailer: Mailer;
    /** Queues background work; null when no job queue runs (tests, scripts). */
    jobs: JobSender | null;
  }
  interface FastifyRequest {
    /** The language of messages for this request (Accept-Language, default ru). */
    lang: Language;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Shared counters for rate limits across instances; null keeps them in this process. */
  redis?: Redis | null;
  /** Where the app logs; none when absent (tests). */
  logger?: FastifyBaseLogger;
  /** The job queue (pg-boss) to send work to; none when absent. */
  jobs?: JobSender | null;
  /** The file store, when the caller shares one with its jobs; else one from the configuration. */
  files?: FileStore;
}

/** Builds the Fastify app: plugins in order (external, app, modules), then the web app. No listen. */
export async function buildApp({ config, database, redis = null, logger, jobs = null, files }: AppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: JSON_BODY_MAX_BYTES,
    trustProxy: config.TRUST_PROXY,
    // The router's default limit (100) is shorter than the longest storage subkey the contract allows.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: STORAGE_SUBKEY_MAX },
    return503OnClosing: true,
    // Errors the router raises before any hook runs (a bad %-escape, an overlong parameter).
    // A parameter longer than any id or key names nothing: the same 404 as an unknown path.
    frameworkErrors: (error, request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      const appError =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('route_not_found', { method: request.method, url })
          : new AppError('bad_request');
      // No hook ran yet, helmet's neither: the answer gets the same security headers all the same.
      reply.headers(reply.server.securityHeaders);
      return sendAppError(reply, appError, pickLanguage(request.headers['accept-language']));
    },
  });
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (files) {
    app.decorate('files', files);
  } else {
    app.decorate('files', await openFileStore(config));
    app.addHook('onClose', async () => app.files.close());
  }
  app.decorate('jobs', jobs);
  app.decorate(
    'mailer',
    createMailer({ db: database.db, log: app.log, smtpUrl: config.SMTP_URL, from: mailFrom(config) }),
  );
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate(
    'loginLimiter',
    new LoginLimiter(
      redis ? redisCounterStore(redis) : memoryCounterStore(),
      config.LOGIN_RATE_LIMIT_EMAIL,
      config.LOGIN_LOCK_SECONDS * 1000,
    ),
  );
  app.decorateRequest('lang', 'ru');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { redis });
  await app.register(docsPlugin);
  await app.register(authenticatePlugin);
  await app.register(authorizePlugin);
  await app.register(crmAuthPlugin, { redis });

  await app.register(
    async (api) => {
      for (const module of MODULES) {
        for (const routes of module.routes) await api.register(routes);
      }
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
