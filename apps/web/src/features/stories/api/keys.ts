import type { Acting } from '../../../api/keys.ts';

/** The stories feature's query keys. */
export const storyKeys = {
  all: ['stories'] as const,
  lists: () => [...storyKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...storyKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, storyId: number | null) => [...storyKeys.all, 'detail', acting, storyId] as const,
  themes: (acting: Acting) => [...storyKeys.all, 'themes', acting] as const,
  themeAssets: (acting: Acting, themeId: number | null) =>
    [...storyKeys.all, 'theme-assets', acting, themeId] as const,
  lessons: (acting: Acting) => [...storyKeys.all, 'lessons', acting] as const,
};
