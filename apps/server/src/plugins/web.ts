import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@logoschool/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error.ts';

/**
 * Serves the built web app at `/` with the SPA fallback: any GET of a page that is not a file gets
 * index.html, so the client router takes over. Unknown API paths answer a JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const built = fs.existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: ['index.html'],
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
      preCompressed: true,
      // Vite names assets by content hash: they never change under one name.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === API_BASE || url.startsWith(`${API_BASE}/`);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('route_not_found', { method: request.method, url });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
