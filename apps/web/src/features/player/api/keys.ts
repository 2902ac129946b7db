import type { Acting } from '../../../api/keys.ts';

/** The player's query keys: the lesson, its marks, and its exercises' instructions and slide images. */
export const playerKeys = {
  all: ['player'] as const,
  lesson: (acting: Acting, lessonId: number | null) =>
    [...playerKeys.all, 'lesson', acting, lessonId] as const,
  exercise: (acting: Acting, exerciseId: number) =>
    [...playerKeys.all, 'exercise', acting, exerciseId] as const,
  marks: (acting: Acting, lessonId: number) => [...playerKeys.all, 'marks', acting, lessonId] as const,
  slides: (acting: Acting, exerciseId: number) => [...playerKeys.all, 'slides', acting, exerciseId] as const,
  /** The lesson's session link for the child's screen and where the session stands. */
  session: (acting: Acting, lessonId: number) => [...playerKeys.all, 'session', acting, lessonId] as const,
};
