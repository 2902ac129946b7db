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
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FullLoader } from '../../components/full-loader.tsx';
import {
  DocumentForm,
  DocumentFrame,
  DocumentSection,
  focusFirstProblem,
} from '../../components/versioned-document/document-frame.tsx';
import { useDocumentEditing } from '../../components/versioned-document/document-editing.ts';
import { ItemList } from '../../components/versioned-document/item-list.tsx';
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
  const form = useForm<CardValues>({
    initialValues: valuesOf(card, userLanguage),
    validate: cardValidate(t),
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const { persist, takeStep, formError, refusal, pending, dirty } = useDocumentEditing({
    form,
    id: cardId,
    save: (next: CardValues) => save.mutateAsync(diagnosticCardInput.parse(toBody(next))),
    valuesOf: (saved: DiagnosticCard) => valuesOf(saved, userLanguage),
    step: (id) => publish.mutateAsync(id),
    showErrors: (error) => showCardErrors(form, error),
    editPath: (id) => `/edit-diagnostic-card/${id}`,
    texts: {
      created: (saved) => t('diagnosticCards.created', { title: saved.title }),
      saved: t('diagnosticCards.saved'),
      fixFirst: t('diagnosticCards.fixFirst'),
      done: (_action, version) => t('diagnosticCards.published', { version }),
    },
  });
  const live = cardCheckErrors(values, t);
  const names = formulaNames(values);

  return (
    <DocumentFrame
      back={{ label: t('diagnosticCards.backToList'), to: LIST }}
      title={card ? card.title : t('diagnosticCards.newTitle')}
      status={{
        document: card,
        texts: cardStatusTexts(t, card),
        // A new card is saved first: "publish" is offered once it exists (then with unsaved changes too).
        steps: card !== null && (card.status !== 'published' || dirty) ? ['publish'] : [],
        pending,
        refusal,
        inUse: cardInUse(t, card),
        onStep: takeStep,
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
