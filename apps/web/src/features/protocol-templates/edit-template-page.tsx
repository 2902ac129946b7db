import {
  PROTOCOL_BLOCKS_MAX,
  PROTOCOL_TEXT_MAX,
  PROTOCOL_TITLE_MAX,
  roleMay,
  templateInput,
  type ProtocolTemplate,
  type TemplateAction,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { useSession } from '../../session/session.tsx';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';
import { contractValidate } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useCategoryTree } from './api/categories.ts';
import { useDeleteTemplate, useSaveTemplate, useTemplate, useTemplateStep } from './api/templates.ts';
import { BlockEditor, type CategoriesState } from './components/block-editor.tsx';
import { TemplateContentView } from './components/template-content.tsx';
import { TemplateLoadFailed } from './components/template-load-states.tsx';
import { TemplateStatusBar } from './components/template-status-bar.tsx';
import {
  newBlock,
  placeCategories,
  showTemplateErrors,
  toBody,
  valuesOf,
  type TemplateValues,
} from './template-form.ts';

/** Where the way back leads: a moderator to every template, a teacher to her list. */
function useBack() {
  const { t } = useTranslation();
  const { role } = useSession();
  const moderates = role !== null && roleMay(role, 'protocolTemplates.moderate');
  return {
    moderates,
    back: {
      to: moderates ? '/protocols-templates' : '/protocols-templates-teacher',
      label: t('templates.backToList'),
    },
  };
}

/**
 * /create-template, /edit-template and /edit-template/:templateId (spec §2): a new template (its
 * writer the caller: a teacher's own draft, or a moderator's), or one to change, review and
 * publish. One the caller may not change shows read-only.
 */
export function EditTemplatePage() {
  const { t } = useTranslation();
  const { id: templateId, bad } = routeId(useParams().templateId);
  const existing = useTemplate(templateId);
  const { moderates, back } = useBack();

  if (bad) return <Navigate to="/not-found" replace />;
  if (templateId !== null && existing.isPending) return <FullLoader />;
  if (templateId !== null && existing.isError) {
    return <TemplateLoadFailed error={existing.error} back={back} onRetry={() => void existing.refetch()} />;
  }
  const template = existing.data ?? null;
  if (template && !template.editable) {
    return (
      <Stack gap="lg" maw={960}>
        <Heading back={back} title={template.title} />
        <Text size="sm" c="gray.8">
          {t('templates.readOnly')}
        </Text>
        <TemplateStatusBar
          template={template}
          moderates={moderates}
          pending={null}
          refusal={null}
          onStep={async () => null}
        />
        <TemplateContentView template={template} />
      </Stack>
    );
  }
  return <TemplateForm key={templateId ?? 'new'} template={template} />;
}

function Heading({ back, title }: { back: { to: string; label: string }; title: string }) {
  return (
    <div>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      <Title order={1} size="h2" mt="xs">
        {title}
      </Title>
    </div>
  );
}

/** Puts the focus on the first field that says what is wrong, once the messages are shown. */
function focusFirstProblem() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}

/**
 * The template's fields by the contract's `templateInput` (the server's own rules, spec §5): each
 * field checked when left and all before sending; the server's refusal shows under the field it
 * names (a folder outside the block's category, say). A step (publish, send for review…) saves
 * unsaved changes first, and is not taken when they cannot be saved.
 */
