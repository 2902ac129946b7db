import {
  DC_COMPUTED_MAX,
  LANGUAGES,
  diagnosticCardInput,
  type DiagnosticCard,
  type Language,
} from '@logoschool/contract';
import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import {
  DocumentForm,
  DocumentFrame,
  DocumentSection,
  focusFirstProblem,
} from '../../components/versioned-document/document-frame.tsx';
import { ItemList } from '../../components/versioned-document/item-list.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useCard, useDeleteCard, useProgramOptions, usePublishCard, useSaveCard } from './api/cards.ts';
import {
  cardCheckErrors,
  cardValidate,
  newComputed,
  showCardErrors,
  toBody,
  valuesOf,
  type CardValues,
} from './card-form.ts';
import { CardAbout } from './components/card-about.tsx';
import { CardBlocks } from './components/card-blocks.tsx';
import { cardHistory, cardInUse, cardStatusTexts } from './components/card-document.ts';
import { CardLoadFailed } from './components/card-load-failed.tsx';
import { ComputedEditor, type FormulaName } from './components/computed-editor.tsx';

const LIST = '/diagnostic-cards';

/** /create-diagnostic-card and /edit-diagnostic-card/:cardId (issue 16 item 1): the card builder. */
export function EditCardPage() {
  const { id: cardId, bad } = routeId(useParams().cardId);
  const existing = useCard(cardId);
  if (bad) return <Navigate to="/not-found" replace />;
  if (cardId !== null && existing.isPending) return <FullLoader />;
  if (cardId !== null && existing.isError) {
    return <CardLoadFailed error={existing.error} onRetry={() => void existing.refetch()} />;
  }
  return <CardForm key={cardId ?? 'new'} card={existing.data ?? null} />;
}

/** The recommended programs a band may point at, as options. */
function usePrograms() {
  const { data, isError } = useProgramOptions();
  return useMemo(
    () => ({
      options: (data ?? []).map((program) => ({ value: String(program.id), label: program.name })),
      failed: isError,
    }),
    [data, isError],
  );
}

/** What formulas may name: the questions with an answer type, and the computed blocks, by code. */
function formulaNames(values: CardValues): FormulaName[] {
  return [
    ...values.blocks.flatMap((block) =>
      block.questions
        .filter((question) => question.type !== null && question.code.trim())
        .map((question) => ({ code: question.code.trim(), label: question.text })),
    ),
    ...values.computed
      .filter((block) => block.code.trim())
      .map((block) => ({ code: block.code.trim(), label: block.title })),
  ];
}

/**
 * The card's builder on the versioned-document frame (decision 030): its fields, blocks of
 * questions and computed blocks by the contract's rules; publishing saves unsaved changes first.
 */
function CardForm({ card }: { card: DiagnosticCard | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const cardId = card?.id ?? null;
  const save = useSaveCard(cardId);
  const publish = usePublishCard();
  const remove = useDeleteCard();
  const programs = usePrograms();
  const userLanguage = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'uk';
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<CardValues>({
    initialValues: valuesOf(card, userLanguage),
    validate: cardValidate(t),
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const dirty = form.isDirty();
  const { release } = useUnsavedChanges(dirty);
  const live = cardCheckErrors(values, t);
  const names = formulaNames(values);

  /** Sends the values; the saved card, or null when refused (the form says why). */
  const persist = async (next: CardValues): Promise<DiagnosticCard | null> => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(diagnosticCardInput.parse(toBody(next)));
      const reset = valuesOf(saved, userLanguage);
      form.setValues(reset);
      form.resetDirty(reset);
      if (cardId === null) {
        notifySuccess(t('diagnosticCards.created', { title: saved.title }));
        release();
        void navigate(`/edit-diagnostic-card/${saved.id}`, { replace: true });
      } else {
        notifySuccess(t('diagnosticCards.saved'));
      }
      return saved;
    } catch (error) {
      if (showCardErrors(form, error)) focusFirstProblem();
      else setFormError(errorTextOf(error));
      return null;
    }
  };

  /** Publishes, after saving what is not saved yet: null when published, else why not. */
  const publishNow = async (): Promise<string | null> => {
    setRefusal(null);
    let id = cardId;
    if (dirty || id === null) {
      if (form.validate().hasErrors) {
        focusFirstProblem();
        setRefusal(t('diagnosticCards.fixFirst'));
        return t('diagnosticCards.fixFirst');
      }
      const saved = await persist(form.getValues());
      if (!saved) return t('diagnosticCards.fixFirst');
      id = saved.id;
    }
    try {
      const published = await publish.mutateAsync(id);
      notifySuccess(t('diagnosticCards.published', { version: published.version }));
      return null;
    } catch (error) {
      setRefusal(errorTextOf(error));
      return errorTextOf(error);
    }
  };

  return (
    <DocumentFrame
      back={{ label: t('diagnosticCards.backToList'), to: LIST }}
      title={card ? card.title : t('diagnosticCards.newTitle')}
      status={{
        document: card,
        texts: cardStatusTexts(t, card),
        // A new card is saved first: "publish" is offered once it exists (then with unsaved changes too).
        steps: card !== null && (card.status !== 'published' || dirty) ? ['publish'] : [],
        pending: publish.isPending ? 'publish' : null,
        refusal,
        inUse: cardInUse(t, card),
        onStep: publishNow,
        extra: cardId !== null && (
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            onClick={() => void navigate(`/preview-diagnostic-card/${cardId}`)}
          >
            {t('diagnosticCards.preview')}
          </Button>
        ),
      }}
      history={cardHistory(t, card)}
      remove={
        card && {
          title: t('diagnosticCards.deleteTitle'),
          message: t('diagnosticCards.deleteQuestion', { title: card.title }),
          confirm: t('diagnosticCards.delete'),
          done: t('diagnosticCards.deleted', { title: card.title }),
          run: () => remove.mutateAsync(card.id),
          to: LIST,
        }
      }
    >
      <DocumentForm
        onSubmit={form.onSubmit((next) => void persist(next), focusFirstProblem)}
        error={formError}
        save={{ dirty, saving: save.isPending, onCancel: () => void navigate(LIST) }}
      >
        <CardAbout form={form} />
        <CardBlocks form={form} />
        <DocumentSection
          id="card-computed"
          title={t('diagnosticCards.computed')}
          hint={t('diagnosticCards.computedHint')}
        >
          <ItemList
            items={values.computed}
            idOf={(block) => block.uid}
            nameOf={(c) => t('diagnosticCards.computedN', { n: c + 1 })}
            onMove={(from, to) => form.reorderListItem('computed', { from, to })}
            onRemove={(c) => form.removeListItem('computed', c)}
            add={{
              label: t('diagnosticCards.addComputed'),
              max: DC_COMPUTED_MAX,
              onAdd: () => form.insertListItem('computed', newComputed(form.getValues())),
            }}
          >
            {(block, c, controls) => (
              <ComputedEditor
                form={form}
                index={c}
                block={block}
                names={names}
                liveError={live[`computed.${c}.formula`] as string | undefined}
                programs={programs}
                controls={controls}
              />
            )}
          </ItemList>
        </DocumentSection>
      </DocumentForm>
    </DocumentFrame>
  );
}

export default EditCardPage;
