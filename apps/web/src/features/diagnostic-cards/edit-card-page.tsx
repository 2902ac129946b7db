import {
  DC_BLOCKS_MAX,
  DC_CATEGORIES_MAX,
  DC_COMPUTED_MAX,
  DC_QUESTIONS_MAX,
  DC_TEXT_MAX,
  DC_TITLE_MAX,
  LANGUAGES,
  diagnosticCardInput,
  type Category,
  type DiagnosticCard,
  type Language,
} from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import {
  useCard,
  useCategoryTree,
  useDeleteCard,
  useProgramOptions,
  usePublishCard,
  useSaveCard,
} from './api/cards.ts';
import {
  cardCheckErrors,
  cardValidate,
  newBlock,
  newComputed,
  newQuestion,
  showCardErrors,
  toBody,
  valuesOf,
  type CardValues,
} from './card-form.ts';
import { CardLoadFailed } from './components/card-load-failed.tsx';
import { CardStatusBadge } from './components/card-status-badge.tsx';
import { ComputedEditor, type FormulaName } from './components/computed-editor.tsx';
import { QuestionEditor } from './components/question-editor.tsx';
import { SortableItem, SortableList } from './components/sortable.tsx';

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

/** Puts the focus on the first field that says what is wrong, once the messages are shown. */
function focusFirstProblem() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}

/** The project's categories, flat, named by their path. */
function useCategoryOptions() {
  const { data, isError } = useCategoryTree();
  return useMemo(() => {
    const options: { value: string; label: string }[] = [];
    const walk = (items: readonly Category[], path: string[]) => {
      for (const item of items) {
        const here = [...path, item.name];
        options.push({ value: String(item.id), label: here.join(' / ') });
        walk(item.children, here);
      }
    };
    walk(data ?? [], []);
    return { options, failed: isError };
  }, [data, isError]);
}

