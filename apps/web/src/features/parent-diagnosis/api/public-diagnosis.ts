import { API, type DiagnosisProgress, type Language, type ParentDiagnosis } from '@logoschool/contract';
import { ApiError, apiBaseUrl, request } from '../../../api/client.ts';

const path = (token: string) => `${API.publicDiagnosis}/${encodeURIComponent(token)}`;

/**
 * The filled card for the parents by its link's token (public, no sign-in). Quiet: the page itself
 * says when the link is wrong or withdrawn, or the server could not be reached.
 */
export function fetchParentDiagnosis(token: string, signal?: AbortSignal): Promise<ParentDiagnosis> {
  return request<ParentDiagnosis>(path(token), { silent: true, signal });
}

/** What the progress page shows: the results over time, or that the card's language is not the student's. */
export type ProgressView =
  | { language: Language; mismatch: false; progress: DiagnosisProgress }
  | { language: Language; mismatch: true; card: ParentDiagnosis };

/**
 * The student's results on the card over time (public). A card in another language than the
 * student's has none to show (spec §8): then the card itself says in which language to speak.
 */
export async function fetchProgressView(token: string, signal?: AbortSignal): Promise<ProgressView> {
  try {
    const progress = await request<DiagnosisProgress>(`${path(token)}/progress`, { silent: true, signal });
    return { language: progress.language, mismatch: false, progress };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'diagnosis_language_mismatch') throw error;
    const card = await fetchParentDiagnosis(token, signal);
    return { language: card.language, mismatch: true, card };
  }
}

/** The address of the card's PDF: a plain link, the token is the key. */
export const parentPdfUrl = (token: string) => `${apiBaseUrl()}${path(token)}/pdf`;
