import type { Acting } from '../../../api/keys.ts';

/** The users feature's query keys: a project's members and its invitations change together. */
export const userKeys = {
  all: ['users'] as const,
  members: () => [...userKeys.all, 'members'] as const,
  memberList: (acting: Acting, filter: unknown) => [...userKeys.members(), acting, filter] as const,
  invitations: () => [...userKeys.all, 'invitations'] as const,
  invitationList: (acting: Acting, filter: unknown) => [...userKeys.invitations(), acting, filter] as const,
};
