import { API, PROTOCOL_TEXT_MAX, templateReviewInput, type ProtocolTemplate } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import type { StatusTexts } from '../../../components/versioned-document/status-bar.tsx';
import type { DiffLabels } from '../../../components/versioned-document/version-diff-view.tsx';
import { historyOf } from '../../../components/versioned-document/version-history.tsx';

/** What happens next, in words, by where the template stands and what the caller may do. */
function hintOf(template: ProtocolTemplate | null, moderates: boolean): string | null {
  if (!template) return moderates ? 'templates.hint.newModerator' : 'templates.hint.newWriter';
  const { status, actions, version } = template;
  if (status === 'moderation') return moderates ? 'templates.hint.reviewing' : 'templates.hint.inReview';
  if (status === 'published') return template.editable ? 'templates.hint.published' : null;
  if (actions.includes('submit')) return 'templates.hint.draftWriter';
  if (version > 0) return 'templates.hint.draftOfPublished';
  return null;
}

/**
 * A protocol template as the versioned-document kit shows it (decision 030, spec §1: moderators
 * review templates): its statuses and steps in the templates' words, the hint of what comes next,
 * the return dialog, and the names of its blocks' fields in the difference between versions.
 */
export function templateStatusTexts(
  t: TFunction,
  template: ProtocolTemplate | null,
  moderates: boolean,
): StatusTexts {
  const hint = hintOf(template, moderates);
  return {
    status: (status) => t(`templates.status.${status}`),
    step: (step) => t(`templates.actions.${step}`),
    hint: hint && t(hint, { version: template?.version ?? 0, name: template?.writer.name ?? '' }),
    comment: {
      schema: templateReviewInput,
      texts: {
        title: t('templates.returnTitle'),
        hint: t('templates.returnHint'),
        label: t('templates.returnComment'),
        submit: t('templates.actions.return'),
        max: PROTOCOL_TEXT_MAX,
      },
    },
  };
}

/** What is made from the template, in words; null when nothing is (or the caller does not see it). */
export const templateInUse = (t: TFunction, template: ProtocolTemplate | null): string | null =>
  template?.plans ? t('templates.inUse', { count: template.plans }) : null;

/** The template's blocks and fields, named for the difference between versions. */
const templateDiffLabels = (t: TFunction): DiffLabels => ({
  kind: (kind) => t(`templates.diff.kind.${kind}`),
  field: (field) => t(`templates.diff.field.${field}`),
});

/** The versions dialog of a saved template; null before its first publication. */
export const templateHistory = (t: TFunction, template: ProtocolTemplate | null) =>
  historyOf(`${API.templates}/${template?.id}`, template, template?.editable ?? false, templateDiffLabels(t));
