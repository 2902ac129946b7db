import { clientProgressPath, type StudentProgress } from '@logoschool/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import type { Acting } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';
import { progressKeys } from './keys.ts';

/** `GET /clients/:clientId/progress` as the teacher acting in the project. */
export const progressQuery = (acting: Acting, clientId: number) =>
  queryOptions({
    queryKey: progressKeys.student(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<StudentProgress>(clientProgressPath(clientId), { query: { ...acting }, signal }),
    enabled: acting !== null,
  });

/** A student's accuracy and cued share per block target, lesson by lesson. */
export function useStudentProgress(clientId: number) {
  return useQuery(progressQuery(useActingFor('clients.manage'), clientId));
}
