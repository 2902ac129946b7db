import { JSON_BODY_MAX_BYTES, STORAGE_SUBKEY_MAX, pickLanguage, type Language } from '@logoschool/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { authorizePlugin } from './access/authorize.ts';
import { authenticatePlugin } from './auth/authenticate.ts';
import { LoginLimiter, memoryCounterStore, redisCounterStore } from './auth/login-limiter.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { crmAuthPlugin } from './modules/crm/crm-auth.ts';
import { crmRoutes } from './modules/crm/crm.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { planSharingRoutes } from './modules/protocols/plan-sharing.routes.ts';
import { diagnosisSharingRoutes } from './modules/diagnostics/diagnosis-sharing.routes.ts';
import { plansRoutes } from './modules/protocols/plans.routes.ts';
import { templatesRoutes } from './modules/protocols/templates.routes.ts';
import { autoModerationRoutes } from './modules/exercises/auto-moderation.routes.ts';
import { exerciseFilesRoutes } from './modules/exercises/exercise-files.routes.ts';
import { exerciseMediaRoutes } from './modules/exercises/exercise-media.routes.ts';
import { generationRoutes } from './modules/exercises/generation.routes.ts';
import { exercisesRoutes } from './modules/exercises/exercises.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { lessonsRoutes } from './modules/lessons/lessons.routes.ts';
import { programsRoutes } from './modules/diagnostics/programs.routes.ts';
import { diagnosticCardsRoutes } from './modules/diagnostics/cards.routes.ts';
import { diagnosesRoutes } from './modules/diagnostics/diagnoses.routes.ts';
import { diagnosticiansRoutes } from './modules/diagnostics/diagnosticians.routes.ts';
import { lessonSessionRoutes } from './modules/lessons/lesson-session.routes.ts';
import { lessonGenerationRoutes } from './modules/lessons/lesson-generation.routes.ts';
import { lessonStatisticsRoutes } from './modules/lessons/lesson-statistics.routes.ts';
import { lessonMarksRoutes } from './modules/lessons/marks.routes.ts';
import { progressRoutes } from './modules/lessons/progress.routes.ts';
import { mailsRoutes } from './modules/mails/mails.routes.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { themesRoutes } from './modules/themes/themes.routes.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { fileStoreIn, type FileStore } from './files/files.ts';
import type { JobSender } from './jobs/queue.ts';
import { createMailer, mailFrom, type Mailer } from './mail/mailer.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, sendAppError } from './plugins/errors.ts';
import { AppError } from './errors/app-error.ts';
import { guardedValidatorCompiler } from './errors/input-guard.ts';
import { securityPlugin } from './plugins/security.ts';
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
}

/** Builds the Fastify app: plugins in order (external, app, modules), then the web app. No listen. */
export async function buildApp({ config, database, redis = null, logger, jobs = null }: AppOptions) {
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
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('files', fileStoreIn(config.dataDir));
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
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(storageRoutes);
      await api.register(workspacesRoutes);
      await api.register(auditRoutes);
      await api.register(usersRoutes);
      await api.register(clientsRoutes);
      await api.register(crmRoutes);
      await api.register(invitationsRoutes);
      await api.register(mailsRoutes);
      await api.register(categoriesRoutes);
      await api.register(tagsRoutes);
      await api.register(exercisesRoutes);
      await api.register(exerciseFilesRoutes);
      await api.register(exerciseMediaRoutes);
      await api.register(generationRoutes);
      await api.register(autoModerationRoutes);
      await api.register(themesRoutes);
      await api.register(assetsRoutes);
      await api.register(dashboardRoutes);
      await api.register(templatesRoutes);
      await api.register(plansRoutes);
      await api.register(planSharingRoutes);
      await api.register(lessonsRoutes);
      await api.register(lessonMarksRoutes);
      await api.register(lessonStatisticsRoutes);
      await api.register(lessonGenerationRoutes);
      await api.register(lessonSessionRoutes);
      await api.register(progressRoutes);
      await api.register(diagnosisSharingRoutes);
      await api.register(programsRoutes);
      await api.register(diagnosticCardsRoutes);
      await api.register(diagnosesRoutes);
      await api.register(diagnosticiansRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
