import type { Acting } from '../../../api/keys.ts';

/** The teacher's side of games: a student's games and their links, the games to give, plays and progress. */
export const studentGameKeys = {
  all: ['student-games'] as const,
  student: (acting: Acting, clientId: number) =>
    [...studentGameKeys.all, 'student', acting, clientId] as const,
  link: (acting: Acting, assignmentId: number) =>
    [...studentGameKeys.all, 'link', acting, assignmentId] as const,
  published: (acting: Acting, filter: unknown) =>
    [...studentGameKeys.all, 'published', acting, filter] as const,
  progress: (acting: Acting, clientId: number) =>
    [...studentGameKeys.all, 'progress', acting, clientId] as const,
  records: (acting: Acting, clientId: number, page: number) =>
    [...studentGameKeys.all, 'records', acting, clientId, page] as const,
  client: (acting: Acting, clientId: number) => [...studentGameKeys.all, 'client', acting, clientId] as const,
  family: (token: string) => [...studentGameKeys.all, 'family', token] as const,
};
