import { API, type DiagnosticCard } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import type { StatusTexts } from '../../../components/versioned-document/status-bar.tsx';
import type { DiffLabels } from '../../../components/versioned-document/version-diff-view.tsx';
import { historyOf } from '../../../components/versioned-document/version-history.tsx';

/**
 * A diagnostic card as the versioned-document kit shows it (decision 030): only moderators write
 * cards, so the one step is publishing (no review, no comment); the hint says which version new
 * diagnoses are made from, the notice how many diagnoses keep it from being deleted.
 */
export function cardStatusTexts(t: TFunction, card: DiagnosticCard | null): StatusTexts {
  const hint = !card
    ? t('diagnosticCards.stepHint.new')
    : card.status === 'published'
      ? t('diagnosticCards.stepHint.published', { version: card.version })
      : card.version > 0
        ? t('diagnosticCards.stepHint.draftOfPublished', { version: card.version })
        : t('diagnosticCards.stepHint.draft');
  return {
    status: (status) => t(`diagnosticCards.status.${status}`),
    step: (step) => t(`diagnosticCards.${step}`),
    hint,
  };
}

/** What is made from the card, in words; null when nothing is. */
export const cardInUse = (t: TFunction, card: DiagnosticCard | null): string | null =>
  card?.diagnoses ? t('diagnosticCards.inUse', { count: card.diagnoses }) : null;

/** The card's items and fields, named for the difference between versions. */
const cardDiffLabels = (t: TFunction): DiffLabels => ({
  kind: (kind) => t(`diagnosticCards.diff.kind.${kind}`),
  field: (field) => t(`diagnosticCards.diff.field.${field}`),
});

/** The versions dialog of a saved card; null before its first publication. */
export const cardHistory = (t: TFunction, card: DiagnosticCard | null) =>
  historyOf(`${API.diagnosticCards}/${card?.id}`, card, (card?.actions.length ?? 0) > 0, cardDiffLabels(t));
