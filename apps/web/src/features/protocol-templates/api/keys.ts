import type { Acting } from '../../../api/keys.ts';

/** The protocol-templates feature's query keys. */
export const templateKeys = {
  all: ['protocol-templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...templateKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, templateId: number | null) =>
    [...templateKeys.all, 'detail', acting, templateId] as const,
};
