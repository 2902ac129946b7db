import {
  API,
  themeAssetsPath,
  type Lesson,
  type LessonListItem,
  type StoriesPage,
  type Story,
  type StoryFile,
  type StoryInput,
  type StoryStatus,
  type Theme,
  type ThemeAssetsGrouped,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingAs, useActingFor } from '../../../session/session.tsx';
import { storyKeys } from './keys.ts';

export interface StoriesFilter {
  /** null: every status. */
  status: StoryStatus | null;
  term: string;
  page: number;
  per_page: number;
}

/** A page of the stories the role reads, with how many of each status (the tabs). */
export function useStories(filter: StoriesFilter) {
  const acting = useActingFor('stories.read');
  return useQuery({
    queryKey: storyKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<StoriesPage['data'][number], StoriesPage>(API.histories, {
        query: { ...acting, ...filter, status: filter.status ?? undefined, term: filter.term || undefined },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** One story: its working copy for its writer and moderators, else its latest published version. */
export function useStory(storyId: number | null) {
  const acting = useActingFor('stories.read');
  return useQuery({
    queryKey: storyKeys.detail(acting, storyId),
    queryFn: ({ signal }) => callApi<Story>(`${API.histories}/${storyId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && storyId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** Keeps a story the API answered with, and has the lists fetched again. */
function useStoryAnswered() {
  const acting = useActingFor('stories.read');
  const queryClient = useQueryClient();
  return (story: Story) => {
    queryClient.setQueryData(storyKeys.detail(acting, story.id), story);
    return queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
  };
}

/** Creates the story (no id yet) or replaces its working copy. */
export function useSaveStory(storyId: number | null) {
  const acting = useActingAs();
  const answered = useStoryAnswered();
  return useMutation({
    mutationFn: (body: StoryInput) =>
      callApi<Story>(storyId === null ? API.histories : `${API.histories}/${storyId}`, {
        method: storyId === null ? 'POST' : 'PUT',
        query: { ...acting },
        body,
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** A status step: a writer's submit or withdraw, a moderator's publish or return (with its comment). */
export function useStoryStep() {
  const acting = useActingAs();
  const answered = useStoryAnswered();
  return useMutation({
    mutationFn: ({ id, action, comment }: { id: number; action: string; comment?: string }) =>
      callApi<Story>(
        `${API.histories}/${id}/${action === 'submit' || action === 'withdraw' ? 'submit' : 'review'}`,
        {
          method: 'POST',
          query: { ...acting },
          body: comment === undefined ? { action } : { action, comment },
        },
      ),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Deletes a story (refused with 409 while lessons hold a part of it). */
export function useDeleteStory() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi<null>(`${API.histories}/${id}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.lists() }),
    meta: { silent: true },
  });
}

/** Uploads an image or a sound for a slide (the server judges it by its bytes). */
export function useUploadStoryFile() {
  const acting = useActingAs();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callApi<StoryFile>(`${API.histories}/files`, {
        method: 'POST',
        query: { ...acting },
        body: form,
      });
    },
    meta: { silent: true },
  });
}

/** Copies a file of an asset of one of the project's themes into the stories' files. */
export function useStoryFileFromAsset() {
  const acting = useActingAs();
  return useMutation({
    mutationFn: (assetFileId: number) =>
      callApi<StoryFile>(`${API.histories}/files/from-asset`, {
        method: 'POST',
        query: { ...acting },
        body: { asset_file_id: assetFileId },
      }),
    meta: { silent: true },
  });
}

/** The project's own themes (their assets are what a slide may take). */
export function useOwnThemes(enabled: boolean) {
  const acting = useActingAs();
  return useQuery({
    queryKey: storyKeys.themes(acting),
    queryFn: ({ signal }) => callApi<Theme[]>(API.themes, { query: { ...acting }, signal }),
    enabled: enabled && acting !== null,
    select: (themes) => themes.filter((theme) => theme.workspace_id === acting?.workspace_id),
  });
}

/** A theme's assets with their files. */
export function useThemeAssets(themeId: number | null) {
  const acting = useActingAs();
  return useQuery({
    queryKey: storyKeys.themeAssets(acting, themeId),
    queryFn: ({ signal }) =>
      callApi<ThemeAssetsGrouped>(themeAssetsPath(themeId ?? 0), { query: { ...acting }, signal }),
    enabled: acting !== null && themeId !== null,
  });
}

/** The teacher's open lessons, the earliest first (where a story part may go). */
export function useOpenLessons(enabled: boolean) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: storyKeys.lessons(acting),
    queryFn: ({ signal }) =>
      callApiPage<LessonListItem>(API.lessons, {
        query: { ...acting, status: 'open', per_page: 100 },
        signal,
      }),
    enabled: enabled && acting !== null,
    select: (page) => page.data,
  });
}

/** Puts a part of the story's latest published version into a lesson. */
export function useAddPartToLesson() {
  const acting = useActingFor('lessons.manage');
  return useMutation({
    mutationFn: ({ lessonId, storyId, partKey }: { lessonId: number; storyId: number; partKey: string }) =>
      callApi<Lesson>(`${API.lesson}/${lessonId}${API.lessonStoryParts}`, {
        method: 'POST',
        query: { ...acting },
        body: { history_id: storyId, part_key: partKey },
      }),
    meta: { silent: true },
  });
}
