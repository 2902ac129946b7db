/**
 * Exercise statuses (spec §3, §9): the numeric ids are part of the API (`status_id`).
 */
export const EXERCISE_STATUS = {
  accepted: 1,
  declined: 2,
  moderation: 3,
  draft: 4,
  request: 5,
} as const;

export type ExerciseStatusName = keyof typeof EXERCISE_STATUS;
export type ExerciseStatusId = (typeof EXERCISE_STATUS)[ExerciseStatusName];

export const EXERCISE_STATUS_NAMES = Object.keys(EXERCISE_STATUS) as ExerciseStatusName[];
export const EXERCISE_STATUS_IDS = Object.values(EXERCISE_STATUS) as ExerciseStatusId[];

const NAME_BY_ID = new Map<number, ExerciseStatusName>(
  EXERCISE_STATUS_NAMES.map((name) => [EXERCISE_STATUS[name], name]),
);

/** The status's name for an id, or undefined for a number that is no status. */
export function exerciseStatusName(id: number): ExerciseStatusName | undefined {
  return NAME_BY_ID.get(id);
}

/** Whether a number is one of the status ids. */
export function isExerciseStatusId(id: number): id is ExerciseStatusId {
  return NAME_BY_ID.has(id);
}

/** Display colours (spec §3), as Mantine colour names. */
export const EXERCISE_STATUS_COLORS = {
  accepted: 'green',
  declined: 'red',
  moderation: 'yellow',
  draft: 'gray',
  request: 'blue',
} as const satisfies Record<ExerciseStatusName, string>;

/** The order of the list tabs (spec §2: requests, drafts, moderation, approved, declined). */
export const EXERCISE_STATUS_TABS: readonly ExerciseStatusName[] = [
  'request',
  'draft',
  'moderation',
  'accepted',
  'declined',
];

/**
 * Who acts on an exercise, as far as its status is concerned:
 * - `author`: any author of the project (holds `exercises.author`);
 * - `owner`: the author the exercise is with, its assigned author once a request is taken, else
 *   the one who wrote it (and who holds `exercises.author`);
 * - `moderator`: holds `exercises.moderate`.
 * The access rules (`exerciseActors`) say which of these a caller is for one exercise.
 */
export type ExerciseActor = 'author' | 'owner' | 'moderator';

export interface ExerciseTransition {
  from: ExerciseStatusName;
  to: ExerciseStatusName;
  by: ExerciseActor;
}

/**
 * Every status change there is (spec §4; the spec leaves the exact set to us). Anything not listed
 * is refused. A request is filed by a moderator and created in status `request`; an author's new
 * exercise starts as a `draft`.
 */
export const EXERCISE_TRANSITIONS: readonly ExerciseTransition[] = [
  // An author takes an open request: it becomes their draft (assigned_id).
  { from: 'request', to: 'draft', by: 'author' },
  // The author submits the draft for review.
  { from: 'draft', to: 'moderation', by: 'owner' },
  // The author withdraws it from review to change it. A moderator does not send an exercise back
  // to draft silently: they decline it, with a comment that tells the author why.
  { from: 'moderation', to: 'draft', by: 'owner' },
  // The moderator's verdict; declining needs a comment.
  { from: 'moderation', to: 'accepted', by: 'moderator' },
  { from: 'moderation', to: 'declined', by: 'moderator' },
  // A declined exercise is revised (back to draft) or resubmitted as it is.
  { from: 'declined', to: 'draft', by: 'owner' },
  { from: 'declined', to: 'moderation', by: 'owner' },
  // An accepted exercise found wrong later (a complaint) leaves the library, with a comment.
  { from: 'accepted', to: 'declined', by: 'moderator' },
  // A moderator takes back a verdict given by mistake (issue 12): a declined exercise goes back to
  // moderation or is accepted after all; an accepted one goes back to moderation. Each change is
  // kept in the status history like any other, and from moderation the usual verdicts apply.
  // Themed versions of an accepted exercise stay as they are when it leaves `accepted`: nothing is
  // deleted, so a reversal made by mistake can itself be undone without losing work; no new version
  // is made or remade until it is accepted again (generation needs `accepted`).
  { from: 'declined', to: 'moderation', by: 'moderator' },
  { from: 'declined', to: 'accepted', by: 'moderator' },
  { from: 'accepted', to: 'moderation', by: 'moderator' },
];

/** Statuses that a change into needs a comment (spec §4: declining requires one). */
export const COMMENT_REQUIRED: readonly ExerciseStatusName[] = ['declined'];

/** Whether changing into `to` needs a comment. */
export function commentRequired(to: ExerciseStatusName): boolean {
  return COMMENT_REQUIRED.includes(to);
}

/** Whether a change is an author taking a request (the server then assigns it to them). */
export function isTake(from: ExerciseStatusName, to: ExerciseStatusName): boolean {
  return from === 'request' && to === 'draft';
}

