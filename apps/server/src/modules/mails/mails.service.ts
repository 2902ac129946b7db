import type { Mail } from '@logoschool/contract';
import { desc } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { mails } from '../../db/schema/index.ts';

/** A page of the outbox: every mail the platform sent or kept, newest first. */
export async function listMails(db: Tx, query: { page: number; per_page: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mails)
      .orderBy(desc(mails.createdAt), desc(mails.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(mails),
  ]);
  const data: Mail[] = rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    delivery: row.delivery,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  }));
  return pageOf(data, total, query);
}
