import { API, STORY_TEXT_MAX, storyReviewInput, type Story } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import type { StatusTexts } from '../../../components/versioned-document/status-bar.tsx';
import type { DiffLabels } from '../../../components/versioned-document/version-diff-view.tsx';
import { historyOf } from '../../../components/versioned-document/version-history.tsx';

/** What happens next, in words, by where the story stands and what the caller may do. */
function hintOf(story: Story | null, moderates: boolean): string | null {
  if (!story) return moderates ? 'stories.hint.newModerator' : 'stories.hint.newWriter';
  if (story.status === 'moderation')
    return story.steps.includes('publish') ? 'stories.hint.reviewing' : 'stories.hint.inReview';
  if (story.status === 'published') return 'stories.hint.published';
  if (story.version > 0) return 'stories.hint.draftOfPublished';
  if (story.steps.includes('submit')) return 'stories.hint.draftWriter';
  return null;
}

/**
 * A story as the versioned-document kit shows it (decision 030): its statuses and steps in the
 * stories' words, what comes next, the return dialog, and its items' names in the difference.
 */
export function storyStatusTexts(t: TFunction, story: Story | null, moderates: boolean): StatusTexts {
  const hint = hintOf(story, moderates);
  return {
    status: (status) => t(`stories.status.${status}`),
    step: (step) => t(`stories.actions.${step}`),
    hint: hint && t(hint, { version: story?.version ?? 0, name: story?.writer.name ?? '' }),
    comment: {
      schema: storyReviewInput,
      texts: {
        title: t('stories.returnTitle'),
        hint: t('stories.returnHint'),
        label: t('stories.returnComment'),
        submit: t('stories.actions.return'),
        max: STORY_TEXT_MAX,
      },
    },
  };
}

/** The lessons holding a part of it, in words; null when none (or the caller does not see it). */
export const storyInUse = (t: TFunction, story: Story | null): string | null =>
  story?.lessons ? t('stories.inUse', { count: story.lessons }) : null;

const storyDiffLabels = (t: TFunction): DiffLabels => ({
  kind: (kind) => t(`stories.diff.kind.${kind}`),
  field: (field) => t(`stories.diff.field.${field}`),
});

/** The versions dialog of a saved story; null before its first publication. */
export const storyHistory = (t: TFunction, story: Story | null) =>
  historyOf(`${API.histories}/${story?.id}`, story, story?.editable ?? false, storyDiffLabels(t));