/**
 * Why a change is refused, or null when it is allowed:
 * - `status_unchanged`: the new status is the current one (spec §4);
 * - `transition_refused`: nobody may make this change;
 * - `forbidden`: the change exists, but for other actors than these.
 */
export type TransitionRefusal = 'status_unchanged' | 'transition_refused' | 'forbidden';

export function transitionRefusal(
  from: ExerciseStatusName,
  to: ExerciseStatusName,
  actors: readonly ExerciseActor[],
): TransitionRefusal | null {
  if (from === to) return 'status_unchanged';
  const matching = EXERCISE_TRANSITIONS.filter((step) => step.from === from && step.to === to);
  if (matching.length === 0) return 'transition_refused';
  return matching.some((step) => actors.includes(step.by)) ? null : 'forbidden';
}

/**
 * The step a change is made as, for these actors: the author's own step first (an author who also
 * moderates submits as an author), then any author's, then the moderator's; null when none of them
 * may make it.
 */
export function transitionStep(
  from: ExerciseStatusName,
  to: ExerciseStatusName,
  actors: readonly ExerciseActor[],
): ExerciseTransition | null {
  const order: readonly ExerciseActor[] = ['owner', 'author', 'moderator'];
  const steps = EXERCISE_TRANSITIONS.filter(
    (step) => step.from === from && step.to === to && actors.includes(step.by),
  );
  return [...steps].sort((a, b) => order.indexOf(a.by) - order.indexOf(b.by))[0] ?? null;
}

/**
 * Whether a change is the author sending the exercise for review: auto-moderation then runs. A
 * moderator sending an exercise back to moderation reviews it themselves, so no rule runs then.
 */
export function isSubmission(
  from: ExerciseStatusName,
  to: ExerciseStatusName,
  actors: readonly ExerciseActor[],
): boolean {
  return to === 'moderation' && transitionStep(from, to, actors)?.by === 'owner';
}

/** The statuses a moderator's verdict leaves an exercise in. */
export const VERDICT_STATUSES: readonly ExerciseStatusName[] = ['accepted', 'declined'];

/**
 * Whether a change takes back a moderator's verdict (from accepted or declined, made as a
 * moderator): the UI asks to confirm it and says what follows.
 */
export function changesVerdict(
  from: ExerciseStatusName,
  to: ExerciseStatusName,
  actors: readonly ExerciseActor[],
): boolean {
  return VERDICT_STATUSES.includes(from) && transitionStep(from, to, actors)?.by === 'moderator';
}

/** The statuses these actors may move an exercise to from `from`: what the UI offers. */
export function allowedTransitions(
  from: ExerciseStatusName,
  actors: readonly ExerciseActor[],
): ExerciseStatusName[] {
  const targets = EXERCISE_TRANSITIONS.filter((step) => step.from === from && actors.includes(step.by)).map(
    (step) => step.to,
  );
  return EXERCISE_STATUS_NAMES.filter((name) => targets.includes(name));
}

/**
 * Statuses an exercise may only be in when complete (spec §5: category, tags, presentation): it is
 * checked on the way in (submitting, accepting) and on every edit while there. A draft may be
 * incomplete.
 */
export const COMPLETE_STATUSES: readonly ExerciseStatusName[] = ['moderation', 'accepted'];

/** What completeness looks at. */
export interface ExerciseCompleteness {
  category_id: number | null;
  tag_count: number;
  /**
   * Slides of the uploaded .pptx; null while none is uploaded. The presentation rule reads this
   * field: the upload (which sets it) comes with the presentations issue.
   */
  slide_count: number | null;
}

/** A missing part, named by the field the API reports it on. */
export type CompletenessProblem = 'category_id' | 'tag_ids' | 'presentation';

/**
 * The parts an exercise lacks for review (spec §5: a category, at least one tag, a presentation),
 * in field order; empty when it is complete.
 */
export function completenessProblems(exercise: ExerciseCompleteness): CompletenessProblem[] {
  const problems: CompletenessProblem[] = [];
  if (exercise.category_id === null) problems.push('category_id');
  if (exercise.tag_count < 1) problems.push('tag_ids');
  if (exercise.slide_count === null || exercise.slide_count < 1) problems.push('presentation');
  return problems;
}

/** Whether an exercise in status `status` must be complete. */
export function mustBeComplete(status: ExerciseStatusName): boolean {
  return COMPLETE_STATUSES.includes(status);
}

/**
 * Statuses in which the work is with the author: a request past its deadline in one of them is
 * overdue (spec §8: "execution time exceeded").
 */
export const OVERDUE_STATUSES: readonly ExerciseStatusName[] = ['request', 'draft', 'declined'];

/** Whether a request with this deadline ('YYYY-MM-DD') is overdue on `today` ('YYYY-MM-DD'). */
export function isRequestOverdue(deadline: string, status: ExerciseStatusName, today: string): boolean {
  return deadline < today && OVERDUE_STATUSES.includes(status);
}
