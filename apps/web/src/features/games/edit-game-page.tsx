import { LANGUAGES, type DocumentStep, type Game, type Language } from '@logoschool/contract';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { fieldErrorsOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import {
  DocumentForm,
  DocumentFrame,
  focusFirstProblem,
} from '../../components/versioned-document/document-frame.tsx';
import { useDocumentEditing } from '../../components/versioned-document/document-editing.ts';
import { showServerErrors } from '../../lib/form.ts';
import { routeId } from '../../lib/route-id.ts';
import { useDeleteGame, useGame, usePublishGame, useSaveGame } from './api/games.ts';
import { GameAbout } from './components/game-about.tsx';
import { gameHistory, gameInUse, gameStatusTexts } from './components/game-document.ts';
import { itemAnchor } from './components/item-editor.tsx';
import { LevelsEditor } from './components/levels-editor.tsx';
import { bodyOf, gameValidate, valuesOf, type GameValues } from './game-form.ts';

const LIST = '/games';

/** /create-game and /edit-game/:gameId (issue 31): the game's editor. */
export function EditGamePage() {
  const { t } = useTranslation();
  const { id: gameId, bad } = routeId(useParams().gameId);
  const existing = useGame(gameId);
  if (bad) return <Navigate to="/not-found" replace />;
  if (gameId !== null && existing.isPending) return <FullLoader />;
  if (gameId !== null && existing.isError) {
    return (
      <LoadFailed
        error={existing.error}
        notFound={t('games.notFound')}
        failed={t('games.loadOneFailed')}
        back={{ to: LIST, label: t('games.backToList') }}
        onRetry={() => void existing.refetch()}
      />
    );
  }
  return <GameForm key={gameId ?? 'new'} game={existing.data ?? null} />;
}

/**
 * Shows where a refused publication points: the first item, level or list a message names is
 * scrolled to (a mode control takes no focus of its own); a field with a message takes the focus.
 */
function showFirstGap(values: GameValues, paths: string[]) {
  focusFirstProblem();
  const item = paths.map((path) => /^levels\.(\d+)\.items\.(\d+)/.exec(path)).find((match) => match !== null);
  if (!item) return;
  const uid = values.levels[Number(item[1])]?.items[Number(item[2])]?.uid;
  if (uid) document.getElementById(itemAnchor(uid))?.scrollIntoView({ block: 'center' });
}

/**
 * The game on the versioned-document frame (decision 030): its fields, then its levels and their
 * items; publishing saves unsaved changes first, and a refusal's gaps show on what they name.
 */
function GameForm({ game }: { game: Game | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const gameId = game?.id ?? null;
  const save = useSaveGame(gameId);
  const publish = usePublishGame();
  const remove = useDeleteGame();
  const language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'uk';
  const form = useForm<GameValues>({
    initialValues: valuesOf(game, language),
    validate: gameValidate(t),
    validateInputOnBlur: true,
  });

  /** Puts a refusal's field messages on the form, the first gap in view: whether any was shown. */
  const showRefusal = (error: unknown): boolean => {
    if (!showServerErrors(form, error, (path) => path)) return false;
    showFirstGap(form.getValues(), Object.keys(fieldErrorsOf(error, (path) => path) ?? {}));
    return true;
  };
  const { persist, takeStep, formError, refusal, pending, dirty } = useDocumentEditing({
    form,
    id: gameId,
    save: (next: GameValues) => save.mutateAsync(bodyOf(next)),
    valuesOf: (saved: Game) => valuesOf(saved, language),
    step: (id) => publish.mutateAsync(id),
    showErrors: showRefusal,
    editPath: (id) => `/edit-game/${id}`,
    texts: {
      created: (saved) => t('games.created', { title: saved.title }),
      saved: t('games.saved'),
      fixFirst: t('games.fixFirst'),
      done: (_action, version) => t('games.published', { version }),
      gaps: t('games.publishGaps'),
    },
  });

  const steps: DocumentStep[] = game === null || dirty || game.status !== 'published' ? ['publish'] : [];

  return (
    <DocumentFrame
      back={{ label: t('games.backToList'), to: LIST }}
      title={game ? game.title : t('games.newTitle')}
      status={{
        document: game,
        texts: gameStatusTexts(t, game),
        steps,
        pending,
        refusal,
        inUse: gameInUse(t, game),
        onStep: takeStep,
      }}
      history={gameHistory(t, game)}
      remove={
        game && game.editable
          ? {
              title: t('games.deleteTitle'),
              message: t('games.deleteQuestion', { title: game.title }),
              confirm: t('games.delete'),
              done: t('games.deleted', { title: game.title }),
              run: () => remove.mutateAsync(game.id),
              to: LIST,
            }
          : null
      }
    >
      <DocumentForm
        onSubmit={form.onSubmit((next) => void persist(next), focusFirstProblem)}
        error={formError}
        save={{ dirty, saving: save.isPending, onCancel: () => void navigate(LIST) }}
      >
        <GameAbout form={form} />
        <LevelsEditor form={form} />
      </DocumentForm>
    </DocumentFrame>
  );
}

export default EditGamePage;
