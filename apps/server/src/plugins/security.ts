import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import { API_BASE } from '@logoschool/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { ChatConfig } from '../config.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * The origins the chat widget needs (its script and its host: scripts, styles, images, fonts,
 * its frame and its web socket), none when no chat is configured.
 */
function chatOrigins(chat: ChatConfig | null): { http: string[]; socket: string[] } {
  if (!chat) return { http: [], socket: [] };
  const http = [...new Set([new URL(chat.scriptUrl).origin, new URL(chat.host).origin])];
  return { http, socket: http.map((origin) => origin.replace(/^http/, 'ws')) };
}

/** Helmet's options: a CSP the built web app satisfies, and the rest of its defaults. */
function helmetOptions(chat: { http: string[]; socket: string[] }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...chat.http],
        // Mantine sets CSS variables through style attributes and one <style> element.
        styleSrc: ["'self'", "'unsafe-inline'", ...chat.http],
        imgSrc: ["'self'", 'data:', 'blob:', ...chat.http],
        fontSrc: ["'self'", 'data:', ...chat.http],
        connectSrc: ["'self'", ...chat.http, ...chat.socket],
        frameSrc: chat.http.length > 0 ? chat.http : ["'none'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The lesson player embeds media served by us; no cross-origin isolation is needed.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, taken once by running it on a stand-in response. They do not depend on
 * the request, so every answer gets them from this record: @fastify/helmet built helmet anew on
 * every request, parsing the CSP each time (an eighth of `check-token`'s time, issue 13).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (helmet's), also those sent before any hook. */
    securityHeaders: Record<string, string>;
  }
}

/** Helmet's headers with a CSP the built web app satisfies, the CORS allow-list, the global rate limit. */
export const securityPlugin = fp(async (app: FastifyInstance, options: { redis: Redis | null }) => {
  const securityHeaders = headersOf(helmetOptions(chatOrigins(app.config.chat)));
  app.decorate('securityHeaders', securityHeaders);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });

  const origins = new Set(app.config.CORS_ORIGINS);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && origins.has(origin)),
    credentials: true,
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: true,
    max: app.config.RATE_LIMIT_MAX,
    timeWindow: 60_000,
    redis: options.redis ?? undefined,
    nameSpace: 'logoschool:rl:',
    // Only the API is limited: the web app's files and the API docs are not.
    allowList: (request) =>
      !request.url.startsWith(`${API_BASE}/`) || request.url.startsWith(`${API_BASE}/docs`),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        { seconds: Math.ceil(context.ttl / 1000) },
        undefined,
        Math.ceil(context.ttl / 1000),
      ),
  });
});
