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
  diagnosisSharingSchema,
  type DiagnosisSharing,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { diagnoses, type ClientRow, type DiagnosisRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { declarePublicLink, linkOf } from '../public-links/index.ts';
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

/** How a diagnosis is shared: its link, and where the sending stands. */
export async function sharingState(
  tx: Tx,
  baseUrl: string,
  row: DiagnosisRow,
  client: ClientRow,
): Promise<DiagnosisSharing> {
  return {
    ...(await linkOf(tx, baseUrl, diagnosisLinks, row.id)),
    status: row.status as DiagnosisSharing['status'],
    completed: row.completedAt !== null,
    sent_at: row.sentAt?.toISOString() ?? null,
    send_error: row.sendError,
    email: client.parentEmail,
  };
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
  sharing: {
    schema: diagnosisSharingSchema,
    summary:
      "How a diagnosis is shared with the parents: its status, its public link (null when none), when it was sent, why the last sending failed, the parent's e-mail",
    read: async (db, baseUrl, actor, id) => {
      const { diagnosis, client } = await diagnosisFor(db, actor, id);
      return sharingState(db, baseUrl, diagnosis, client);
    },
  },
});
