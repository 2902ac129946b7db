import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { API, API_BASE } from '../api/paths.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { DOCUMENT_STATUSES, DOCUMENT_STEPS } from '../versioning/document-status.ts';
import type { VersionSnapshot } from '../versioning/version-diff.ts';
import { versionsDiffQuery } from '../versioning/versions-api.ts';

/**
 * Stories (issue 30 item 1; spec §1 "histories", §3 History: title, description, episodes,
 * sections/parts, slides). A story trains target sounds or categories for an age range in one lesson
 * language; it is told in episodes, each of parts, each of slides. A slide is an image (a project's
 * theme asset copied in, or an upload, checked by its bytes), the text the child sees, a note for
 * the teacher and an optional sound. Stories are versioned documents (decision 030): authors write
 * their own and send them for review, moderators write any and publish; teachers read the latest
 * published version and put a part of it into a lesson, which keeps that version.
 *
 * Every episode, part and slide carries a `key` (a uuid) that names it across edits and versions; a
 * new item comes without one and the server gives it one.
 */

export const STORY_TITLE_MAX = 200;
export const STORY_TEXT_MAX = 2000;
export const STORY_EPISODES_MAX = 30;
export const STORY_PARTS_MAX = 30;
export const STORY_SLIDES_MAX = 60;
export const STORY_SOUNDS_MAX = 20;
export const STORY_SOUND_MAX = 20;
export const STORY_CATEGORIES_MAX = 20;
/** A story's age range, in whole years. */
export const STORY_AGE_MIN = 1;
export const STORY_AGE_MAX = 18;

/** A story's status: the versioned-document machine (draft → moderation → published). */
export const STORY_STATUSES = DOCUMENT_STATUSES;
export type StoryStatus = (typeof STORY_STATUSES)[number];

const key = z.uuid().optional();
const title = z.string().trim().min(1).max(STORY_TITLE_MAX);
const longText = z.string().trim().max(STORY_TEXT_MAX);

/** A slide: its image, the child's text, the teacher's note and an optional sound (story files by id). */
export const storySlideInput = z.strictObject({
  key,
  image_file_id: bodyId,
  text: longText.default(''),
  note: longText.default(''),
  audio_file_id: bodyId.nullable().default(null),
});

/** A part of an episode: a title and its slides (a lesson takes a part whole). */
export const storyPartInput = z.strictObject({
  key,
  title,
  slides: z.array(storySlideInput).max(STORY_SLIDES_MAX),
});

export const storyEpisodeInput = z.strictObject({
  key,
  title,
  parts: z.array(storyPartInput).max(STORY_PARTS_MAX),
});

/** `POST /histories`, `PUT /histories/:historyId`: the whole working copy. */
export const storyInput = z
  .strictObject({
    title,
    description: longText.default(''),
    language: z.enum(LANGUAGES),
    age_from: z.number().int().min(STORY_AGE_MIN).max(STORY_AGE_MAX),
    age_to: z.number().int().min(STORY_AGE_MIN).max(STORY_AGE_MAX),
    /** The sounds it trains, as written ("Р", "Ш"): trimmed, none repeated. */
    sounds: z.array(z.string().trim().min(1).max(STORY_SOUND_MAX)).max(STORY_SOUNDS_MAX).default([]),
    /** The project's categories it trains. */
    category_ids: z.array(bodyId).max(STORY_CATEGORIES_MAX).default([]),
    episodes: z.array(storyEpisodeInput).max(STORY_EPISODES_MAX).default([]),
  })
  .superRefine((story, context) => {
    if (story.age_to < story.age_from) {
      context.addIssue({ code: 'custom', path: ['age_to'], message: 'ageFromAfterTo' });
    }
    const seen = new Set<string>();
    story.sounds.forEach((sound, index) => {
      const folded = sound.toLowerCase();
      if (seen.has(folded)) context.addIssue({ code: 'custom', path: ['sounds', index], message: 'unique' });
      seen.add(folded);
    });
  });
export type StoryInput = z.input<typeof storyInput>;
type StoryParsed = z.output<typeof storyInput>;

export const storySlideSchema = z.object({
  key: z.string(),
  image_file_id: z.number().int(),
  text: z.string(),
  note: z.string(),
  audio_file_id: z.number().int().nullable(),
});
export type StorySlide = z.infer<typeof storySlideSchema>;

export const storyPartSchema = z.object({
  key: z.string(),
  title: z.string(),
  slides: z.array(storySlideSchema),
});
export type StoryPart = z.infer<typeof storyPartSchema>;