function TemplateForm({ template }: { template: ProtocolTemplate | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { moderates, back } = useBack();
  const templateId = template?.id ?? null;
  const save = useSaveTemplate(templateId);
  const step = useTemplateStep(templateId ?? 0);
  const remove = useDeleteTemplate();
  const tree = useCategoryTree();
  const categories = useMemo<CategoriesState>(
    () => ({
      placed: placeCategories(tree.data ?? []),
      loading: tree.isPending,
      failed: tree.isError,
    }),
    [tree.data, tree.isPending, tree.isError],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState<TemplateAction | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<TemplateValues>({
    initialValues: valuesOf(template),
    validate: contractValidate(templateInput, t, { toBody, fieldOf: (path) => path }),
    validateInputOnBlur: true,
  });
  const blocks = form.getValues().blocks;
  // A writer deletes her own template until it is first published; a moderator any (the API decides).
  const mayDelete =
    template !== null && (moderates || (template.writer.id === user?.id && template.version === 0));

  /** Sends the values; the saved template, or null when refused (the form says why). */
  const persist = async (values: TemplateValues): Promise<ProtocolTemplate | null> => {
    setFormError(null);
    setRefusal(null);
    try {
      const saved = await save.mutateAsync(templateInput.parse(toBody(values)));
      if (templateId === null) {
        notifySuccess(t('templates.created', { title: saved.title }));
        void navigate(`/edit-template/${saved.id}`, { replace: true });
      } else {
        notifySuccess(t('templates.saved'));
        const next = valuesOf(saved);
        form.setValues(next);
        form.resetDirty(next);
      }
      return saved;
    } catch (error) {
      if (showTemplateErrors(form, error)) focusFirstProblem();
      else setFormError(errorTextOf(error));
      return null;
    }
  };

  /**
   * A step on the template, after saving what is not saved yet: null when taken, else why not
   * (the status bar says it; the return dialog says its own).
   */
  const takeStep = async (action: TemplateAction, comment?: string): Promise<string | null> => {
    setRefusal(null);
    setPending(action);
    try {
      if (form.isDirty()) {
        const invalid = form.validate().hasErrors;
        if (invalid) focusFirstProblem();
        if (invalid || !(await persist(form.getValues()))) return refuse(action, t('templates.fixFirst'));
      }
      const moved = await step.mutateAsync({ action, comment });
      notifySuccess(t(`templates.done.${action}`, { version: moved.version }));
      return null;
    } catch (error) {
      return refuse(action, errorTextOf(error));
    } finally {
      setPending(null);
    }
  };
  const refuse = (action: TemplateAction, text: string) => {
    if (action !== 'return') setRefusal(text);
    return text;
  };

  return (
    <Stack gap="lg" maw={960}>
      <Heading back={back} title={template ? template.title : t('templates.newTitle')} />
      <TemplateStatusBar
        template={template}
        moderates={moderates}
        pending={pending}
        refusal={refusal}
        onStep={takeStep}
        onDelete={mayDelete ? () => setDeleting(true) : undefined}
      />
      <Box
        component="form"
        onSubmit={form.onSubmit((values) => void persist(values), focusFirstProblem)}
        noValidate
      >
        <Stack gap="lg">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="template-about">
            <Stack gap="md">
              <Title order={2} size="h4" id="template-about">
                {t('templates.about')}
              </Title>
              <TextInput
                label={t('templates.fieldTitle')}
                maxLength={PROTOCOL_TITLE_MAX}
                {...form.getInputProps('title')}
                required
              />
              <Textarea
                label={t('templates.description')}
                description={t('templates.descriptionHint')}
                autosize
                minRows={3}
                maxLength={PROTOCOL_TEXT_MAX}
                {...form.getInputProps('description')}
                required
              />
            </Stack>
          </Paper>
          <Stack gap="md" component="section" aria-labelledby="template-blocks-title">
            <div>
              <Title order={2} size="h4" id="template-blocks-title">
                {t('templates.blocks')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('templates.blocksHint')}
              </Text>
            </div>
            {blocks.map((block, index) => (
              <BlockEditor
                key={block.uid}
                form={form}
                index={index}
                count={blocks.length}
                categories={categories}
              />
            ))}
            {form.errors.blocks && (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.blocks}
              </Text>
            )}
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              w="fit-content"
              disabled={blocks.length >= PROTOCOL_BLOCKS_MAX}
              onClick={() => {
                form.insertListItem('blocks', newBlock());
                form.clearFieldError('blocks');
              }}
            >
              {t('templates.addBlock')}
            </Button>
          </Stack>
          <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }} shadow="sm">
            <Group justify="space-between">
              <Text size="sm" c="gray.7" aria-live="polite">
                {form.isDirty() ? t('templates.unsaved') : ''}
              </Text>
              <Group gap="sm">
                <Button component={Link} to={back.to} variant="default">
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending && pending === null}>
                  {t('actions.save')}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </Box>
      <ConfirmActionModal
        opened={deleting}
        title={t('templates.deleteTitle')}
        message={t('templates.deleteQuestion', { name: template?.title ?? '' })}
        confirmLabel={t('templates.delete')}
        onConfirm={async () => {
          if (!template) return;
          await remove.mutateAsync(template.id);
          notifySuccess(t('templates.deleted', { name: template.title }));
          void navigate(back.to);
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

export default EditTemplatePage;
