/**
 * A diagnosis' link for the parents as the public-link kit knows it (decision 029): whoever may
 * diagnose the student shares it, the link opens /dc-preview/<token> (and the progress and the
 * PDF by the same token), and only a completed diagnosis gets one.
 */
import {
  API,
  DIAGNOSIS_LINK_KIND,
  PARENT_DIAGNOSIS_PAGE,
  diagnosisParams,
  diagnosisSharingQuery,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { diagnoses, type DiagnosisRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { declarePublicLink } from '../public-links/index.ts';
import { diagnosisFor } from './diagnosis-access.ts';

/** The diagnosis row locked for a change, after `diagnosisFor` said the caller may touch it. */
export async function locked(tx: Tx, id: number): Promise<DiagnosisRow> {
  const [row] = await tx.select().from(diagnoses).where(eq(diagnoses.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Only a completed diagnosis (the explicit save) goes to the parents: 422 otherwise. */
export function assertCompleted(row: DiagnosisRow) {
  if (row.completedAt === null) throw new AppError('validation_failed').saying('diagnosisNotCompleted');
}

export const diagnosisLinks = declarePublicLink({
  kind: DIAGNOSIS_LINK_KIND,
  page: PARENT_DIAGNOSIS_PAGE,
  path: `${API.diagnoses}/:diagnosisId`,
  param: 'diagnosisId',
  params: diagnosisParams,
  querystring: diagnosisSharingQuery,
  permission: 'diagnoses.manage',
  tag: 'diagnoses',
  noun: 'a diagnosis, for the parents',
  find: async (tx, actor, id) => {
    await diagnosisFor(tx, actor, id);
    return locked(tx, id);
  },
  assertIssuable: async (tx, id) => assertCompleted(await locked(tx, id)),
});
