import { z } from 'zod';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const healthSchema = z.object({
  status: z.literal('ok'),
  /** The running version; the web app compares it with its own to notice an update. */
  version: z.string(),
  db: z.enum(DATABASE_KINDS),
});
export type Health = z.infer<typeof healthSchema>;
