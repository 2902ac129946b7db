import type { Mail } from '@logoschool/contract';
import { desc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mails } from '../../db/schema/index.ts';

/** A page of the outbox: every mail the platform sent or kept, newest first. */
export async function listMails(db: Tx, query: { page: number; per_page: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mails)
      .orderBy(desc(mails.createdAt), desc(mails.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(mails),
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
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page } };
}
