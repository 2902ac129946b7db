import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API, API_BASE } from '@logoschool/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route (method and path) the app serves, in the order registered. */
    apiRoutes: { method: string; url: string }[];
  }
}

/**
 * OpenAPI generated from the route schemas, with its UI at /api/docs. Every API route must declare
 * its response schemas (they are its DTO boundary and its documentation): one that does not stops
 * the app from starting.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  const docs = API_BASE + API.docs;
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`) || route.url.startsWith(docs)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!route.schema?.response) throw new Error(`${method} ${route.url} declares no response schema`);
      app.apiRoutes.push({ method, url: route.url });
    }
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Logoschool API',
        description: 'The API of the Logoschool platform. Errors: `{ message, code, errors? }`.',
        version: APP_VERSION,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: docs,
    staticCSP: true,
    // Swagger UI sets inline styles on its own elements; scripts stay 'self' only.
    // The docs may no more be framed than the app (frame-ancestors 'none', as helmet sets it).
    transformStaticCSP: (header) =>
      header
        .replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'")
        .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
  });
});
