import type { FastifyReply } from 'fastify';
import type { ExerciseFileRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { contentDisposition } from '../../files/content-disposition.ts';
import type { FileStore } from '../../files/files.ts';
import { EXERCISE_FILES } from './exercise-storage.ts';

/** Streams a stored file of an exercise with its name, never sniffed into another type. */
export async function sendFile(
  reply: FastifyReply,
  files: FileStore,
  file: ExerciseFileRow,
  inline: boolean,
) {
  const stream = await files.open(EXERCISE_FILES, file.storedName);
  if (!stream) throw notFound();
  return reply
    .type(file.mime)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .send(stream);
}
