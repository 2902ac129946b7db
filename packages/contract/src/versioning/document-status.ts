/**
 * The life of a versioned document (decision 030): protocol templates, diagnostic cards, and the
 * course templates and stories to come. A document has a working copy and, once published,
 * numbered versions that never change:
 *
 * - `draft`: the working copy is being written or changed; users keep the last published version.
 * - `moderation`: its writer sent it for review (only where writers are not moderators).
 * - `published`: the working copy is the latest version.
 *
 * A moderator publishes a draft or a document in review (a new version) and returns one in review
 * to its writer with a comment; a writer who is no moderator sends a draft for review or takes it
 * back. Saving the working copy of a published document makes it a draft again. An area whose
 * documents only moderators write (diagnostic cards) uses the same table with `['moderator']` and
 * never reaches `moderation`.
 */
export const DOCUMENT_STATUSES = ['draft', 'moderation', 'published'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The steps a document's status takes. */
export const DOCUMENT_STEPS = ['submit', 'withdraw', 'return', 'publish'] as const;
export type DocumentStep = (typeof DOCUMENT_STEPS)[number];

/** Who the caller is for one document: its writer, a moderator of the project, or both. */
export type DocumentActor = 'writer' | 'moderator';

interface Transition {
  from: readonly DocumentStatus[];
  to: DocumentStatus;
  by: readonly DocumentActor[];
  /** Actors who never need it: a moderator publishes their own document rather than send it for review. */
  not?: readonly DocumentActor[];
  /** The step says why in a comment (returning to the writer). */
  comment?: true;
}

const TRANSITIONS: Record<DocumentStep, Transition> = {
  submit: { from: ['draft'], to: 'moderation', by: ['writer'], not: ['moderator'] },
  withdraw: { from: ['moderation'], to: 'draft', by: ['writer'] },
  return: { from: ['moderation'], to: 'draft', by: ['moderator'], comment: true },
  publish: { from: ['draft', 'moderation'], to: 'published', by: ['moderator'] },
};

/** Why a step is refused: none of the actors may take it at all, or not from this status. */
export type DocumentRefusal = 'not_allowed' | 'wrong_status';

/** The status a step leads to from `status` for these actors, or why not. */
export function documentTransition(
  status: DocumentStatus,
  step: DocumentStep,
  actors: readonly DocumentActor[],
): { to: DocumentStatus } | { refused: DocumentRefusal } {
  const transition = TRANSITIONS[step];
  const allowed =
    transition.by.some((actor) => actors.includes(actor)) &&
    !(transition.not ?? []).some((actor) => actors.includes(actor));
  if (!allowed) return { refused: 'not_allowed' };
  if (!transition.from.includes(status)) return { refused: 'wrong_status' };
  return { to: transition.to };
}

/** The steps these actors may take on a document in `status` (what the screen offers). */
export function documentStepsFor(status: DocumentStatus, actors: readonly DocumentActor[]): DocumentStep[] {
  return DOCUMENT_STEPS.filter((step) => 'to' in documentTransition(status, step, actors));
}

/** Whether a step says why in a comment (the screen asks for it first). */
export const stepNeedsComment = (step: DocumentStep): boolean => TRANSITIONS[step].comment === true;

/** The status a document's working copy takes when its content is saved. */
export function statusAfterEdit(status: DocumentStatus): DocumentStatus {
  return status === 'moderation' ? 'moderation' : 'draft';
}
