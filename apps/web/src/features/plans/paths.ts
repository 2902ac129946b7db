/** Where the teacher's plans are listed: the Plans tab of /clients. */
export const PLANS_LIST_PATH = '/clients?tab=plans';

/** A plan's own screen. */
export const planPath = (planId: number) => `/edit-protocol/${planId}`;

/** A new plan, for a student chosen ahead when given. */
export const newPlanPath = (clientId?: number) =>
  clientId === undefined ? '/create-protocol' : `/create-protocol?client=${clientId}`;
