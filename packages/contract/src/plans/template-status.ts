import {
  DOCUMENT_STATUSES,
  DOCUMENT_STEPS,
  documentStepsFor,
  documentTransition,
  type DocumentActor,
  type DocumentRefusal,
  type DocumentStatus,
  type DocumentStep,
} from '../versioning/document-status.ts';

/**
 * The life of a protocol template (spec §1: moderators review protocol templates; issue 14): the
 * versioned document's status machine (`versioning/document-status.ts`, decision 030) under the
 * names the templates' API has used since issue 14. A teacher writes, a moderator publishes or
 * returns with a comment.
 */
export const TEMPLATE_STATUSES = DOCUMENT_STATUSES;
export type TemplateStatus = DocumentStatus;

/** What can be done to a template's status. */
export const TEMPLATE_ACTIONS = DOCUMENT_STEPS;
export type TemplateAction = DocumentStep;

/** Who the caller is for one template: its writer, a moderator of the project, or both. */
export type TemplateActor = DocumentActor;

export type TemplateRefusal = DocumentRefusal;

/** The status an action leads to from `status` for these actors, or why not. */
export const templateTransition = documentTransition;

/** The actions these actors may take on a template in `status` (what the screen offers). */
export const templateActionsFor = documentStepsFor;

export { statusAfterEdit } from '../versioning/document-status.ts';
