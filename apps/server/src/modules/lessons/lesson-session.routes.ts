import {
  API,
  clientSessionSchema,
  dataEnvelope,
  errorBody,
  lessonParams,
  lessonSessionLinkSchema,
  publicLinkParams,
  sessionMoveInput,
  sessionSlideQuery,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { notFound } from '../../errors/app-error.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { publicRead } from '../public-links/index.ts';
import { sessionQuery } from './lesson-link.ts';
import { moveSession, openSession, sessionSlide, showSession } from './lesson-session.service.ts';
import { streamSession, type SessionStreams } from './lesson-session.stream.ts';

const tags = ['lessons'];
const session = `${API.lesson}/:lessonId/session`;
const byToken = `${API.playLesson}/:token`;
const binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * The lesson's live session: the teacher's moves, and the child's screen by the link (decision 021).
 * The link itself (how it stands, making, replacing, withdrawing it) is the kit's (`lesson-link.ts`).
 */
export const lessonSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({ db: app.db, baseUrl: publicBaseUrl(app.config, request) });
  const streams: SessionStreams = new Set();
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => {
    for (const close of [...streams]) close();
  });

  app.post(
    session,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          "The teacher's player starts (making the link when none), moves or ends the lesson's session, which the child's screen follows; 409 while being regenerated, once finished, or moving a session not running; 422 for a place outside the lesson",
        params: lessonParams,
        querystring: sessionQuery,
        body: sessionMoveInput,
        response: { 200: dataEnvelope(lessonSessionLinkSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await moveSession(context(request), actingOf(request), request.params.lessonId, request.body),
    }),
  );

  // Public: the random token is the key, under the kit's one rate limit and no-store (decision 029).

  app.get(
    byToken,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The lesson for the child's screen by its session link (public): the child's first name, the lesson's number and where the session stands, with the slide shown; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(clientSessionSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await showSession(app.db, request.params.token) }),
  );

  app.get(
    `${byToken}/slide`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "One slide image of the lesson's decks by its session link (public): the presentation's place in the lesson's order and the slide, from 0; 404 for anything the lesson does not have",
        params: publicLinkParams,
        querystring: sessionSlideQuery,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
        response: { 200: binary, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { position, slide } = request.query;
      const file = await sessionSlide(app.db, request.params.token, position, slide);
      const stream = await app.files.open(file.folder, file.storedName);
      if (!stream) throw notFound();
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.get(
    `${byToken}/events`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'The session as it moves, by its session link (public): server-sent events, `state` first and on every change, a comment every ~25 s, `invalid` when the link is withdrawn; 404 for a wrong or withdrawn link',
        params: publicLinkParams,
        produces: ['text/event-stream'],
        response: { 200: z.string(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { lessonId, first } = await openSession(app.db, request.params.token);
      streamSession(reply, {
        database: app.database,
        log: request.log,
        streams,
        token: request.params.token,
        lessonId,
        first,
      });
    },
  );
};
