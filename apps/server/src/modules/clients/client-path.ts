import type { ClientPath, DiagnosisStatus } from '@logoschool/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { diagnoses, diagnosticCardVersions, lessonMarks, lessons, protocols } from '../../db/schema/index.ts';
import { ownClientRow, type ClientOwner } from './clients.service.ts';

const count = (result: 'correct' | 'incorrect' | 'cued') =>
  sql<number>`count(${lessonMarks.id}) filter (where ${lessonMarks.result} = ${result})::int`;

/**
 * What a student's correction path shows beside the plans, each the earliest first: the lessons
 * held, with the trials marked in them, and the diagnoses. A lesson counts as held once it is
 * finished or has a trial marked (the rule the lesson statistics count by): a lesson the child
 * worked in but the teacher forgot to finish is on the path. Its date is when it was finished,
 * else when its first trial was marked. 404 for anyone else's student, as `getClient`.
 */
export async function clientPath(db: Tx, owner: ClientOwner, clientId: number): Promise<ClientPath> {
  await ownClientRow(db, owner, clientId);
  // Held means finished or marked (the `having` below), so the date is always there.
  const heldAt = sql<Date>`coalesce(${lessons.finishedAt}, min(${lessonMarks.createdAt}))`.mapWith(
    lessons.finishedAt,
  );
  const [held, diagnosed] = await Promise.all([
    db
      .select({
        id: lessons.id,
        number: lessons.number,
        planId: lessons.protocolId,
        finishedAt: lessons.finishedAt,
        heldAt,
        correct: count('correct'),
        incorrect: count('incorrect'),
        cued: count('cued'),
      })
      .from(lessons)
      .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
      .leftJoin(lessonMarks, eq(lessonMarks.lessonId, lessons.id))
      .where(and(eq(protocols.clientId, clientId), eq(lessons.workspaceId, owner.workspaceId)))
      .groupBy(lessons.id)
      .having(sql`${lessons.finishedAt} is not null or count(${lessonMarks.id}) > 0`)
      .orderBy(heldAt, asc(lessons.id)),
    db
      .select({
        id: diagnoses.id,
        diagnosedOn: diagnoses.diagnosedOn,
        title: sql<string>`${diagnosticCardVersions.content}->>'title'`,
        status: diagnoses.status,
        completedAt: diagnoses.completedAt,
      })
      .from(diagnoses)
      .innerJoin(
        diagnosticCardVersions,
        and(
          eq(diagnosticCardVersions.cardId, diagnoses.cardId),
          eq(diagnosticCardVersions.version, diagnoses.cardVersion),
        ),
      )
      .where(and(eq(diagnoses.clientId, clientId), eq(diagnoses.workspaceId, owner.workspaceId)))
      .orderBy(asc(diagnoses.diagnosedOn), asc(diagnoses.id)),
  ]);
  return {
    lessons: held.map((lesson) => {
      const total = lesson.correct + lesson.incorrect + lesson.cued;
      return {
        id: lesson.id,
        number: lesson.number,
        plan_id: lesson.planId,
        held_at: lesson.heldAt.toISOString(),
        finished: lesson.finishedAt !== null,
        correct: lesson.correct,
        incorrect: lesson.incorrect,
        cued: lesson.cued,
        accuracy: total === 0 ? null : lesson.correct / total,
      };
    }),
    diagnoses: diagnosed.map((diagnosis) => ({
      id: diagnosis.id,
      diagnosed_on: diagnosis.diagnosedOn,
      card_title: diagnosis.title,
      status: diagnosis.status as DiagnosisStatus,
      completed_at: diagnosis.completedAt?.toISOString() ?? null,
    })),
  };
}
