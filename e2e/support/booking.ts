import {
  API,
  type Availability,
  type BookingPersonInput,
  type ParentBooking,
  type PublicLink,
  type ReservationAnswer,
  type SlotsAnswer,
  type TeacherAvailability,
} from '@logoschool/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { unique, type School } from './school.ts';

/** Every day 07:00–21:00 on her own clock: a free slot is always within the horizon. */
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '21:00' }));

/** A teacher's availability, set by root as a manager would for her. */
export async function availabilityOf(
  school: School,
  teacherId: number,
  availability: Partial<Availability> & Pick<Availability, 'time_zone'>,
): Promise<Availability> {
  return school.root.call<Availability>('put', `${API.bookingAvailability}/${teacherId}`, {
    weekly: EVERY_DAY,
    exceptions: [],
    languages: ['en'],
    free_lessons: true,
    consultation_groups: false,
    ...availability,
  } satisfies Availability);
}

/** Booking turned on for the school: its page's link token, as its admin gets it. */
export async function bookingPage(school: School): Promise<string> {
  const link = await school.root.call<PublicLink>('post', `${API.bookingProject}/${school.workspaceId}/link`);
  const token = link.url?.split('/').pop();
  expect(token, JSON.stringify(link)).toBeTruthy();
  return token as string;
}

/** The school's teacher's user id: the one teacher her own availability list shows. */
export async function teacherIdOf(school: School): Promise<number> {
  const teacher = await school.as('teacher');
  const [own] = await teacher.call<TeacherAvailability[]>('get', API.bookingTeachers);
  expect(own, 'the teacher in her own list').toBeTruthy();
  return (own as TeacherAvailability).teacher_id;
}

/** Step 1's answers for a child of `birthdate`, in English, from Tel Aviv unless said. */
export function parentAnswers(
  birthdate: string,
  overrides: Partial<BookingPersonInput> = {},
): BookingPersonInput {
  return {
    kind: 'free_lesson',
    parent_name: unique('Parent'),
    email: `${unique('parent').replace(/\s/g, '-').toLowerCase()}@example.test`,
    phone: '+972501234567',
    country: 'IL',
    time_zone: 'Asia/Jerusalem',
    language: 'en',
    child_name: unique('Child'),
    birthdate,
    theme_ids: [],
    ...overrides,
  };
}

/** A confirmed booking made on the public page through the API, as a parent's two steps would. */
export async function booked(
  request: APIRequestContext,
  token: string,
  answers: BookingPersonInput,
): Promise<{ booking: ParentBooking; reservationId: number }> {
  const slots = await request.get(`/api${API.appointment}/${token}/slots`, {
    params: { kind: answers.kind, language: answers.language, birthdate: answers.birthdate },
  });
  expect(slots.status(), await slots.text()).toBe(200);
  const [first] = ((await slots.json()).data as SlotsAnswer).slots;
  expect(first, 'a free slot').toBeTruthy();
  const reserved = await request.post(`/api${API.appointment}/${token}/reservations`, {
    data: { ...answers, start: first?.start, session_id: first?.session_id },
  });
  expect(reserved.status(), await reserved.text()).toBe(201);
  const reservation = (await reserved.json()).data as ReservationAnswer;
  const confirmed = await request.post(
    `/api${API.appointment}/${token}/reservations/${reservation.reservation_id}/confirm`,
    { data: { confirm_key: reservation.confirm_key } },
  );
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return {
    booking: (await confirmed.json()).data as ParentBooking,
    reservationId: reservation.reservation_id,
  };
}
