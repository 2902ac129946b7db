import { INT_MAX } from '@logoschool/contract';

/**
 * An id parameter of the address, read: `id` is null when the address names none (`/edit-client`
 * opens a new one); `bad` when it names something that is no id (`/edit-client/abc`, `/0`, `/1.5`),
 * which the screen answers with the not-found screen without asking the API.
 */
export interface RouteId {
  id: number | null;
  bad: boolean;
}

/** Digits only, no leading zero: what the app itself puts in an address. */
const ID_TEXT = /^[1-9]\d*$/;

/** Reads a route's id parameter (`useParams().exerciseId`…): the one way every screen does it. */
export function routeId(value: string | undefined): RouteId {
  if (value === undefined || value === '') return { id: null, bad: false };
  const id = ID_TEXT.test(value) ? Number(value) : Number.NaN;
  // The API keeps ids as PostgreSQL integers: a larger number can name nothing.
  return Number.isSafeInteger(id) && id <= INT_MAX ? { id, bad: false } : { id: null, bad: true };
}
