/**
 * The demo family (issue 29 item 6): Sofiia's parents have a live dashboard link, mailed
 * yesterday, so that /parent-dashboard-demo shows something whatever the day: her current plan,
 * her lessons held with marks (`seed-lessons.ts`), the diagnosis sent (`seed-diagnostics.ts`), and
 * her next two lessons, dated next week here. The demo school has its contacts. Runs once: a
 * student with a family link keeps it.
 */
import { todayIso, weekStart } from '@logoschool/contract';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { familyLinks } from '../../modules/families/index.ts';
import { issueLink, linkStateOf } from '../../modules/public-links/index.ts';
import type { Db } from '../client.ts';
import { clients, lessons, protocols } from '../schema/index.ts';
import { DEMO_DIAGNOSED_CHILD } from '../seed-diagnostics.ts';

/** The child whose family has the demo dashboard. */
export const DEMO_FAMILY_CHILD = DEMO_DIAGNOSED_CHILD;

/** The demo school's contacts, as its admin would keep them. */
export const DEMO_SCHOOL_CONTACTS = { email: 'hello@logoschool.example', phone: '+380441234567' };

/** Her current plan's lessons dated next week (days after next Monday, hour UTC). */
const NEXT_WEEK = [
  { number: 4, day: 0, hour: 9 },
  { number: 5, day: 2, hour: 9 },
];

export async function seedFamily(db: Db, workspaceId: number): Promise<void> {
  // In SQL: the tables are the families module's own (as demo-booking.ts writes booking's).
  await db.execute(sql`
    insert into school_contacts (workspace_id, email, phone)
    values (${workspaceId}, ${DEMO_SCHOOL_CONTACTS.email}, ${DEMO_SCHOOL_CONTACTS.phone})
    on conflict do nothing`);
  const [child] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.workspaceId, workspaceId), eq(clients.childName, DEMO_FAMILY_CHILD)));
  if (!child || (await linkStateOf(db, familyLinks, child.id)) !== 'none') return;
  const [plan] = await db
    .select()
    .from(protocols)
    .where(and(eq(protocols.clientId, child.id), gte(protocols.deadline, todayIso())))
    .orderBy(desc(protocols.createdAt), desc(protocols.id))
    .limit(1);
  if (plan) {
    const monday = Date.parse(`${weekStart(todayIso())}T00:00:00Z`) + 7 * 86_400_000;
    const existing = await db
      .select({ id: lessons.id, number: lessons.number })
      .from(lessons)
      .where(
        and(
          eq(lessons.protocolId, plan.id),
          inArray(
            lessons.number,
            NEXT_WEEK.map((lesson) => lesson.number),
          ),
        ),
      );
    for (const next of NEXT_WEEK) {
      const startsAt = new Date(monday + next.day * 86_400_000 + next.hour * 3_600_000);
      const row = existing.find((lesson) => lesson.number === next.number);
      if (row) await db.update(lessons).set({ startsAt }).where(eq(lessons.id, row.id));
      else
        await db.insert(lessons).values({
          workspaceId,
          teacherId: plan.teacherId,
          protocolId: plan.id,
          number: next.number,
          startsAt,
        });
    }
  }
  await issueLink(db, { workspaceId, userId: child.teacherId }, familyLinks, child.id);
  await db.execute(sql`
    insert into family_dashboards (client_id, workspace_id, sent_at, sent_to)
    values (${child.id}, ${workspaceId}, now() - interval '1 day', ${child.parentEmail})`);
}