export const storyEpisodeSchema = z.object({
  key: z.string(),
  title: z.string(),
  parts: z.array(storyPartSchema),
});
export type StoryEpisode = z.infer<typeof storyEpisodeSchema>;

/** A story's content: the working copy, and each published version as it was. */
export const storyContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  age_from: z.number().int(),
  age_to: z.number().int(),
  sounds: z.array(z.string()),
  category_ids: z.array(z.number().int()),
  episodes: z.array(storyEpisodeSchema),
});
export type StoryContent = z.infer<typeof storyContentSchema>;

/** The content with every key given: the ones it came with, fresh ones for new items. */
export function storyWithKeys(story: StoryParsed, newKey: () => string): StoryContent {
  const give = (value: string | undefined) => value ?? newKey();
  return {
    title: story.title,
    description: story.description,
    language: story.language,
    age_from: story.age_from,
    age_to: story.age_to,
    sounds: story.sounds,
    category_ids: [...new Set(story.category_ids)],
    episodes: story.episodes.map((episode) => ({
      key: give(episode.key),
      title: episode.title,
      parts: episode.parts.map((part) => ({
        key: give(part.key),
        title: part.title,
        slides: part.slides.map((slide) => ({
          key: give(slide.key),
          image_file_id: slide.image_file_id,
          text: slide.text,
          note: slide.note,
          audio_file_id: slide.audio_file_id,
        })),
      })),
    })),
  };
}

/** The slides of a story, as its input or its content has them. */
interface WithSlides {
  episodes: readonly {
    parts: readonly { slides: readonly { image_file_id: number; audio_file_id: number | null }[] }[];
  }[];
}

/** The story files a content names (images and sounds). */
export function storyFileIds(content: WithSlides): number[] {
  const ids = content.episodes.flatMap((episode) =>
    episode.parts.flatMap((part) =>
      part.slides.flatMap((slide) =>
        slide.audio_file_id === null ? [slide.image_file_id] : [slide.image_file_id, slide.audio_file_id],
      ),
    ),
  );
  return [...new Set(ids)];
}

/**
 * What keeps a story from being published: no episode, an episode without parts, a part without
 * slides. Each as the path of the list that is empty (`episodes`, `episodes.0.parts`…).
 */
export function storyGaps(content: WithSlides): string[] {
  if (content.episodes.length === 0) return ['episodes'];
  return content.episodes.flatMap((episode, e) =>
    episode.parts.length === 0
      ? [`episodes.${e}.parts`]
      : episode.parts.flatMap((part, p) =>
          part.slides.length === 0 ? [`episodes.${e}.parts.${p}.slides`] : [],
        ),
  );
}

/**
 * A story as a versioned document (decision 030): its own fields, and its episodes, parts and slides
 * as items by key, each part under its episode and each slide under its part.
 */
export function storySnapshot(content: StoryContent): VersionSnapshot {
  return {
    fields: {
      title: content.title,
      description: content.description,
      language: content.language,
      age: `${content.age_from}–${content.age_to}`,
      sounds: content.sounds,
      categories: content.category_ids,
    },
    items: content.episodes.flatMap((episode) => [
      {
        key: episode.key,
        kind: 'episode',
        label: episode.title,
        parent: null,
        fields: { title: episode.title },
      },
      ...episode.parts.flatMap((part) => [
        {
          key: part.key,
          kind: 'part',
          label: part.title,
          parent: episode.key,
          fields: { title: part.title },
        },
        ...part.slides.map(({ key: slideKey, ...fields }, index) => ({
          key: slideKey,
          kind: 'slide',
          label: fields.text || `${part.title} · ${index + 1}`,
          parent: part.key,
          fields: {
            image: fields.image_file_id,
            text: fields.text,
            note: fields.note,
            audio: fields.audio_file_id,
          },
        })),
      ]),
    ]),
  };
}

/** Where a story file of a project is read (with the bearer token, as every call). */
export const storyFileUrl = (workspaceId: number, fileId: number) =>
  `${API_BASE}${API.histories}/files/${fileId}?workspace_id=${workspaceId}`;

// ---------------------------------------------------------------------------------------------
// The API.

/** The project and role a stories call acts in (in the query, as for templates). */
export const storyActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});

/** `GET /histories`: a page of the stories the role reads, the latest change first. */
export const storiesQuery = pageQuery.extend({
  ...storyActingQuery.shape,
  status: z.enum(STORY_STATUSES).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** A case-insensitive part of the title. */
  term: z.string().trim().max(STORY_TITLE_MAX).optional(),
});
export type StoriesQuery = z.infer<typeof storiesQuery>;

