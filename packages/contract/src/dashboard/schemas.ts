import { z } from 'zod';
import { ROLE_NAMES, type RoleName } from '../access/roles.ts';
import { roleNameSchema } from '../auth/schemas.ts';
import { EXERCISE_STATUS_NAMES } from '../exercises/status-machine.ts';

/** How many days of sign-ins the dashboard shows: today (UTC) and the days before it. */
export const DASHBOARD_SIGN_IN_DAYS = 14;

/** The dashboard's recent lessons held: those of this many days back from now. */
export const DASHBOARD_LESSON_DAYS = 30;

/**
 * The roles the dashboard counts members of, in id order: every role but root, which no assignment
 * grants (a root user holds root by the user's own flag, DESIGN §4).
 */
export const DASHBOARD_ROLES: readonly RoleName[] = ROLE_NAMES.filter((role) => role !== 'root');

const count = z.number().int().nonnegative();

/**
 * `GET /dashboard` (root, spec §2 /dashboard): figures across every project and environment.
 *
 * It grows as later areas land: lessons this week joins it as a field of its own (`lessons`) once
 * that table exists; until then it shows no figure that the database cannot back.
 */
export const dashboardSchema = z.object({
  users: z.object({
    total: count,
    /** Users whose own flag is active (they can sign in), whatever their assignments. */
    active: count,
    deactivated: count,
  }),
  projects: z.object({ total: count, active: count, archived: count }),
  /**
   * Per role of DASHBOARD_ROLES, in that order, zeros included: distinct users who hold the role as
   * assigned (an admin counts as admin, not also as manager) in an active, non-archived assignment
   * of a project that is not archived. Deactivated users and root users hold no project roles and
   * are not counted.
   */
  roles: z.array(z.object({ role: roleNameSchema, count })),
  /**
   * Exercises of every project by status, in the list tabs' order (spec §3 status ids), zeros
   * included; `total` is their sum.
   */
  exercises: z.object({
    total: count,
    byStatus: z.array(z.object({ status: z.enum(EXERCISE_STATUS_NAMES), count })),
  }),
  /** Students (clients) of every teacher in every project. */
  students: z.object({ total: count }),
  /**
   * Lessons held in every project (started in the player or finished, `lesson_statistics`): in all,
   * and those started in the last DASHBOARD_LESSON_DAYS days (24-hour days back from now).
   */
  lessons: z.object({ total: count, recent: count }),
  /**
   * The last DASHBOARD_SIGN_IN_DAYS days in UTC, oldest first and ending today, zeros included:
   * distinct users who opened a session that day. Sessions root opened as another user are not
   * sign-ins of that user and are left out.
   */
  signIns: z.array(z.object({ date: z.iso.date(), count })),
  /** When the figures were read (ISO 8601, UTC). */
  generated_at: z.iso.datetime(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
