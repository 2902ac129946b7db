import { API, type ParentDashboard } from '@logoschool/contract';
import { request } from '../../../api/client.ts';

/**
 * The child's dashboard by the family's link token (public, no sign-in). Quiet: the page itself
 * says when the link is wrong or withdrawn, or the server could not be reached.
 */
export function fetchParentDashboard(token: string, signal?: AbortSignal): Promise<ParentDashboard> {
  return request<ParentDashboard>(`${API.parentDashboard}/${encodeURIComponent(token)}`, {
    silent: true,
    signal,
  });
}