export const storyParams = z.object({ historyId: idParam });
export const storyFileParams = z.object({ fileId: idParam });

/** `GET /histories/:historyId/versions/diff?from=&to=` (decision 030). */
export const storyVersionsDiffQuery = storyActingQuery.extend(versionsDiffQuery.shape);

/** A writer's step: send the story for review, or take it back. */
export const storySubmitInput = z.strictObject({ action: z.enum(['submit', 'withdraw']) });
/** A moderator's verdict: publish the working copy as the next version, or return it saying why. */
export const storyReviewInput = z
  .strictObject({
    action: z.enum(['publish', 'return']),
    comment: longText.default(''),
  })
  .superRefine((input, context) => {
    if (input.action === 'return' && input.comment === '') {
      context.addIssue({ code: 'custom', path: ['comment'], message: 'required' });
    }
  });

const person = z.object({ id: z.number().int(), name: z.string() });

/** A story as the API shows it: writers and moderators its working copy, other readers its latest version. */
export const storySchema = storyContentSchema.extend({
  id: z.number().int(),
  status: z.enum(STORY_STATUSES),
  /** The latest published version's number; 0 before the first publication. */
  version: z.number().int(),
  writer: person,
  /** What the moderator said when returning it, '' when nothing. */
  comment: z.string(),
  /** The status steps the caller may take now. */
  steps: z.array(z.enum(DOCUMENT_STEPS)),
  /** Whether the caller may change its content and delete it. */
  editable: z.boolean(),
  /** How many lessons hold a part of it (its writer and moderators; null for other readers). */
  lessons: z.number().int().nullable(),
  updated_at: z.string(),
});
export type Story = z.infer<typeof storySchema>;

/** One row of the stories list. */
export const storyListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  language: z.enum(LANGUAGES),
  age_from: z.number().int(),
  age_to: z.number().int(),
  sounds: z.array(z.string()),
  status: z.enum(STORY_STATUSES),
  version: z.number().int(),
  episodes: z.number().int(),
  slides: z.number().int(),
  /** The first slide's image, or null. */
  cover_file_id: z.number().int().nullable(),
  writer: person,
  updated_at: z.string(),
});
export type StoryListItem = z.infer<typeof storyListItemSchema>;

/** The list's page with how many stories of each status the role reads (the status tabs). */
export const storiesPageEnvelope = pageEnvelope(storyListItemSchema).extend({
  counts: z.record(z.enum(STORY_STATUSES), z.number().int()),
});
export type StoriesPage = z.infer<typeof storiesPageEnvelope>;

/** The kinds of file a slide has. */
export const STORY_FILE_KINDS = ['image', 'sound'] as const;
export type StoryFileKind = (typeof STORY_FILE_KINDS)[number];

/** A file of the project's stories: an image or a sound, checked by its bytes. */
export const storyFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STORY_FILE_KINDS),
  mime: z.string(),
  size: z.number().int(),
  original_name: z.string(),
  file_url: z.string(),
});
export type StoryFile = z.infer<typeof storyFileSchema>;

/** `POST /histories/files`: a form with one `file` (an image or a sound). */
export const storyUploadBody = z.object({ file: z.any() });

/** `POST /histories/files/from-asset`: a file of an asset one of the project's themes holds, copied in. */
export const storyAssetFileInput = z.strictObject({ asset_file_id: bodyId });

// ---------------------------------------------------------------------------------------------
// A story part in a lesson (the lessons' API).

/** `POST /lesson/:lessonId/story-parts`: the part of the story's latest published version. */
export const lessonStoryPartInput = z.strictObject({
  history_id: bodyId,
  part_key: z.uuid(),
});
export type LessonStoryPartInput = z.input<typeof lessonStoryPartInput>;

export const lessonStoryPartParams = z.object({ lessonId: idParam, partId: idParam });

/** A story part as a lesson holds it: the version it was added from, its slides as that version has them. */
export const lessonStoryPartSchema = z.object({
  id: z.number().int(),
  history_id: z.number().int(),
  story_title: z.string(),
  version: z.number().int(),
  part_key: z.string(),
  episode_title: z.string(),
  title: z.string(),
  slides: z.array(
    storySlideSchema.extend({
      image_url: z.string(),
      audio_url: z.string().nullable(),
    }),
  ),
});
export type LessonStoryPart = z.infer<typeof lessonStoryPartSchema>;
