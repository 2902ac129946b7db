/** The lessons list, at a week (its Monday) when given. */
export const lessonsListPath = (week?: string) => (week ? `/lessons-list?week=${week}` : '/lessons-list');

/** A lesson's editor. */
export const lessonPath = (lessonId: number) => `/edit-lesson/${lessonId}`;

/** Where the teacher's plans are listed (the Plans tab of /clients), whose pages list their lessons. */
export const PLANS_PATH = '/clients?tab=plans';

/** A plan's own screen. */
export const planPath = (planId: number) => `/edit-protocol/${planId}`;
