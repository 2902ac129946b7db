import {
  API,
  API_BASE,
  familyPracticePath,
  type FamilyPractice,
  type PracticePlay,
  type PracticeTry,
  type PracticeTryInput,
} from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { apiBaseUrl, request } from '../../../api/client.ts';
import { practiceKeys } from './keys.ts';

const byToken = (token: string) => `${API.homePractice}/${encodeURIComponent(token)}`;

/**
 * The parent's player by the assignment's link (public). Quiet: the page itself says when the link
 * is wrong or withdrawn, or the server could not be reached.
 */
export function fetchPracticePlay(token: string, signal?: AbortSignal): Promise<PracticePlay> {
  return request<PracticePlay>(byToken(token), { silent: true, signal });
}

/** One tap, with the key the player made for it (the same key again records nothing more). */
export function postTry(token: string, input: PracticeTryInput): Promise<PracticeTry> {
  return request<PracticeTry>(`${byToken(token)}/tries`, { method: 'POST', body: input, silent: true });
}

/** A slide image address the API gave (`/api/home-practice/…`), under the configured API base. */
export const slideImageUrl = (url: string) =>
  url.startsWith(`${API_BASE}/`) ? `${apiBaseUrl()}${url.slice(API_BASE.length)}` : url;

/** The child's home practice on the family's dashboard (public, by the dashboard link). */
export function useFamilyPractice(token: string) {
  return useQuery({
    queryKey: practiceKeys.family(token),
    queryFn: ({ signal }) => request<FamilyPractice>(familyPracticePath(token), { silent: true, signal }),
    meta: { silent: true },
  });
}
