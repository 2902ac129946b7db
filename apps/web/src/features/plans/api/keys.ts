import type { Acting } from '../../../api/keys.ts';

/**
 * The plans feature's query keys. The students and templates it offers on /create-protocol are
 * its own copies (a feature never imports another's keys); they change rarely while a plan is made.
 */
export const planKeys = {
  all: ['plans'] as const,
  lists: () => [...planKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...planKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, planId: number | null, timeZone: string) =>
    [...planKeys.all, 'detail', acting, planId, timeZone] as const,
  students: (acting: Acting, term: string) => [...planKeys.all, 'students', acting, term] as const,
  student: (acting: Acting, clientId: number | null) =>
    [...planKeys.all, 'student', acting, clientId] as const,
  templates: (acting: Acting) => [...planKeys.all, 'templates', acting] as const,
  template: (acting: Acting, templateId: number | null) =>
    [...planKeys.all, 'template', acting, templateId] as const,
};
