import type { Acting } from '../../../api/keys.ts';

/** The booking feature's query keys: settings, teachers' availability, sessions, bookings, weeks. */
export const bookingKeys = {
  all: ['booking'] as const,
  settings: (acting: Acting) => [...bookingKeys.all, 'settings', acting] as const,
  link: (acting: Acting) => [...bookingKeys.all, 'link', acting] as const,
  teachers: (acting: Acting) => [...bookingKeys.all, 'teachers', acting] as const,
  availability: (acting: Acting, teacherId: number | null) =>
    [...bookingKeys.all, 'availability', acting, teacherId] as const,
  sessions: (acting: Acting) => [...bookingKeys.all, 'sessions', acting] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...bookingKeys.lists(), acting, filter] as const,
  week: (acting: Acting, teacherId: number | null, week: string) =>
    [...bookingKeys.all, 'week', acting, teacherId, week] as const,
};
