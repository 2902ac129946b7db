import {
  PROTOCOL_BLOCKS_MAX,
  PROTOCOL_TEXT_MAX,
  PROTOCOL_TITLE_MAX,
  roleMay,
  templateInput,
  type ProtocolTemplate,
} from '@logoschool/contract';
import { Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
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
import { useSession } from '../../session/session.tsx';
import { contractValidate } from '../../lib/form.ts';
import { routeId } from '../../lib/route-id.ts';
import { useCategoryTree } from './api/categories.ts';
import { useDeleteTemplate, useSaveTemplate, useTemplate, useTemplateStep } from './api/templates.ts';
import { BlockEditor, type CategoriesState } from './components/block-editor.tsx';
import { TemplateContentView } from './components/template-content.tsx';
import { templateHistory, templateInUse, templateStatusTexts } from './components/template-document.ts';
import { TemplateLoadFailed } from './components/template-load-states.tsx';
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
 * publish. One the caller may not change shows read-only, with its versions.
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
      <DocumentFrame
        back={back}
        title={template.title}
        status={{
          document: template,
          texts: templateStatusTexts(t, template, moderates),
          steps: [],
          pending: null,
          refusal: null,
          onStep: async () => null,
        }}
        history={templateHistory(t, template)}
        remove={null}
      >
        <Text size="sm" c="gray.8">
          {t('templates.readOnly')}
        </Text>
        <TemplateContentView template={template} />
      </DocumentFrame>
    );
  }
  return <TemplateForm key={templateId ?? 'new'} template={template} />;
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
  const form = useForm<TemplateValues>({
    initialValues: valuesOf(template),
    validate: contractValidate(templateInput, t, { toBody, fieldOf: (path) => path }),
    validateInputOnBlur: true,
  });
  const blocks = form.getValues().blocks;
  const { persist, takeStep, formError, refusal, pending, dirty } = useDocumentEditing({
    form,
    id: templateId,
    save: (values: TemplateValues) => save.mutateAsync(templateInput.parse(toBody(values))),
    valuesOf: (saved: ProtocolTemplate) => valuesOf(saved),
    // A new template offers no step: the hook is bound to the saved one.
    step: (_id, action, comment) => step.mutateAsync({ action, comment }),
    showErrors: (error) => showTemplateErrors(form, error),
    editPath: (id) => `/edit-template/${id}`,
    texts: {
      created: (saved) => t('templates.created', { title: saved.title }),
      saved: t('templates.saved'),
      fixFirst: t('templates.fixFirst'),
      done: (action, version) => t(`templates.done.${action}`, { version }),
    },
  });
  // A writer deletes her own template until it is first published; a moderator any (the API decides).
  const mayDelete =
    template !== null && (moderates || (template.writer.id === user?.id && template.version === 0));
  return (
    <DocumentFrame
      back={back}
      title={template ? template.title : t('templates.newTitle')}
      status={{
        document: template,
        texts: templateStatusTexts(t, template, moderates),
        steps: template?.actions ?? [],
        pending,
        refusal,
        inUse: templateInUse(t, template),
        onStep: takeStep,
      }}
      history={templateHistory(t, template)}
      remove={
        mayDelete
          ? {
              title: t('templates.deleteTitle'),
              message: t('templates.deleteQuestion', { name: template.title }),
              confirm: t('templates.delete'),
              done: t('templates.deleted', { name: template.title }),
              run: () => remove.mutateAsync(template.id),
              to: back.to,
            }
          : null
      }
    >
      <DocumentForm
        onSubmit={form.onSubmit((values) => void persist(values), focusFirstProblem)}
        error={formError}
        save={{ dirty, saving: save.isPending && pending === null, onCancel: () => void navigate(back.to) }}
      >
        <DocumentSection id="template-about" title={t('templates.about')} framed>
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
        </DocumentSection>
        <DocumentSection
          id="template-blocks-title"
          title={t('templates.blocks')}
          hint={t('templates.blocksHint')}
        >
          <ItemList
            items={blocks}
            idOf={(block) => block.uid}
            nameOf={(index) => t('templates.blockName', { number: index + 1 })}
            onMove={(from, to) => form.reorderListItem('blocks', { from, to })}
            onRemove={(index) => form.removeListItem('blocks', index)}
            error={form.errors.blocks}
            add={{
              label: t('templates.addBlock'),
              max: PROTOCOL_BLOCKS_MAX,
              onAdd: () => {
                form.insertListItem('blocks', newBlock());
                form.clearFieldError('blocks');
              },
            }}
          >
            {(_block, index, controls) => (
              <BlockEditor form={form} index={index} categories={categories} controls={controls} />
            )}
          </ItemList>
        </DocumentSection>
      </DocumentForm>
    </DocumentFrame>
  );
}

export default EditTemplatePage;
