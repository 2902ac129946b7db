import { API, type ExerciseAuthor } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import type { ExerciseListKind } from './exercises.ts';
import { exerciseKeys } from './keys.ts';

/** An author filter's choice: the person's id as the select keeps it, and their name. */
export interface AuthorOption {
  value: string;
  label: string;
}

/**
 * Whom a list's author filter picks from (spec §3 filter `authorId`, §5): the people the list's
 * exercises are by, the assigned author when there is one, else the author. The author's list asks
 * `for-author/authors`, the moderator's every reader's `authors`. Quiet: the filter shows it.
 */
export function useExerciseAuthors(kind: ExerciseListKind) {
  const acting = useActingFor(kind === 'author' ? 'exercises.author' : 'exercises.read');
  return useQuery({
    queryKey: exerciseKeys.authors(kind, acting),
    queryFn: async (): Promise<AuthorOption[]> =>
      (
        await callApi<ExerciseAuthor[]>(
          kind === 'author' ? API.exercisesForAuthorAuthors : API.exercisesAuthors,
          { query: { ...acting } },
        )
      ).map((author) => ({ value: String(author.id), label: author.name })),
    enabled: acting !== null,
    meta: { silent: true },
  });
}
