import type { MultipartFile } from '@fastify/multipart';
import type { Language } from '@logoschool/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { fieldMessage } from '../errors/validation.ts';

/** A file from a multipart form: the name the client gave it (untrusted) and its bytes. */
export interface Upload {
  filename: string;
  content: Buffer;
}

export function isUpload(value: unknown): value is Upload {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as Upload).content);
}

/**
 * A form's limits: the reader hands them to the plugin for this request (over the plugin's own
 * options), so that the limit a 413 names is the limit that was applied.
 */
export interface FormLimits {
  /** Most bytes one file may have. */
  fileSize: number;
  /** Most files a form may hold. */
  files: number;
}

/** A byte limit as people read it: `5 MB`. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

async function readUpload(part: MultipartFile, limits: FormLimits): Promise<Upload> {
  try {
    return { filename: part.filename, content: await part.toBuffer() };
  } catch (error) {
    if ((error as FastifyError).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw new AppError('payload_too_large', { limit: megabytes(limits.fileSize) });
  }
}

/** The errors busboy and the plugin raise for a form, as API errors. */
function formError(error: unknown, limits: FormLimits, lang: Language): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as FastifyError;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(
      'validation_failed',
      {},
      { file: [fieldMessage(lang, 'tooManyItems', { count: limits.files })] },
    );
  }
  // busboy reports a form it cannot read (cut off, no boundary) as a plain Error without a status:
  // the client's mistake, not a server error.
  return statusCode !== undefined ? error : new AppError('bad_request');
}

/**
 * A preValidation hook that reads a multipart form into the body before validation: text fields as
 * text, a file as an Upload, a repeated field as a list (which a schema refuses where it wants one
 * value). Files are held in memory, each up to `limits.fileSize`. A JSON body is left as is.
 *
 * The plugin's `attachFieldsToBody` would do the same, but it reads the form in a preValidation
 * hook of its own, which Fastify runs before the route's: before `app.authenticate`,
 * `app.authorize` and the record rule, so a refused caller's form would be read whole (decision 008,
 * decision 009). This hook goes last in the route's list instead; the plugin parses, limits and
 * raises its errors, which `formError` turns into our answers.
 */
export function readForm(limits: FormLimits) {
  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    try {
      for await (const part of request.parts({
        limits: { fileSize: limits.fileSize, files: limits.files },
      })) {
        const value = part.type === 'file' ? await readUpload(part, limits) : part.value;
        const previous = body[part.fieldname];
        body[part.fieldname] = previous === undefined ? value : [previous, value].flat();
      }
    } catch (error) {
      throw formError(error, limits, request.lang);
    }
    request.body = body;
  };
}

/** The uploads of a field that may hold one file or several; null when any value is not a file. */
export function uploadsOf(value: unknown): Upload[] | null {
  const values = Array.isArray(value) ? value : [value];
  return values.length > 0 && values.every(isUpload) ? values : null;
}
