import type { ExerciseMediaKind } from '@logoschool/contract';
import type { Acting } from '../../../api/keys.ts';

/**
 * The exercises feature's query keys. Every key starts with `exerciseKeys.all`; a key that ends
 * with `acting` has a prefix without it (`detail(id)`, `slides(id)`…) for invalidating every copy.
 * The tags, categories and themes the feature reads are keyed in `api/keys.ts`.
 */
export const exerciseKeys = {
  all: ['exercises'] as const,
  /** Every page of exercises (`ExercisePage`): the screens' lists and the library. */
  lists: () => [...exerciseKeys.all, 'list'] as const,
  list: (kind: string, acting: Acting, filter: unknown) =>
    [...exerciseKeys.lists(), kind, acting, filter] as const,
  /** The people a list's author filter picks from (`kind` as `list`). */
  authors: (kind: string, acting: Acting) => [...exerciseKeys.all, 'authors', kind, acting] as const,
  detail: (id: number | null) => [...exerciseKeys.all, 'detail', id] as const,
  detailAs: (id: number | null, acting: Acting) => [...exerciseKeys.detail(id), acting] as const,
  slides: (id: number) => [...exerciseKeys.all, 'slides', id] as const,
  slidesAs: (id: number, acting: Acting) => [...exerciseKeys.slides(id), acting] as const,
  media: (id: number) => [...exerciseKeys.all, 'media', id] as const,
  mediaAs: (id: number, kind: ExerciseMediaKind, acting: Acting) =>
    [...exerciseKeys.media(id), kind, acting] as const,
  generated: () => [...exerciseKeys.all, 'generated'] as const,
  generatedOf: (id: number) => [...exerciseKeys.generated(), id] as const,
  generatedAs: (id: number, acting: Acting) => [...exerciseKeys.generatedOf(id), acting] as const,
  latest: (acting: Acting) => [...exerciseKeys.all, 'latest', acting] as const,
  autoModeration: (acting: Acting) => [...exerciseKeys.all, 'auto-moderation', acting] as const,
};
