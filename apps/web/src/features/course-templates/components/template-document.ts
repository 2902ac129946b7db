import { API, type CourseTemplate } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import type { StatusTexts } from '../../../components/versioned-document/status-bar.tsx';
import type { DiffLabels } from '../../../components/versioned-document/version-diff-view.tsx';
import { historyOf } from '../../../components/versioned-document/version-history.tsx';

/**
 * A course template as the versioned-document kit shows it (decision 030): only moderators write
 * templates, so the one step is publishing; the hint says which version new courses are made from,
 * the notice how many courses keep it from being deleted.
 */
export function templateStatusTexts(t: TFunction, template: CourseTemplate | null): StatusTexts {
  const hint = !template
    ? t('courseTemplates.stepHint.new')
    : template.status === 'published'
      ? t('courseTemplates.stepHint.published', { version: template.version })
      : template.version > 0
        ? t('courseTemplates.stepHint.draftOfPublished', { version: template.version })
        : t('courseTemplates.stepHint.draft');
  return {
    status: (status) => t(`courseTemplates.status.${status}`),
    step: (step) => t(`courseTemplates.${step}`),
    hint,
  };
}

/** What is made from the template, in words; null when nothing is. */
export const templateInUse = (t: TFunction, template: CourseTemplate | null): string | null =>
  template?.courses ? t('courseTemplates.inUse', { count: template.courses }) : null;

/** The template's lessons and fields, named for the difference between versions. */
const diffLabels = (t: TFunction): DiffLabels => ({
  kind: (kind) => t(`courseTemplates.diff.kind.${kind}`),
  field: (field) => t(`courseTemplates.diff.field.${field}`),
});

/** The versions dialog of a saved template; null before its first publication. */
export const templateHistory = (t: TFunction, template: CourseTemplate | null) =>
  historyOf(
    `${API.courseTemplates}/${template?.id}`,
    template,
    (template?.actions.length ?? 0) > 0,
    diffLabels(t),
  );