function CardForm({ card }: { card: DiagnosticCard | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const cardId = card?.id ?? null;
  const save = useSaveCard(cardId);
  const publish = usePublishCard();
  const remove = useDeleteCard();
  const categories = useCategoryOptions();
  const programsQuery = useProgramOptions();
  const programs = useMemo(
    () => ({
      options: (programsQuery.data ?? []).map((program) => ({
        value: String(program.id),
        label: program.name,
      })),
      failed: programsQuery.isError,
    }),
    [programsQuery.data, programsQuery.isError],
  );
  const userLanguage = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'uk';
  const [status, setStatus] = useState(card?.status ?? null);
  const [version, setVersion] = useState(card?.version ?? 0);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);
  const form = useForm<CardValues>({
    initialValues: valuesOf(card, userLanguage),
    validate: cardValidate(t),
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const dirty = form.isDirty();
  const live = cardCheckErrors(values, t);

  // The unsaved-changes guard for leaving the app (closing, reloading); in-app links ask below.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const leave = (to: string) => (dirty ? setLeaving(to) : void navigate(to));

  const names: FormulaName[] = [
    ...values.blocks.flatMap((block) =>
      block.questions
        .filter((question) => question.type !== null && question.code.trim())
        .map((question) => ({ code: question.code.trim(), label: question.text })),
    ),
    ...values.computed
      .filter((block) => block.code.trim())
      .map((block) => ({ code: block.code.trim(), label: block.title })),
  ];

  /** Sends the values; the saved card, or null when refused (the form says why). */
  const persist = async (next: CardValues): Promise<DiagnosticCard | null> => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(diagnosticCardInput.parse(toBody(next)));
      setStatus(saved.status);
      setVersion(saved.version);
      const reset = valuesOf(saved, userLanguage);
      form.setValues(reset);
      form.resetDirty(reset);
      if (cardId === null) {
        notifySuccess(t('diagnosticCards.created', { title: saved.title }));
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

  const publishNow = async () => {
    setFormError(null);
    let id = cardId;
    if (dirty || id === null) {
      if (form.validate().hasErrors) {
        focusFirstProblem();
        setFormError(t('diagnosticCards.fixFirst'));
        return;
      }
      const saved = await persist(form.getValues());
      if (!saved) return;
      id = saved.id;
    }
    try {
      const published = await publish.mutateAsync(id);
      setStatus(published.status);
      setVersion(published.version);
      notifySuccess(t('diagnosticCards.published', { version: published.version }));
    } catch (error) {
      setFormError(errorTextOf(error));
    }
  };

  const moveBlock = (from: number, to: number) => form.reorderListItem('blocks', { from, to });
  const moveComputed = (from: number, to: number) => form.reorderListItem('computed', { from, to });
  const categoriesError = Object.entries(form.errors).find(([path]) => path.startsWith('category_ids'))?.[1];

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Anchor component="button" type="button" size="sm" onClick={() => leave(LIST)}>
          ← {t('diagnosticCards.backToList')}
        </Anchor>
        <Group justify="space-between" mt="xs" align="flex-start">
          <Title order={1} size="h2">
            {card ? card.title : t('diagnosticCards.newTitle')}
          </Title>
          <Group gap="sm">
            {status && <CardStatusBadge status={status} />}
            {version > 0 && (
              <Badge variant="light" color="gray">
                {t('diagnosticCards.version', { version })}
              </Badge>
            )}
            {cardId !== null && (
              <Button
                variant="default"
                leftSection={<IconEye size={16} />}
                onClick={() => leave(`/preview-diagnostic-card/${cardId}`)}
              >
                {t('diagnosticCards.preview')}
              </Button>
            )}
            {(status !== 'published' || dirty) && (
              <Button onClick={() => void publishNow()} loading={publish.isPending}>
                {t('diagnosticCards.publish')}
              </Button>
            )}
            {cardId !== null && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                {t('diagnosticCards.delete')}
              </Button>
            )}
          </Group>
        </Group>
      </div>
      <Box
        component="form"
        onSubmit={form.onSubmit((next) => void persist(next), focusFirstProblem)}
        noValidate
      >
        <Stack gap="lg">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="card-about">
            <Stack gap="md">
              <Title order={2} size="h4" id="card-about">
                {t('diagnosticCards.about')}
              </Title>
              <TextInput
                label={t('diagnosticCards.fieldTitle')}
                maxLength={DC_TITLE_MAX}
                required
                {...form.getInputProps('title')}
              />
              <Textarea
                label={t('diagnosticCards.description')}
                autosize
                minRows={2}
                maxLength={DC_TEXT_MAX}
                {...form.getInputProps('description')}
              />
              <Group grow align="flex-start">
                <Select
                  label={t('diagnosticCards.language')}
                  description={t('diagnosticCards.languageHint')}
                  data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
                  allowDeselect={false}
                  required
                  {...form.getInputProps('language')}
                />
                <MultiSelect
                  label={t('diagnosticCards.categories')}
                  description={
                    categories.failed
                      ? t('diagnosticCards.categoriesFailed')
                      : t('diagnosticCards.categoriesHint')
                  }
                  data={categories.options}
                  searchable
                  maxValues={DC_CATEGORIES_MAX}
                  {...form.getInputProps('category_ids')}
                  error={categoriesError}
                />
              </Group>
            </Stack>
          </Paper>

          <Stack gap="md" component="section" aria-labelledby="card-blocks">
            <div>
              <Title order={2} size="h4" id="card-blocks">
                {t('diagnosticCards.blocks')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('diagnosticCards.blocksHint')}
              </Text>
            </div>
            <SortableList ids={values.blocks.map((block) => block.uid)} onMove={moveBlock}>
              {values.blocks.map((block, b) => {
                const blockName = t('diagnosticCards.blockN', { n: b + 1 });
                const moveQuestion = (from: number, to: number) =>
                  form.reorderListItem(`blocks.${b}.questions`, { from, to });
                return (
                  <SortableItem
                    key={block.uid}
                    id={block.uid}
                    move={{ index: b, count: values.blocks.length, onMove: moveBlock, name: blockName }}
                  >
                    {(controls) => (
                      <Paper
                        withBorder
                        radius="md"
                        p="md"
                        bg="gray.0"
                        component="section"
                        aria-label={blockName}
                      >
                        <Stack gap="sm">
                          <Group justify="space-between" wrap="nowrap">
                            <Group gap="xs" wrap="nowrap">
                              {controls}
                              <Title order={3} size="h5">
                                {blockName}
                              </Title>
                            </Group>
                            {values.blocks.length > 1 && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('diagnosticCards.remove', { name: blockName })}
                                onClick={() => form.removeListItem('blocks', b)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            )}
                          </Group>
                          <TextInput
                            label={t('diagnosticCards.blockTitle')}
                            maxLength={DC_TITLE_MAX}
                            required
                            {...form.getInputProps(`blocks.${b}.title`)}
                          />
                          <Textarea
                            label={t('diagnosticCards.blockDescription')}
                            autosize
                            minRows={1}
                            maxLength={DC_TEXT_MAX}
                            {...form.getInputProps(`blocks.${b}.description`)}
                          />
                          <SortableList
                            ids={block.questions.map((question) => question.uid)}
                            onMove={moveQuestion}
                          >
                            {block.questions.map((question, q) => {
                              const number = `${b + 1}.${q + 1}`;
                              return (
                                <SortableItem
                                  key={question.uid}
                                  id={question.uid}
                                  move={{
                                    index: q,
                                    count: block.questions.length,
                                    onMove: moveQuestion,
                                    name: t('diagnosticCards.questionN', { n: number }),
                                  }}
                                >
                                  {(questionControls) => (
                                    <QuestionEditor
                                      form={form}
                                      path={`blocks.${b}.questions.${q}`}
                                      question={question}
                                      number={number}
                                      controls={questionControls}
                                      onRemove={
                                        block.questions.length > 1
                                          ? () => form.removeListItem(`blocks.${b}.questions`, q)
                                          : null
                                      }
                                    />
                                  )}
                                </SortableItem>
                              );
                            })}
                          </SortableList>
                          <Button
                            variant="default"
                            size="sm"
                            w="fit-content"
                            leftSection={<IconPlus size={16} />}
                            disabled={block.questions.length >= DC_QUESTIONS_MAX}
                            onClick={() =>
                              form.insertListItem(`blocks.${b}.questions`, newQuestion(form.getValues()))
                            }
                          >
                            {t('diagnosticCards.addQuestion')}
                          </Button>
                        </Stack>
                      </Paper>
                    )}
                  </SortableItem>
                );
              })}
            </SortableList>
            <Button
              variant="default"
              w="fit-content"
              leftSection={<IconPlus size={16} />}
              disabled={values.blocks.length >= DC_BLOCKS_MAX}
              onClick={() => form.insertListItem('blocks', newBlock(form.getValues()))}
            >
              {t('diagnosticCards.addBlock')}
            </Button>
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="card-computed">
            <div>
              <Title order={2} size="h4" id="card-computed">
                {t('diagnosticCards.computed')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('diagnosticCards.computedHint')}
              </Text>
            </div>
            <SortableList ids={values.computed.map((block) => block.uid)} onMove={moveComputed}>
              {values.computed.map((block, c) => (
                <SortableItem
                  key={block.uid}
                  id={block.uid}
                  move={{
                    index: c,
                    count: values.computed.length,
                    onMove: moveComputed,
                    name: t('diagnosticCards.computedN', { n: c + 1 }),
                  }}
                >
                  {(controls) => (
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
                </SortableItem>
              ))}
            </SortableList>
            <Button
              variant="default"
              w="fit-content"
              leftSection={<IconPlus size={16} />}
              disabled={values.computed.length >= DC_COMPUTED_MAX}
              onClick={() => form.insertListItem('computed', newComputed(form.getValues()))}
            >
              {t('diagnosticCards.addComputed')}
            </Button>
          </Stack>

          <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 4 }} shadow="sm">
            <Group justify="space-between">
              <Text size="sm" c="gray.7" aria-live="polite">
                {dirty ? t('diagnosticCards.unsaved') : ''}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => leave(LIST)}>
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('actions.save')}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </Box>
      <ConfirmActionModal
        opened={deleting}
        title={t('diagnosticCards.deleteTitle')}
        message={t('diagnosticCards.deleteQuestion', { title: card?.title ?? '' })}
        confirmLabel={t('diagnosticCards.delete')}
        onConfirm={async () => {
          if (cardId === null) return;
          await remove.mutateAsync(cardId);
          notifySuccess(t('diagnosticCards.deleted', { title: card?.title ?? '' }));
          form.resetDirty();
          void navigate(LIST);
        }}
        onClose={() => setDeleting(false)}
      />
      <ConfirmActionModal
        opened={leaving !== null}
        title={t('diagnosticCards.leaveTitle')}
        message={t('diagnosticCards.leaveQuestion')}
        confirmLabel={t('diagnosticCards.leave')}
        onConfirm={async () => {
          if (leaving) void navigate(leaving);
        }}
        onClose={() => setLeaving(null)}
      />
    </Stack>
  );
}

export default EditCardPage;
