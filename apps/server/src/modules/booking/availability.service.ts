/**
 * Teachers' availability (issue 28 item 1): her weekly hours, exceptions, languages and what she
 * takes, in her own time zone. The teachers of a project are its members holding teacher or
 * diagnostician (a diagnostician is a teacher too); one without a row has an empty default.
 */
import { ROLE, type Availability, type Language, type TeacherAvailability } from '@logoschool/contract';
import { and, arrayOverlaps, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { assignments, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { assertTeacherInScope, bookingScope } from './booking-scope.ts';
import { bookingSessions, bookings, teacherAvailability } from './booking.schema.ts';

/** A teacher's zone before she sets one: the school's home zone. */
export const DEFAULT_TEACHER_ZONE = 'Europe/Kyiv';

export const emptyAvailability = (): Availability => ({
  time_zone: DEFAULT_TEACHER_ZONE,
  weekly: [],
  exceptions: [],
  languages: [],
  free_lessons: false,
  consultation_groups: false,
});

type AvailabilityRow = typeof teacherAvailability.$inferSelect;

export function availabilityView(row: AvailabilityRow | null | undefined): Availability {
  if (!row) return emptyAvailability();
  return {
    time_zone: row.timeZone,
    weekly: row.weekly,
    exceptions: row.exceptions,
    languages: row.languages as Language[],
    free_lessons: row.freeLessons,
    consultation_groups: row.consultationGroups,
  };
}

/** The project's teachers (active members holding teacher or diagnostician), optionally one of them. */
export async function projectTeachers(tx: Tx, workspaceId: number, teacherIds?: readonly number[]) {
  return tx
    .select({ id: users.id, name: users.name, email: users.email, availability: teacherAvailability })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.userId))
    .leftJoin(
      teacherAvailability,
      and(eq(teacherAvailability.workspaceId, workspaceId), eq(teacherAvailability.teacherId, users.id)),
    )
    .where(
      and(
        eq(assignments.workspaceId, workspaceId),
        eq(assignments.isActive, true),
        eq(assignments.archived, false),
        arrayOverlaps(assignments.roles, [ROLE.teacher, ROLE.diagnostician]),
        teacherIds ? inArray(users.id, [...teacherIds]) : undefined,
      ),
    )
    .orderBy(users.name, users.id);
}

/** A teacher of the project within the caller's reach; 404 otherwise. */
export async function teacherInReach(tx: Tx, actor: Actor, teacherId: number) {
  assertTeacherInScope(actor, teacherId);
  const [teacher] = await projectTeachers(tx, actor.workspaceId, [teacherId]);
  if (!teacher) throw notFound();
  return teacher;
}

/** Each teacher's confirmed bookings still to come (the round-robin's load). */
export async function upcomingLoad(tx: Tx, workspaceId: number, now: Date): Promise<Map<number, number>> {
  const rows = await tx
    .select({ teacherId: bookingSessions.teacherId, count: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
    .where(
      and(
        eq(bookings.workspaceId, workspaceId),
        eq(bookings.status, 'confirmed'),
        gt(bookingSessions.startsAt, now),
      ),
    )
    .groupBy(bookingSessions.teacherId);
  return new Map(rows.map((row) => [row.teacherId, row.count]));
}

/** `GET /booking/teachers`: the project's teachers with their availability (a teacher: herself). */
export async function listTeachers(tx: Tx, actor: Actor): Promise<TeacherAvailability[]> {
  const own = bookingScope(actor.role) === 'own';
  const teachers = await projectTeachers(tx, actor.workspaceId, own ? [actor.userId] : undefined);
  const load = await upcomingLoad(tx, actor.workspaceId, new Date());
  return teachers.map((teacher) => ({
    ...availabilityView(teacher.availability),
    teacher_id: teacher.id,
    name: teacher.name,
    email: teacher.email,
    upcoming: load.get(teacher.id) ?? 0,
  }));
}

/** `GET /booking/availability/:teacherId`. */
export async function getAvailability(tx: Tx, actor: Actor, teacherId: number): Promise<Availability> {
  return availabilityView((await teacherInReach(tx, actor, teacherId)).availability);
}

/** `PUT /booking/availability/:teacherId`: replaces the teacher's availability. */
export async function putAvailability(
  tx: Tx,
  actor: Actor,
  teacherId: number,
  input: Availability,
): Promise<Availability> {
  await teacherInReach(tx, actor, teacherId);
  const values = {
    timeZone: input.time_zone,
    weekly: input.weekly,
    exceptions: input.exceptions,
    languages: [...new Set(input.languages)],
    freeLessons: input.free_lessons,
    consultationGroups: input.consultation_groups,
  };
  const [row] = await tx
    .insert(teacherAvailability)
    .values({ workspaceId: actor.workspaceId, teacherId, ...values })
    .onConflictDoUpdate({
      target: [teacherAvailability.workspaceId, teacherAvailability.teacherId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return availabilityView(row);
}
