import type { Acting } from '../../../api/keys.ts';

/** The lesson statistics' query keys: per teacher, and per day (one teacher's or the project's). */
export const lessonStatisticsKeys = {
  all: ['lesson-statistics'] as const,
  teachers: (acting: Acting, range: unknown) =>
    [...lessonStatisticsKeys.all, 'teachers', acting, range] as const,
  days: (acting: Acting, range: unknown, teacherId: number | null) =>
    [...lessonStatisticsKeys.all, 'days', acting, range, teacherId] as const,
};
