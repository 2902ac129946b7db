import {
  API,
  COURSE_TEMPLATE_STATUSES,
  EXERCISE_STATUS,
  type Course,
  type CourseListItem,
  type CourseStartInput,
  type CourseTemplate,
  type CourseTemplateInput,
  type CourseTemplateListItem,
  type CourseTemplateStatus,
  type Exercise,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import type { Acting } from '../../../api/keys.ts';
import { useActingAs } from '../../../session/session.tsx';

/** The course-templates feature's query keys. */
export const courseKeys = {
  all: ['course-templates'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...courseKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, id: number | null) => [...courseKeys.all, 'detail', acting, id] as const,
  exercises: (acting: Acting, term: string) => [...courseKeys.all, 'exercises', acting, term] as const,
  courses: () => ['courses'] as const,
  ofPlan: (acting: Acting, protocolId: number | null) => ['courses', 'plan', acting, protocolId] as const,
  course: (acting: Acting, id: number | null) => ['courses', 'detail', acting, id] as const,
};

export interface CourseTemplatesFilter {
  status: CourseTemplateStatus | null;
  term: string;
  page: number;
  per_page: number;
}

const listQuery = (acting: Acting, filter: CourseTemplatesFilter) => ({
  queryKey: courseKeys.list(acting, filter),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApiPage<CourseTemplateListItem>(API.courseTemplates, {
      query: { ...acting, ...filter, status: filter.status ?? undefined, term: filter.term || undefined },
      signal,
    }),
  enabled: acting !== null,
});

/** A page of the templates the selected role reads (moderators every one of the project). */
export function useCourseTemplates(filter: CourseTemplatesFilter) {
  const acting = useActingAs();
  return useQuery({ ...listQuery(acting, filter), placeholderData: keepPreviousData });
}

/** How many templates each status holds, for the status tabs. */
export function useCourseTemplateCounts(term: string): Partial<Record<CourseTemplateStatus, number>> {
  const acting = useActingAs();
  const results = useQueries({
    queries: COURSE_TEMPLATE_STATUSES.map((status) => ({
      ...listQuery(acting, { status, term, page: 1, per_page: 1 }),
      select: (page: { meta: { total: number } }) => page.meta.total,
      meta: { silent: true },
    })),
  });
  return Object.fromEntries(
    COURSE_TEMPLATE_STATUSES.flatMap((status, index) => {
      const total = results[index]?.data;
      return total === undefined ? [] : [[status, total]];
    }),
  );
}

/** One template: its working copy for moderators, the latest published version for teachers. */
export function useCourseTemplate(id: number | null) {
  const acting = useActingAs();
  return useQuery({
    queryKey: courseKeys.detail(acting, id),
    queryFn: ({ signal }) =>
      callApi<CourseTemplate>(`${API.courseTemplates}/${id}`, { query: { ...acting }, signal }),
    enabled: acting !== null && id !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** Keeps a template the API answered with, and has the lists fetched again. */
function useTemplateAnswered() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return (template: CourseTemplate) => {
    queryClient.setQueryData(courseKeys.detail(acting, template.id), template);
    return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
  };
}

/** Creates a template (`id` null) or replaces its working copy. */
export function useSaveCourseTemplate(id: number | null) {
  const acting = useActingAs();
  const answered = useTemplateAnswered();
  return useMutation({
    mutationFn: (input: CourseTemplateInput) =>
      callApi<CourseTemplate>(id === null ? API.courseTemplates : `${API.courseTemplates}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        query: { ...acting },
        body: input,
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Publishes a template's working copy as its next version. */
export function usePublishCourseTemplate() {
  const acting = useActingAs();
  const answered = useTemplateAnswered();
  return useMutation({
    mutationFn: (id: number) =>
      callApi<CourseTemplate>(`${API.courseTemplates}/${id}/publish`, {
        method: 'POST',
        query: { ...acting },
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Deletes a template; the API refuses one that courses are made from. */
export function useDeleteCourseTemplate() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi<null>(`${API.courseTemplates}/${id}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.detail(acting, id), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
    },
    meta: { silent: true },
  });
}

/** The project's accepted exercises whose title holds `term`: what a lesson is made of. */
export function useAcceptedExercises(term: string) {
  const acting = useActingAs();
  return useQuery({
    queryKey: courseKeys.exercises(acting, term),
    queryFn: ({ signal }) =>
      callApiPage<Exercise>(API.exercises, {
        query: { ...acting, status_id: EXERCISE_STATUS.accepted, term: term || undefined, per_page: 20 },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** The course on one of the teacher's plans, or null when it has none. */
export function useCourseOfPlan(protocolId: number | null) {
  const acting = useActingAs();
  return useQuery({
    queryKey: courseKeys.ofPlan(acting, protocolId),
    queryFn: async ({ signal }) => {
      const found = await callApi<CourseListItem[]>(API.courses, {
        query: { ...acting, protocol_id: protocolId ?? undefined },
        signal,
      });
      const [first] = found;
      if (!first) return null;
      return callApi<Course>(`${API.courses}/${first.id}`, { query: { ...acting }, signal });
    },
    enabled: acting !== null && protocolId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** Keeps a course the API answered with under its plan. */
function useCourseAnswered() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return (course: Course) => {
    queryClient.setQueryData(courseKeys.ofPlan(acting, course.protocol_id), course);
  };
}

/** Starts a course on a plan. */
export function useStartCourse() {
  const acting = useActingAs();
  const answered = useCourseAnswered();
  return useMutation({
    mutationFn: (input: CourseStartInput) =>
      callApi<Course>(API.courses, { method: 'POST', query: { ...acting }, body: input }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Applies or keeps one lesson's change of the template's latest version. */
export function useCourseChange(kind: 'apply' | 'keep') {
  const acting = useActingAs();
  const answered = useCourseAnswered();
  return useMutation({
    mutationFn: ({ courseId, key }: { courseId: number; key: string }) =>
      callApi<Course>(`${API.courses}/${courseId}/${kind}`, {
        method: 'POST',
        query: { ...acting },
        body: { key },
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}
