import { index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './shared-columns.ts';

/**
 * How a mail left: through the SMTP server of `SMTP_URL`, or kept in the outbox (no SMTP
 * configured) for root to read in the app; `failed` when the SMTP server refused it.
 */
export const mailDelivery = pgEnum('mail_delivery', ['smtp', 'outbox', 'failed']);

/** Every mail the platform sends (invitations and notices), with how it was delivered. */
export const mails = pgTable(
  'mails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    delivery: mailDelivery('delivery').notNull(),
    /** The SMTP server's refusal, when delivery failed. */
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [index('mails_created_idx').on(table.createdAt)],
);

export type MailRow = typeof mails.$inferSelect;
