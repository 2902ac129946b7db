import { z } from 'zod';
import { actingAsQuery } from '../auth/schemas.ts';
import { idParam } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { LESSON_PRESENTATIONS_MAX } from '../lessons/schemas.ts';
import { LESSON_SESSION_SLIDE_MAX } from '../lessons/session.ts';
import { publicLinkSchema } from '../public-links/public-links.ts';
import { PRACTICE_OUTCOMES } from './practice-page.ts';

/**
 * Practice at home (issue 29 item 2; spec §2 `/play-lesson/:lessonId`, public): the teacher assigns
 * one of her lessons, all its presentations or chosen ones, as home practice for its student. Each
 * assignment has its own random, revocable link (the public-link kit, decision 029) that opens the
 * parent's player, where each try is tapped as said right, said with help, or not yet. The tries
 * are the family's, kept apart from the therapist's marks (decision 038).
 */

export {
  CONDUCT_LESSON_PAGE,
  PRACTICE_LINK_KIND,
  PRACTICE_OUTCOMES,
  PRACTICE_PAGE,
  isOldLessonId,
  type PracticeOutcome,
} from './practice-page.ts';

/** The project and role a teacher's practice call acts in. */
export const practiceActingQuery = actingAsQuery;

/** `/practice-assignments/:assignmentId`. */
export const practiceParams = z.object({ assignmentId: idParam });

/** The exercises chosen of the lesson's presentations; null: all of them, as the lesson has them. */
export const practiceExerciseIds = z.array(idParam).min(1).max(LESSON_PRESENTATIONS_MAX).nullable();

/**
 * `POST /practice-assignments`: assigns one of the teacher's lessons as home practice (409 when the
 * lesson has a live assignment already: change that one). Chosen exercises must be the lesson's (422).
 */
export const practiceAssignInput = z.strictObject({
  lesson_id: idParam,
  exercise_ids: practiceExerciseIds.default(null),
});
export type PracticeAssignInput = z.input<typeof practiceAssignInput>;

/** `PUT /practice-assignments/:assignmentId`: what the family practises now. */
export const practiceChangeInput = z.strictObject({ exercise_ids: practiceExerciseIds });
export type PracticeChangeInput = z.input<typeof practiceChangeInput>;

/** How often each outcome was tapped. */
export const practiceCountsSchema = z.object({
  right: z.number().int(),
  helped: z.number().int(),
  not_yet: z.number().int(),
});
export type PracticeCounts = z.infer<typeof practiceCountsSchema>;

/** One presentation of an assignment, with the tries the family tapped for it. */
export const practiceItemSchema = z.object({
  exercise_id: z.number().int(),
  title: z.string(),
  counts: practiceCountsSchema,
  last_practised_at: z.string().nullable(),
});
export type PracticeItem = z.infer<typeof practiceItemSchema>;

/** An assignment as its teacher sees it: what it holds, its link, and how much was practised. */
export const practiceAssignmentSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  lesson_number: z.number().int(),
  client_id: z.number().int(),
  /** The exercises chosen; null: all the lesson's presentations. */
  exercise_ids: z.array(z.number().int()).nullable(),
  items: z.array(practiceItemSchema),
  assigned_at: z.string(),
  updated_at: z.string(),
  /** When it was withdrawn; null while the family may practise it. */
  withdrawn_at: z.string().nullable(),
  /** Days with at least one try. */
  days_practised: z.number().int(),
  last_practised_at: z.string().nullable(),
  link: publicLinkSchema,
});
export type PracticeAssignment = z.infer<typeof practiceAssignmentSchema>;

/** `GET /lesson/:lessonId/practice`: the lesson's live assignment, or null when it has none. */
export const lessonPracticeSchema = practiceAssignmentSchema.nullable();

/** `GET /clients/:clientId/practice`: a student's home practice, every assignment (withdrawn too), newest first. */
export const studentPracticeSchema = z.object({
  assignments: z.array(practiceAssignmentSchema),
  totals: practiceCountsSchema,
  days_practised: z.number().int(),
  last_practised_at: z.string().nullable(),
});
export type StudentPractice = z.infer<typeof studentPracticeSchema>;

/** One presentation of the parent's player: its title and its slide images in order. */
export const practiceSlideDeckSchema = z.object({
  exercise_id: z.number().int(),
  title: z.string(),
  /** Where each slide image is read, by the link's token (none: the title alone is shown). */
  image_urls: z.array(z.string()),
  counts: practiceCountsSchema,
});

/**
 * `GET /home-practice/:token` (public): what the parent's player shows. No educator's text, mark,
 * note or other child: the server answers through this schema, which drops every other field.
 */
export const practicePlaySchema = z.object({
  language: z.enum(LANGUAGES),
  child_name: z.string(),
  lesson_number: z.number().int(),
  presentations: z.array(practiceSlideDeckSchema),
});
export type PracticePlay = z.infer<typeof practicePlaySchema>;

/** `GET /home-practice/:token/slide?exercise_id=&slide=`: one slide image of a presentation, from 0. */
export const practiceSlideQuery = z.object({
  exercise_id: idParam,
  slide: z.coerce
    .number()
    .int()
    .min(0)
    .max(LESSON_SESSION_SLIDE_MAX - 1),
});

/**
 * `POST /home-practice/:token/tries`: one tap, stored at once. `key` is made by the player for each
 * tap (a uuid): a second request with the same key (a double tap, a retry) records nothing more.
 */
export const practiceTryInput = z.strictObject({
  key: z.uuid(),
  exercise_id: idParam,
  outcome: z.enum(PRACTICE_OUTCOMES),
});
export type PracticeTryInput = z.input<typeof practiceTryInput>;

/** The answer to a tap: the presentation's counts now, and whether this tap was new. */
export const practiceTrySchema = z.object({
  recorded: z.boolean(),
  counts: practiceCountsSchema,
});
export type PracticeTry = z.infer<typeof practiceTrySchema>;

/** One live assignment on the family's dashboard: its link and how much was practised. */
export const familyPracticeItemSchema = z.object({
  lesson_number: z.number().int(),
  url: z.string(),
  presentations: z.array(z.string()),
  tries: z.number().int(),
  last_practised_at: z.string().nullable(),
});

/** `GET /parent-dashboard/:token/practice` (public): the child's live assignments. */
export const familyPracticeSchema = z.object({
  language: z.enum(LANGUAGES),
  assignments: z.array(familyPracticeItemSchema),
});
export type FamilyPractice = z.infer<typeof familyPracticeSchema>;
