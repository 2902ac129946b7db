import {
  type ErrorBody,
  type ErrorCode,
  type Language,
  INPUT_DEPTH_MAX,
  JSON_BODY_MAX_BYTES,
} from '@logoschool/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.ts';
import { InputRejected } from '../errors/input-guard.ts';
import { fieldMessage, localizeValidation } from '../errors/validation.ts';
import { text } from '../i18n/index.ts';

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Sends the error envelope (DESIGN §4) for an AppError. */
export function sendAppError(reply: FastifyReply, error: AppError, lang: Language) {
  const key = error.messageKey
    ? (`alternatives.${error.messageKey}` as const)
    : (`errors.${error.code}` as const);
  const body: ErrorBody = { message: text(lang, key, error.params), code: error.code };
  if (error.fieldErrors) body.errors = error.fieldErrors;
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  return reply.status(error.statusCode).send(body);
}

const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

/** Any thrown error → an AppError; unknown ones become internal_error (logged, never shown). */
function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof InputRejected) {
    // Path parameters that do not pass name nothing that exists, as with the schemas.
    if (error.validationContext === 'params') return new AppError('not_found');
    const context = error.validationContext ?? 'body';
    const fields: Record<string, string[]> = {};
    for (const { path, problem } of error.problems) {
      const messages = (fields[path.join('.') || context] ??= []);
      const text = fieldMessage(request.lang, problem, { count: INPUT_DEPTH_MAX });
      if (!messages.includes(text)) messages.push(text);
    }
    return new AppError('validation_failed', {}, fields);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'body';
    // What was validated, to tell an empty field from a wrong one: the request names the query `query`.
    const data = (request as unknown as Record<string, unknown>)[
      context === 'querystring' ? 'query' : context
    ];
    // Path parameters that do not parse name nothing that exists.
    if (context === 'params') return new AppError('not_found');
    return new AppError(
      'validation_failed',
      {},
      localizeValidation(error.validation, data, request.lang, context),
    );
  }
  const code = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (code === 'payload_too_large') return new AppError(code, { limit: formatBytes(JSON_BODY_MAX_BYTES) });
  if (code === 'unsupported_media_type') {
    return new AppError(code, { type: String(request.headers['content-type'] ?? '-') });
  }
  if (code) return new AppError(code);
  if (error instanceof SyntaxError) return new AppError('malformed_json');
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError('payload_too_large', { limit: formatBytes(JSON_BODY_MAX_BYTES) });
  if (status >= 400 && status < 500) return new AppError('bad_request');
  return new AppError('internal_error');
}

/** One error handler for the whole API: the envelope, stable codes, localized messages. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.code === 'internal_error') {
      request.log.error({ err: error }, 'unhandled error');
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, appError.code);
    }
    return sendAppError(reply, appError, request.lang);
  });
});
