import type { PathDiagnosis, PathLesson, PlanListItem } from '@logoschool/contract';

/**
 * One event of a child's correction path (issue 14 item 5), dated 'YYYY-MM-DD': a plan, a lesson
 * held, a diagnosis. The path orders them all the same way.
 */
export type TimelineEvent =
  | { kind: 'plan'; key: string; date: string; plan: PlanListItem }
  | { kind: 'lesson'; key: string; date: string; lesson: PathLesson }
  | { kind: 'diagnosis'; key: string; date: string; diagnosis: PathDiagnosis };

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
 * A lesson held on the path, on the day it was held in the teacher's time zone (`dayOf` turns the
 * moment into that day).
 */
export const lessonEvent = (lesson: PathLesson, dayOf: (iso: string) => string): TimelineEvent => ({
  kind: 'lesson',
  key: `lesson-${lesson.id}`,
  date: dayOf(lesson.held_at),
  lesson,
});

/** A diagnosis on the path, on its day. */
export const diagnosisEvent = (diagnosis: PathDiagnosis): TimelineEvent => ({
  kind: 'diagnosis',
  key: `diagnosis-${diagnosis.id}`,
  date: diagnosis.diagnosed_on,
  diagnosis,
});

/** A plan runs to the end of its last day; a lesson held or a diagnosis made is done on its day. */
const runsThrough = (event: TimelineEvent) => (event.kind === 'plan' ? 1 : 0);

/**
 * The path in time order, the earliest first (on one day what was done before a plan that ends
 * that day; otherwise events of one day keep their given order), with a `today` marker before the
 * first event that is not past yet; none when there is no event.
 */
export function timelineOf(events: readonly TimelineEvent[], today: string): TimelineEntry[] {
  if (events.length === 0) return [];
  const ordered = [...events].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : runsThrough(a) - runsThrough(b),
  );
  const upcoming = ordered.findIndex((event) =>
    event.kind === 'plan' ? event.date >= today : event.date > today,
  );
  const at = upcoming === -1 ? ordered.length : upcoming;
  return [...ordered.slice(0, at), { kind: 'today', key: 'today', date: today }, ...ordered.slice(at)];
}
