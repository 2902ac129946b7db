/**
 * A plan's lessons are made once, when the plan is first filled (spec §9: a plan covers ten lessons;
 * issue 15): one per lesson of the plan, numbered from 1, 45 minutes long, without a date. The plans
 * service calls this in the transaction that saves the plan, so a GET never writes. It lives with the
 * plans, not the lessons, so that the lessons area depends on the plans and never the reverse
 * (decision 028): it writes the lessons' table through the shared schema.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lessons, protocolBlocks, protocols } from '../../db/schema/index.ts';

/** Makes the lessons of a plan that is filled and has none yet; does nothing otherwise. */
export async function makePlanLessons(tx: Tx, protocolId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${lessons} (workspace_id, teacher_id, protocol_id, number)
    select p.workspace_id, p.teacher_id, p.id, n
    from ${protocols} p cross join lateral generate_series(1, p.lessons) n
    where p.id = ${protocolId}
      and not exists (select 1 from ${lessons} l where l.protocol_id = p.id)
      and not exists (select 1 from ${protocolBlocks} b where b.protocol_id = p.id and b.folder_id is null)
    on conflict (protocol_id, number) do nothing`);
}
