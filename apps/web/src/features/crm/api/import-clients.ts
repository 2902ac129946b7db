import { API, type ClientImportCells, type ClientImportResult } from '@logoschool/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingAs } from '../../../session/session.tsx';

/** Sends the valid rows of a CSV file as the teacher; the answer says what happened to each. */
export function useImportClients() {
  const acting = useActingAs();
  return useMutation({
    mutationFn: (rows: ClientImportCells[]) =>
      callApi<ClientImportResult>(API.clientsImport, {
        method: 'POST',
        query: { ...acting },
        body: { rows },
      }),
    meta: { silent: true },
  });
}
