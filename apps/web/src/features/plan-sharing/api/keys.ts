import type { Acting } from '../../../api/keys.ts';

/**
 * The plan-sharing feature's query keys. The student and the plans the correction path shows are
 * its own copies (a feature never imports another's keys); they are fetched again on each visit.
 */
export const planSharingKeys = {
  all: ['plan-sharing'] as const,
  sharing: (acting: Acting, planId: number) => [...planSharingKeys.all, 'sharing', acting, planId] as const,
  student: (acting: Acting, clientId: number | null) =>
    [...planSharingKeys.all, 'student', acting, clientId] as const,
  students: (acting: Acting, term: string) => [...planSharingKeys.all, 'students', acting, term] as const,
  studentPath: (acting: Acting, clientId: number | null) =>
    [...planSharingKeys.all, 'path', acting, clientId] as const,
  studentPlans: (acting: Acting, clientId: number | null, timeZone: string) =>
    [...planSharingKeys.all, 'plans', acting, clientId, timeZone] as const,
};
