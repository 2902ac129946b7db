// The parents' diagnosis pages and their links' kind, without zod: the pages link each other by
// these, and the schemas in sharing.ts would bring zod to them (issue 32).

/** The kind of a diagnosis' public link for the parents (the public-link kit, decision 029). */
export const DIAGNOSIS_LINK_KIND = 'diagnosis';

/** The web page a diagnosis' public link opens (the route table's `/dc-preview/:token`). */
export const PARENT_DIAGNOSIS_PAGE = '/dc-preview';
/** The web page of the student's progress on the card, by the same token (`/progress-preview/:token`). */
export const PARENT_PROGRESS_PAGE = '/progress-preview';
