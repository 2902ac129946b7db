import { API, type Game } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import type { StatusTexts } from '../../../components/versioned-document/status-bar.tsx';
import type { DiffLabels } from '../../../components/versioned-document/version-diff-view.tsx';
import { historyOf } from '../../../components/versioned-document/version-history.tsx';

/**
 * A game as the versioned-document kit shows it (decision 030): only moderators write games, so the
 * one step is publishing; the hint says which version children play.
 */
export function gameStatusTexts(t: TFunction, game: Game | null): StatusTexts {
  const hint = !game
    ? t('games.hint.new')
    : game.status === 'published'
      ? t('games.hint.published', { version: game.version })
      : game.version > 0
        ? t('games.hint.draftOfPublished', { version: game.version })
        : t('games.hint.draft');
  return {
    status: (status) => t(`games.status.${status}`),
    step: (step) => t(`games.actions.${step}`),
    hint,
  };
}

/** The students who have it, in words; null when none. */
export const gameInUse = (t: TFunction, game: Game | null): string | null =>
  game?.assignments ? t('games.inUse', { count: game.assignments }) : null;

const diffLabels = (t: TFunction): DiffLabels => ({
  kind: (kind) => t(`games.diff.kind.${kind}`),
  field: (field) => t(`games.diff.field.${field}`),
});

/** The versions dialog of a saved game; null before its first publication. */
export const gameHistory = (t: TFunction, game: Game | null) =>
  historyOf(`${API.games}/${game?.id}`, game, game?.editable ?? true, diffLabels(t));
