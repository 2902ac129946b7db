import type { Acting } from '../../../api/keys.ts';

/** Home practice's query keys: a lesson's live assignment, an assignment's link, a student's practice. */
export const practiceKeys = {
  all: ['practice'] as const,
  lesson: (acting: Acting, lessonId: number) => [...practiceKeys.all, 'lesson', acting, lessonId] as const,
  link: (acting: Acting, assignmentId: number) =>
    [...practiceKeys.all, 'link', acting, assignmentId] as const,
  student: (acting: Acting, clientId: number) => [...practiceKeys.all, 'student', acting, clientId] as const,
  family: (token: string) => [...practiceKeys.all, 'family', token] as const,
};
