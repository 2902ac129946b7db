import {
  API,
  type BookingPage,
  type Language,
  type ParentBooking,
  type ReservationAnswer,
  type ReservationInput,
  type SlotsAnswer,
  type SlotsQuery,
} from '@logoschool/contract';
import { apiBaseUrl, request } from '../../../api/client.ts';

/**
 * The parents' calls (decision 036, public, no sign-in): quiet, because the page says itself what
 * went wrong; spaced like every public page's calls (spec §9); in the page's language, which the
 * parent may switch on the page, so the server's messages and mails follow it.
 */
function options(language: Language, signal?: AbortSignal) {
  return { silent: true, throttle: true, signal, headers: { 'Accept-Language': language } } as const;
}

const page = (token: string) => `${API.appointment}/${encodeURIComponent(token)}`;
const manage = (token: string) => `${API.appointmentManage}/${encodeURIComponent(token)}`;

/** `GET /appointment/:token`: the school's page (its languages, themes, lesson length, horizon). */
export function fetchBookingPage(token: string, language: Language, signal?: AbortSignal) {
  return request<BookingPage>(page(token), options(language, signal));
}

/** `GET /appointment/:token/slots`: the free slots for a kind, a lesson language and a child. */
export function fetchSlots(token: string, query: SlotsQuery, language: Language, signal?: AbortSignal) {
  return request<SlotsAnswer>(`${page(token)}/slots`, { ...options(language, signal), query: { ...query } });
}

/** `POST /appointment/:token/reservations` (201): holds the slot for a few minutes. */
export function reserveSlot(token: string, body: ReservationInput, language: Language) {
  return request<ReservationAnswer>(`${page(token)}/reservations`, {
    ...options(language),
    method: 'POST',
    body,
  });
}

/** `POST /appointment/:token/reservations/:id/confirm` with the key only this page holds. */
export function confirmReservation(token: string, id: number, confirmKey: string, language: Language) {
  return request<ParentBooking>(`${page(token)}/reservations/${id}/confirm`, {
    ...options(language),
    method: 'POST',
    body: { confirm_key: confirmKey },
  });
}

/** `POST /appointment/:token/reservations/:id/release`: frees the held slot when the parent picks another. */
export function releaseReservation(token: string, id: number, confirmKey: string, language: Language) {
  return request<null>(`${page(token)}/reservations/${id}/release`, {
    ...options(language),
    method: 'POST',
    body: { confirm_key: confirmKey },
  });
}

/** `GET /appointment/manage/:token`: the booking under its private link. */
export function fetchManagedBooking(token: string, language: Language, signal?: AbortSignal) {
  return request<ParentBooking>(manage(token), options(language, signal));
}

/** `GET /appointment/manage/:token/slots`: the slots to move the booking to (its kind, language, child). */
export function fetchMoveSlots(token: string, language: Language, signal?: AbortSignal) {
  return request<SlotsAnswer>(`${manage(token)}/slots`, options(language, signal));
}

/** `POST /appointment/manage/:token/cancel` (409 `too_late` after the notice). */
export function cancelBooking(token: string, language: Language) {
  return request<ParentBooking>(`${manage(token)}/cancel`, { ...options(language), method: 'POST' });
}

/** `POST /appointment/manage/:token/move` (409 `too_late`, or the slot just taken). */
export function moveBooking(token: string, body: { start: string; session_id?: number }, language: Language) {
  return request<ParentBooking>(`${manage(token)}/move`, { ...options(language), method: 'POST', body });
}

/** The booking's calendar file (`GET /appointment/manage/:token/calendar.ics`), as a link to download. */
export function calendarFileUrl(token: string): string {
  return `${apiBaseUrl()}${manage(token)}/calendar.ics`;
}
