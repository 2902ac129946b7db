import {
  API,
  type Availability,
  type BookingChildInput,
  type BookingKind,
  type BookingRow,
  type BookingSettings,
  type BookingView,
  type BookingWeek,
  type ConsultationSession,
  type ConsultationSessionInput,
  type PublicLink,
  type TeacherAvailability,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import type { PublicLinkSubject } from '../../../api/public-link-changes.ts';
import { useActingFor } from '../../../session/session.tsx';
import { bookingKeys } from './keys.ts';

/** The project's booking settings (admins and root). */
export function useBookingSettings() {
  const acting = useActingFor('booking.settings');
  return useQuery({
    queryKey: bookingKeys.settings(acting),
    queryFn: ({ signal }) => callApi<BookingSettings>(API.bookingSettings, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

export function useSaveBookingSettings() {
  const acting = useActingFor('booking.settings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingSettings) =>
      callApi<BookingSettings>(API.bookingSettings, { method: 'PUT', query: { ...acting }, body: input }),
    onSuccess: (saved) => queryClient.setQueryData(bookingKeys.settings(acting), saved),
    meta: { silent: true },
  });
}

const projectLinkPath = (workspaceId: number) => `${API.bookingProject}/${workspaceId}`;

/** The project's booking page link (the public-link kit's, kind `booking`): live means booking is on. */
export function useBookingLink() {
  const acting = useActingFor('booking.settings');
  return useQuery({
    queryKey: bookingKeys.link(acting),
    queryFn: ({ signal }) =>
      callApi<PublicLink>(`${projectLinkPath(acting?.workspace_id ?? 0)}/link`, {
        query: { ...acting },
        signal,
      }),
    enabled: acting !== null,
  });
}

/** The project as the link panel changes its page's link. */
export function useBookingLinkSubject(): PublicLinkSubject {
  const acting = useActingFor('booking.settings');
  return {
    path: projectLinkPath(acting?.workspace_id ?? 0),
    permission: 'booking.settings',
    queryKey: bookingKeys.link(acting),
  };
}

/** The project's teachers with their availability (a teacher gets herself only). */
export function useBookingTeachers(enabled = true) {
  const acting = useActingFor('booking.read');
  return useQuery({
    queryKey: bookingKeys.teachers(acting),
    queryFn: ({ signal }) =>
      callApi<TeacherAvailability[]>(API.bookingTeachers, { query: { ...acting }, signal }),
    enabled: enabled && acting !== null,
  });
}

/** One teacher's availability. */
export function useAvailability(teacherId: number | null) {
  const acting = useActingFor('booking.manage');
  return useQuery({
    queryKey: bookingKeys.availability(acting, teacherId),
    queryFn: ({ signal }) =>
      callApi<Availability>(`${API.bookingAvailability}/${teacherId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && teacherId !== null,
    retry: false,
  });
}

export function useSaveAvailability(teacherId: number) {
  const acting = useActingFor('booking.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Availability) =>
      callApi<Availability>(`${API.bookingAvailability}/${teacherId}`, {
        method: 'PUT',
        query: { ...acting },
        body: input,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingKeys.availability(acting, teacherId), saved);
      void queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, 'teachers'] });
      void queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, 'week'] });
    },
    meta: { silent: true },
  });
}

/** The upcoming consultation group sessions. */
export function useConsultationSessions() {
  const acting = useActingFor('booking.read');
  return useQuery({
    queryKey: bookingKeys.sessions(acting),
    queryFn: ({ signal }) =>
      callApi<ConsultationSession[]>(API.bookingSessions, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

export function useCreateSession() {
  const acting = useActingFor('booking.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsultationSessionInput) =>
      callApi<ConsultationSession>(API.bookingSessions, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteSession() {
  const acting = useActingFor('booking.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi<unknown>(`${API.bookingSessions}/${id}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    meta: { silent: true },
  });
}

export interface BookingsFilter {
  view: BookingView;
  teacher_id: number | null;
  kind: BookingKind | null;
  search: string;
  page: number;
  per_page: number;
}

/** The project's bookings (a teacher's own), one page of a view. */
export function useBookings(filter: BookingsFilter) {
  const acting = useActingFor('booking.read');
  return useQuery({
    queryKey: bookingKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<BookingRow>(API.bookings, {
        query: {
          ...acting,
          view: filter.view,
          teacher_id: filter.teacher_id ?? undefined,
          kind: filter.kind ?? undefined,
          search: filter.search || undefined,
          page: filter.page,
          per_page: filter.per_page,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** A teacher's week (its Monday in her zone): bookings, groups, plan lessons and her hours. */
export function useBookingWeek(teacherId: number | null, week: string) {
  const acting = useActingFor('booking.read');
  return useQuery({
    queryKey: bookingKeys.week(acting, teacherId, week),
    queryFn: ({ signal }) =>
      callApi<BookingWeek>(API.bookingWeek, {
        query: { ...acting, teacher_id: teacherId ?? 0, week },
        signal,
      }),
    enabled: acting !== null && teacherId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Records what became of a booking: held, no-show, or cancelled by the school. */
export function useSetBookingStatus() {
  const acting = useActingFor('booking.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'held' | 'no_show' | 'cancelled' }) =>
      callApi<BookingRow>(`${API.bookings}/${id}/status`, {
        method: 'POST',
        query: { ...acting },
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    // The list says what went wrong: in its question, or as its own notice.
    meta: { silent: true },
  });
}

/** Makes a student of the teacher's own booking (spec §7 /appointment/client). */
export function useConvertBooking() {
  const acting = useActingFor('booking.convert');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) =>
      callApi<{ client_id: number }>(API.appointmentClient, {
        method: 'POST',
        query: { ...acting },
        body: { booking_id: bookingId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    meta: { silent: true },
  });
}

/** Corrects the child's name or birth date; the answer says whether the system cancelled it (too young). */
export function useCorrectBookingChild() {
  const acting = useActingFor('booking.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: BookingChildInput }) =>
      callApi<BookingRow>(`${API.bookings}/${id}`, { method: 'PATCH', query: { ...acting }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    // The dialog shows what went wrong.
    meta: { silent: true },
  });
}
