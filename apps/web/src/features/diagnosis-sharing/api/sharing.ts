import { API, diagnosisFileName, type DiagnosisSharing, type SentDiagnosis } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, request } from '../../../api/client.ts';
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

/** A sharing change: the answer is the new state, kept as the query's data. */
function useSharingChange<Result extends DiagnosisSharing>(
  diagnosisId: number,
  completedAt: string | null,
  call: (acting: ReturnType<typeof useActingFor>) => Promise<Result>,
) {
  const acting = useActingFor('diagnoses.manage');
  const queryClient = useQueryClient();
  const key = diagnosisSharingKeys.sharing(acting, diagnosisId, completedAt);
  return useMutation({
    mutationFn: () => call(acting),
    onSuccess: ({ status, completed, url, sent_at, send_error, link_revoked_at, email }) =>
      queryClient.setQueryData<DiagnosisSharing>(key, {
        status,
        completed,
        url,
        sent_at,
        send_error,
        link_revoked_at,
        email,
      }),
    // A failed sending is recorded (not sent, and why): read the state again.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
    // The panel says what went wrong, next to the action.
    meta: { silent: true },
  });
}

/** Mails the diagnosis' link to the parent (`mutateAsync()`). */
export function useSendDiagnosis(diagnosisId: number, completedAt: string | null) {
  return useSharingChange(diagnosisId, completedAt, (acting) =>
    callApi<SentDiagnosis>(API.sendDiagnosis, {
      method: 'POST',
      query: { ...acting },
      body: { diagnosis_id: diagnosisId },
    }),
  );
}

/** Withdraws the diagnosis' link (`mutateAsync()`). */
export function useRevokeDiagnosisLink(diagnosisId: number, completedAt: string | null) {
  return useSharingChange(diagnosisId, completedAt, (acting) =>
    callApi<DiagnosisSharing>(`${one(diagnosisId)}/link/revoke`, { method: 'POST', query: { ...acting } }),
  );
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
