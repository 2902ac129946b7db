import { API, diagnosisFileName, type DiagnosisSharing, type SentDiagnosis } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, request } from '../../../api/client.ts';
import type { PublicLinkSubject } from '../../../api/public-link-changes.ts';
import { useActingFor } from '../../../session/session.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { diagnosisSharingKeys } from './keys.ts';

const one = (diagnosisId: number) => `${API.diagnoses}/${diagnosisId}`;

/** How a diagnosis is shared with the parents: its status, link, when sent, why sending failed. */
export function useDiagnosisSharing(diagnosisId: number, completedAt: string | null) {
  const acting = useActingFor('diagnoses.manage');
  return useQuery({
    queryKey: diagnosisSharingKeys.sharing(acting, diagnosisId, completedAt),
    queryFn: ({ signal }) =>
      callApi<DiagnosisSharing>(`${one(diagnosisId)}/link`, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** The diagnosis as the share panel changes its link: where, as whom, and the query that holds it. */
export function useDiagnosisLinkSubject(diagnosisId: number, completedAt: string | null): PublicLinkSubject {
  const acting = useActingFor('diagnoses.manage');
  return {
    path: one(diagnosisId),
    permission: 'diagnoses.manage',
    queryKey: diagnosisSharingKeys.sharing(acting, diagnosisId, completedAt),
  };
}

/** Mails the diagnosis' link to the parent (`mutateAsync()`); the answer is the new state. */
export function useSendDiagnosis(diagnosisId: number, completedAt: string | null) {
  const acting = useActingFor('diagnoses.manage');
  const queryClient = useQueryClient();
  const key = diagnosisSharingKeys.sharing(acting, diagnosisId, completedAt);
  return useMutation({
    mutationFn: () =>
      callApi<SentDiagnosis>(API.sendDiagnosis, {
        method: 'POST',
        query: { ...acting },
        body: { diagnosis_id: diagnosisId },
      }),
    onSuccess: ({ mail_delivery: _delivery, ...state }) =>
      queryClient.setQueryData<DiagnosisSharing>(key, state),
    // A failed sending is recorded (not sent, and why): read the state again.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
    // The panel says what went wrong, next to the action.
    meta: { silent: true },
  });
}

/** Downloads the filled card as a PDF (the bearer token is needed: through the API client). */
export function useDownloadDiagnosisPdf(diagnosisId: number) {
  const acting = useActingFor('diagnoses.manage');
  return useMutation({
    mutationFn: async (name: { card: string; child: string; date: string }) => {
      const blob = await request<Blob>(`${one(diagnosisId)}/pdf`, {
        query: { ...acting },
        responseType: 'blob',
        silent: true,
      });
      saveBlob(blob, diagnosisFileName(name.card, name.child, name.date));
    },
    meta: { silent: true },
  });
}
