import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The address of the web app for links in mails: PUBLIC_URL, else the page that made the request
 * (its Origin, when it is one the API lets in), else this server's own address.
 */
export function publicBaseUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS'>,
  request: FastifyRequest,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const own = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  return origin && config.CORS_ORIGINS.includes(origin) ? origin : own;
}
