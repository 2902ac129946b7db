import {
  API,
  type ProjectTeacher,
  type ReplicateClientInput,
  type ReplicateClientResult,
} from '@logoschool/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import type { Acting } from '../../../api/keys.ts';
import { crmKeys } from './keys.ts';

/** The teachers of a project, as a role the caller holds there that may copy students. */
export function useProjectTeachers(acting: Acting) {
  return useQuery({
    queryKey: crmKeys.teachers(acting),
    queryFn: () => callApi<ProjectTeacher[]>(API.replicateClientTeachers, { query: { ...acting } }),
    enabled: acting !== null,
  });
}

/** Copies a student, acting in the student's project; the answer says what stayed behind. */
export function useReplicateClient(acting: Acting) {
  return useMutation({
    mutationFn: (input: ReplicateClientInput) =>
      callApi<ReplicateClientResult>(API.replicateClient, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    meta: { silent: true },
  });
}
