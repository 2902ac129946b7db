import {
  CT_LESSONS_MAX,
  CT_NAME_MAX,
  CT_TEXT_MAX,
  LANGUAGES,
  courseTemplateInput,
  type CourseTemplate,
  type Language,
} from '@logoschool/contract';
import { Select, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FullLoader } from '../../components/full-loader.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import {
  DocumentForm,
  DocumentFrame,
  DocumentSection,
  focusFirstProblem,
} from '../../components/versioned-document/document-frame.tsx';
import { useDocumentEditing } from '../../components/versioned-document/document-editing.ts';
import { ItemList } from '../../components/versioned-document/item-list.tsx';
import { routeId } from '../../lib/route-id.ts';
import {
  useCourseTemplate,
  useDeleteCourseTemplate,
  usePublishCourseTemplate,
  useSaveCourseTemplate,
} from './api/course-templates.ts';
import { LessonEditor } from './components/lesson-editor.tsx';
import { templateHistory, templateInUse, templateStatusTexts } from './components/template-document.ts';
import {
  newLesson,
  showTemplateErrors,
  templateValidate,
  toBody,
  valuesOf,
  type TemplateValues,
} from './course-template-form.ts';

const LIST = '/course-templates';

/** /create-course-template and /edit-course-template/:templateId (issue 30 item 2): the template's editor. */
export function EditCourseTemplatePage() {
  const { t } = useTranslation();
  const { id, bad } = routeId(useParams().templateId);
  const existing = useCourseTemplate(id);
  if (bad) return <Navigate to="/not-found" replace />;
  if (id !== null && existing.isPending) return <FullLoader />;
  if (id !== null && existing.isError) {
    return (
      <LoadFailed
        error={existing.error}
        notFound={t('courseTemplates.notFound')}
        failed={t('courseTemplates.loadOneFailed')}
        back={{ to: LIST, label: t('courseTemplates.backToList') }}
        onRetry={() => void existing.refetch()}
      />
    );
  }
  return <TemplateForm key={id ?? 'new'} template={existing.data ?? null} />;
}

/**
 * The template on the versioned-document frame (decision 030): its name, description and language,
 * and its lessons in order, each with the two descriptions and its accepted exercises; publishing
 * saves unsaved changes first.
 */
function TemplateForm({ template }: { template: CourseTemplate | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = template?.id ?? null;
  const save = useSaveCourseTemplate(id);
  const publish = usePublishCourseTemplate();
  const remove = useDeleteCourseTemplate();
  const userLanguage = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'uk';
  const form = useForm<TemplateValues>({
    initialValues: valuesOf(template, userLanguage),
    validate: templateValidate(t),
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const { persist, takeStep, formError, refusal, pending, dirty } = useDocumentEditing({
    form,
    id,
    save: (next: TemplateValues) => save.mutateAsync(courseTemplateInput.parse(toBody(next))),
    valuesOf: (saved: CourseTemplate) => valuesOf(saved, userLanguage),
    step: (current) => publish.mutateAsync(current),
    showErrors: (error) => showTemplateErrors(form, error),
    editPath: (current) => `/edit-course-template/${current}`,
    texts: {
      created: (saved) => t('courseTemplates.created', { name: saved.name }),
      saved: t('courseTemplates.saved'),
      fixFirst: t('courseTemplates.fixFirst'),
      done: (_action, version) => t('courseTemplates.published', { version }),
    },
  });
  return (
    <DocumentFrame
      back={{ label: t('courseTemplates.backToList'), to: LIST }}
      title={template ? template.name : t('courseTemplates.newTitle')}
      status={{
        document: template,
        texts: templateStatusTexts(t, template),
        steps: template !== null && (template.status !== 'published' || dirty) ? ['publish'] : [],
        pending,
        refusal,
        inUse: templateInUse(t, template),
        onStep: takeStep,
      }}
      history={templateHistory(t, template)}
      remove={
        template && {
          title: t('courseTemplates.deleteTitle'),
          message: t('courseTemplates.deleteQuestion', { name: template.name }),
          confirm: t('courseTemplates.delete'),
          done: t('courseTemplates.deleted', { name: template.name }),
          run: () => remove.mutateAsync(template.id),
          to: LIST,
        }
      }
    >
      <DocumentForm
        onSubmit={form.onSubmit((next) => void persist(next), focusFirstProblem)}
        error={formError}
        save={{ dirty, saving: save.isPending, onCancel: () => void navigate(LIST) }}
      >
        <DocumentSection id="course-about" title={t('courseTemplates.about')} framed>
          <TextInput
            label={t('courseTemplates.name')}
            required
            maxLength={CT_NAME_MAX}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('courseTemplates.description')}
            autosize
            minRows={2}
            maxLength={CT_TEXT_MAX}
            {...form.getInputProps('description')}
          />
          <Select
            label={t('courseTemplates.language')}
            description={t('courseTemplates.languageHint')}
            data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
            allowDeselect={false}
            required
            {...form.getInputProps('language')}
          />
        </DocumentSection>
        <DocumentSection
          id="course-lessons"
          title={t('courseTemplates.lessons')}
          hint={t('courseTemplates.lessonsHint')}
        >
          <ItemList
            items={values.lessons}
            idOf={(lesson) => lesson.uid}
            nameOf={(index) => t('courseTemplates.lessonN', { n: index + 1 })}
            onMove={(from, to) => form.reorderListItem('lessons', { from, to })}
            onRemove={(index) => form.removeListItem('lessons', index)}
            min={1}
            add={{
              label: t('courseTemplates.addLesson'),
              max: CT_LESSONS_MAX,
              onAdd: () => form.insertListItem('lessons', newLesson()),
            }}
          >
            {(lesson, index, controls) => (
              <LessonEditor form={form} index={index} lesson={lesson} controls={controls} />
            )}
          </ItemList>
        </DocumentSection>
      </DocumentForm>
    </DocumentFrame>
  );
}

export default EditCourseTemplatePage;
