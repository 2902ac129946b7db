import type { Acting } from '../../../api/keys.ts';

/** The progress feature's query keys: a student's progress, fetched again on each visit. */
export const progressKeys = {
  all: ['progress'] as const,
  student: (acting: Acting, clientId: number) => [...progressKeys.all, 'student', acting, clientId] as const,
};
