/**
 * A plan's status (spec §4), computed and never stored: `expired` once its deadline has passed in
 * the teacher's time zone, else `active` when every block has its folder, else `pending` (needs
 * filling). The list filter (spec §4: all, to fill, expired, filled) picks by it.
 */
export const PLAN_STATUSES = ['pending', 'active', 'expired'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The plans list's filter (spec §4) and the status each shows. */
export const PLAN_FILTERS = { all: null, toFill: 'pending', expired: 'expired', filled: 'active' } as const;
export type PlanFilter = keyof typeof PLAN_FILTERS;

/** The day it is at `now` in a time zone, as 'YYYY-MM-DD'. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  // The Swedish locale writes dates as ISO does.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The status of a plan whose deadline is `deadline` ('YYYY-MM-DD', the last day it runs) and whose
 * blocks are all filled or not, at `now` for a teacher in `timeZone`.
 */
export function planStatus(
  plan: { deadline: string; filled: boolean },
  timeZone: string,
  now: Date = new Date(),
): PlanStatus {
  if (dayIn(timeZone, now) > plan.deadline) return 'expired';
  return plan.filled ? 'active' : 'pending';
}
