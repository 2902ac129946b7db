import { z } from 'zod';
import { pageQuery } from '../common/envelope.ts';

/**
 * How a mail left: through the SMTP server of the configuration, kept in the outbox (no SMTP
 * server configured; root reads it in the app), or `failed` when the SMTP server refused it or
 * could not be reached.
 */
export const MAIL_DELIVERIES = ['smtp', 'outbox', 'failed'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** `GET /mails`: a page of the outbox, newest first (root). */
export const mailsQuery = pageQuery;

/** A mail the platform sent or tried to send. */
export const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part. */
  text: z.string(),
  delivery: z.enum(MAIL_DELIVERIES),
  /** Why sending failed, for `failed`; else null. */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;
