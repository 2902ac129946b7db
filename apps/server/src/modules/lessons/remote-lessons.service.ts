/**
 * The lessons the school's CRM reads with the project's token (issue 15 item 3, spec §7
 * /lessons/get-remote-range-lessons; decision 019): a page of the project's dated lessons in a
 * range of days, each with its student's remote id and its teacher's e-mail.
 */
import type { RemoteLessonsPage, RemoteLessonsQuery } from '@logoschool/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { clients, lessons, protocols, users } from '../../db/schema/index.ts';
import { withinDays } from './lesson-statistics.service.ts';

/** `GET /lessons/get-remote-range-lessons`: the project's lessons starting within the range, the earliest first. */
export async function remoteRangeLessons(
  db: Tx,
  workspaceId: number,
  query: RemoteLessonsQuery,
): Promise<RemoteLessonsPage> {
  const where = and(
    eq(lessons.workspaceId, workspaceId),
    isNotNull(lessons.startsAt),
    withinDays(lessons.startsAt, query),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: lessons.id,
        remoteId: clients.remoteId,
        childName: clients.childName,
        startsAt: lessons.startsAt,
        durationMinutes: lessons.durationMinutes,
        finishedAt: lessons.finishedAt,
        email: users.email,
      })
      .from(lessons)
      .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
      .innerJoin(clients, eq(clients.id, protocols.clientId))
      .innerJoin(users, eq(users.id, lessons.teacherId))
      .where(where)
      .orderBy(asc(lessons.startsAt), asc(lessons.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(lessons).where(where),
  ]);
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      remote_id: row.remoteId,
      child_name: row.childName,
      starts_at: (row.startsAt as Date).toISOString(),
      duration_minutes: row.durationMinutes,
      status: row.finishedAt === null ? 'open' : 'finished',
      finished_at: row.finishedAt?.toISOString() ?? null,
      teacher_email: row.email,
    })),
    total,
    query,
  );
}
