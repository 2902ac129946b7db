import { API, type ParentPlan } from '@logoschool/contract';
import { request } from '../../../api/client.ts';

/**
 * The plan for the parents by its link's token (public, no sign-in). Quiet: the page itself says
 * when the link is wrong or withdrawn, or the server could not be reached.
 */
export function fetchParentPlan(token: string, signal?: AbortSignal): Promise<ParentPlan> {
  return request<ParentPlan>(`${API.showPlan}/${encodeURIComponent(token)}`, { silent: true, signal });
}
