/**
 * Diagnostic cards as versioned documents (decision 030): their versions table, their blocks,
 * questions and computed blocks as items by key (decision 024), and the diagnoses made from them,
 * which keep a card from being deleted.
 */
import { cardSnapshot, type DiagnosticCardContent } from '@logoschool/contract';
import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  diagnoses,
  diagnosticCardVersions,
  diagnosticCards,
  type DiagnosticCardRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { versionedDocument } from '../../versioning/versioned-document.ts';

/** How many diagnoses are made from a card. */
export async function diagnosesOf(db: Tx, cardId: number): Promise<number> {
  const [row] = await db.select({ count: count() }).from(diagnoses).where(eq(diagnoses.cardId, cardId));
  return row?.count ?? 0;
}

export const cardVersions = versionedDocument<DiagnosticCardContent, DiagnosticCardRow>({
  documents: { table: diagnosticCards, id: diagnosticCards.id },
  versions: {
    table: diagnosticCardVersions,
    documentId: diagnosticCardVersions.cardId,
    version: diagnosticCardVersions.version,
    content: diagnosticCardVersions.content,
    publishedBy: diagnosticCardVersions.publishedBy,
    publishedAt: diagnosticCardVersions.publishedAt,
    row: ({ documentId, version, content, publishedBy }) => ({
      cardId: documentId,
      version,
      content: content as DiagnosticCardContent,
      publishedBy,
    }),
  },
  snapshot: cardSnapshot,
  usage: {
    count: diagnosesOf,
    refusal: (used) => new AppError('diagnostic_card_in_use', { count: used }),
  },
  wrongStatus: 'diagnostic_card_unchanged',
});
