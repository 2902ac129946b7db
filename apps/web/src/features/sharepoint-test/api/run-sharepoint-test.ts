import { API, type SharepointTestResult } from '@logoschool/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';

/** A check's answer, with how long it took from the upload's start to the answer. */
export interface TimedResult {
  result: SharepointTestResult;
  totalMs: number;
}

/**
 * Sends a deck to be rendered (`POST /sharepoint-test`, a form with one `file`) and times the
 * whole round: the upload, the rendering, the answer. Quiet: the page says what went wrong.
 */
export function useSharepointTest() {
  return useMutation({
    mutationFn: async (file: File): Promise<TimedResult> => {
      const form = new FormData();
      form.append('file', file, file.name);
      const started = performance.now();
      const result = await callApi<SharepointTestResult>(API.sharepointTest, { method: 'POST', body: form });
      return { result, totalMs: Math.round(performance.now() - started) };
    },
    meta: { silent: true },
  });
}
