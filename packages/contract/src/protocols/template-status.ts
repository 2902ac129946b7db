/**
 * The life of a protocol template (spec §1: moderators review protocol templates; issue 14). A
 * template has a working copy and, once published, numbered versions that plans are made from:
 *
 * - `draft`: the working copy is being written or changed; plans keep the last published version.
 * - `moderation`: its writer sent it for review.
 * - `published`: the working copy is the latest version.
 *
 * A moderator publishes a draft or a template in review (a new version) and returns one in review
 * to its writer; a writer who is no moderator (a teacher) sends a draft for review or takes it
 * back. Editing a published template makes its working copy a draft again.
 */
export const TEMPLATE_STATUSES = ['draft', 'moderation', 'published'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** What can be done to a template's status. */
export const TEMPLATE_ACTIONS = ['submit', 'withdraw', 'return', 'publish'] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];

/** Who the caller is for one template: its writer, a moderator of the project, or both. */
export type TemplateActor = 'writer' | 'moderator';

interface Transition {
  from: readonly TemplateStatus[];
  to: TemplateStatus;
  by: readonly TemplateActor[];
  /** Actors who never need it: a moderator publishes their own template rather than send it for review. */
  not?: readonly TemplateActor[];
}

const TRANSITIONS: Record<TemplateAction, Transition> = {
  submit: { from: ['draft'], to: 'moderation', by: ['writer'], not: ['moderator'] },
  withdraw: { from: ['moderation'], to: 'draft', by: ['writer'] },
  return: { from: ['moderation'], to: 'draft', by: ['moderator'] },
  publish: { from: ['draft', 'moderation'], to: 'published', by: ['moderator'] },
};

/** Why a status change is refused, or null when it is allowed. */
export type TemplateRefusal = 'not_allowed' | 'wrong_status';

/**
 * The status an action leads to from `status` for these actors, or why not: `not_allowed` when
 * none of the actors may do it at all, `wrong_status` when they may but not from this status.
 */
export function templateTransition(
  status: TemplateStatus,
  action: TemplateAction,
  actors: readonly TemplateActor[],
): { to: TemplateStatus } | { refused: TemplateRefusal } {
  const transition = TRANSITIONS[action];
  const allowed =
    transition.by.some((actor) => actors.includes(actor)) &&
    !(transition.not ?? []).some((actor) => actors.includes(actor));
  if (!allowed) return { refused: 'not_allowed' };
  if (!transition.from.includes(status)) return { refused: 'wrong_status' };
  return { to: transition.to };
}

/** The actions these actors may take on a template in `status` (what the screen offers). */
export function templateActionsFor(
  status: TemplateStatus,
  actors: readonly TemplateActor[],
): TemplateAction[] {
  return TEMPLATE_ACTIONS.filter((action) => 'to' in templateTransition(status, action, actors));
}

/** The status a template's working copy takes when its content is saved. */
export function statusAfterEdit(status: TemplateStatus): TemplateStatus {
  return status === 'moderation' ? 'moderation' : 'draft';
}
