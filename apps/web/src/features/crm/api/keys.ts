import type { Acting } from '../../../api/keys.ts';

/** The crm feature's query keys. */
export const crmKeys = {
  all: ['crm'] as const,
  /** A project's CRM token status. */
  token: (workspaceId: number) => [...crmKeys.all, 'token', workspaceId] as const,
  /** The teachers of a project a student may be copied to, as the role acted as there. */
  teachers: (acting: Acting) => [...crmKeys.all, 'teachers', acting] as const,
};
