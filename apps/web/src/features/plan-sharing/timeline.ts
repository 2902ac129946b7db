import type { PlanListItem } from '@logoschool/contract';

/**
 * One event of a child's correction path (issue 14 item 5), dated 'YYYY-MM-DD'. Plans are the
 * first kind; lessons, diagnostics and progress join as kinds of their own, each with its date,
 * and the path orders them all the same way.
 */
export type TimelineEvent = { kind: 'plan'; key: string; date: string; plan: PlanListItem };

/** What the path shows in order: the events, and where today falls among them. */
export type TimelineEntry = TimelineEvent | { kind: 'today'; key: 'today'; date: string };

/** A plan on the path, at its deadline (the last day of its lessons). */
export const planEvent = (plan: PlanListItem): TimelineEvent => ({
  kind: 'plan',
  key: `plan-${plan.id}`,
  date: plan.deadline,
  plan,
});

/**
 * The path in time order, the earliest first (events of one day keep their given order), with a
 * `today` marker before the first event that is not past yet; none when there is no event.
 */
export function timelineOf(events: readonly TimelineEvent[], today: string): TimelineEntry[] {
  if (events.length === 0) return [];
  const ordered = [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const upcoming = ordered.findIndex((event) => event.date >= today);
  const at = upcoming === -1 ? ordered.length : upcoming;
  return [...ordered.slice(0, at), { kind: 'today', key: 'today', date: today }, ...ordered.slice(at)];
}
