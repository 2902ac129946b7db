/**
 * Whose booking data a caller reaches (the permission table's "managers the project's, teachers
 * their own"): acting as root, a manager or an admin (a manager's base), the project's teachers;
 * acting as a teacher or a diagnostician, herself only. Anything out of reach is the same 404.
 */
import { effectiveRoles, type RoleName } from '@logoschool/contract';
import type { Actor } from '../../access/actor.ts';
import { notFound } from '../../errors/app-error.ts';

export type BookingScope = 'project' | 'own';

export function bookingScope(role: RoleName): BookingScope {
  return role === 'root' || effectiveRoles([role]).includes('manager') ? 'project' : 'own';
}

/** 404 unless the caller reaches the teacher's data. */
export function assertTeacherInScope(actor: Pick<Actor, 'role' | 'userId'>, teacherId: number): void {
  if (bookingScope(actor.role) === 'own' && actor.userId !== teacherId) throw notFound();
}
