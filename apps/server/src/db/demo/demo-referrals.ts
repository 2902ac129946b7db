/**
 * The Demo school's referrals (issue 29 item 3): Олена Коваль's family (Софія) brought Ірина
 * Бондар's (Максим), linked by the manager, and Максим's family renewed its course — so the report
 * shows both families with their bonus lessons (Софія's 2 + 1 for the renewal, Максим's 2), a
 * renewal and a link by hand in their history, and both families have their referral codes.
 * Written in SQL: the tables are the referrals module's own, and the seed uses modules only through
 * their entries. Safe to run again: a referred family that has its link is left as it is.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { newLinkToken } from '../../modules/public-links/index.ts';
import { clients, users } from '../schema/index.ts';

/** The referrer's and the friend's children (demo-plans' students). */
export const DEMO_REFERRER_CHILD = 'Софія Коваль';
export const DEMO_REFERRED_CHILD = 'Максим Бондар';

export async function seedReferrals(db: Db, workspaceId: number): Promise<void> {
  const child = async (name: string) => {
    const [row] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.workspaceId, workspaceId), eq(clients.childName, name)));
    return row?.id;
  };
  const referrer = await child(DEMO_REFERRER_CHILD);
  const referred = await child(DEMO_REFERRED_CHILD);
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'manager@demo.test'));
  if (referrer === undefined || referred === undefined || !manager) return;
  await db.transaction(async (tx) => {
    const linked = await tx.execute(sql`
      insert into referral_links (workspace_id, referred_client_id, referrer_client_id, reason, created_by)
      values (${workspaceId}, ${referred}, ${referrer}, 'Мама Максима сказала, що школу їй порадила Олена Коваль', ${manager.id})
      on conflict do nothing
      returning id`);
    if ((linked as unknown as { rows: unknown[] }).rows.length === 0) return;
    const renewedOn = new Date(Date.now() - 3 * 24 * 3600_000).toISOString().slice(0, 10);
    await tx.execute(sql`
      insert into referral_entries (workspace_id, client_id, kind, "on", note, created_by)
      values (${workspaceId}, ${referred}, 'renewal', ${renewedOn}, 'Другий курс: ще 10 уроків', ${manager.id})`);
    for (const clientId of [referrer, referred]) {
      await tx.execute(sql`
        insert into referral_codes (workspace_id, client_id, code)
        values (${workspaceId}, ${clientId}, ${newLinkToken()})
        on conflict do nothing`);
    }
  });
}
