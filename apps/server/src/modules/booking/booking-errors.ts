/**
 * The database's refusals that booking answers itself (decision 036): the exclusion constraint that
 * keeps one teacher's sessions apart, and the unique indexes of one live booking per day.
 */
import { AppError } from '../../errors/app-error.ts';

/** The constraint a PostgreSQL error names, looking through drizzle's wrapping; undefined for any other error. */
export function violatedConstraint(error: unknown): string | undefined {
  for (
    let cause: unknown = error;
    cause && typeof cause === 'object';
    cause = (cause as { cause?: unknown }).cause
  ) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if ((code === '23P01' || code === '23505') && typeof constraint === 'string') return constraint;
  }
  return undefined;
}

export const SESSIONS_APART = 'booking_sessions_no_overlap';
const ONE_A_DAY = ['bookings_email_day_unique', 'bookings_child_day_unique'];

/** Whether the error is the teacher's sessions overlapping (another session was just made). */
export const isOverlap = (error: unknown) => violatedConstraint(error) === SESSIONS_APART;

/** Spec §8's 409 for a second booking of one e-mail or child on one day; the error itself otherwise. */
export function oneADay(error: unknown): unknown {
  const constraint = violatedConstraint(error);
  return constraint && ONE_A_DAY.includes(constraint) ? new AppError('booking_exists') : error;
}

/** "This time was just taken": the loser of a race for a slot or a seat. */
export const slotTaken = () => new AppError('slot_taken');
