import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import {
  LESSON_DURATION_MAX,
  LESSON_DURATION_MIN,
  PROTOCOL_BLOCKS_MAX,
  PROTOCOL_PRESENTATIONS_MAX,
} from '../common/limits.ts';
import { USAGE_FREQUENCIES } from '../exercises/schemas.ts';
import { deadlineSchema, timeZoneSchema } from '../plans/plans.ts';
import { lessonStoryPartSchema } from '../stories/schemas.ts';

/** A lesson is open until its teacher finishes it (spec §4: finished or not finished). */
export const LESSON_STATUSES = ['open', 'finished'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/** The most presentations one lesson holds: every block of a plan at its largest. */
export const LESSON_PRESENTATIONS_MAX = PROTOCOL_BLOCKS_MAX * PROTOCOL_PRESENTATIONS_MAX;

/** A lesson's length in minutes (spec §9). */
export const lessonDurationSchema = z.number().int().min(LESSON_DURATION_MIN).max(LESSON_DURATION_MAX);

/** One presentation of a lesson: an exercise of the block's folder, in the block's order. */
export const lessonPresentationSchema = z.object({
  exercise_id: z.number().int(),
  title: z.string(),
  /** How often the exercise may be used across one plan (spec §3: 1 or 3 times). */
  usage_frequency: z.literal(USAGE_FREQUENCIES),
  /** The first slide's image, read with the bearer token; null while the deck has no rendered slide. */
  thumbnail_url: z.string().nullable(),
});
export type LessonPresentation = z.infer<typeof lessonPresentationSchema>;

/**
 * A block of a lesson: the plan's block (its target, the template block's category, the folder the
 * plan picked and its bounds) and the presentations the lesson takes from it.
 */
export const lessonBlockSchema = z.object({
  key: z.string(),
  target: z.string(),
  category_name: z.string(),
  /** The folder the plan picked for the block (exercises in it or below it fill the block); null while none. */
  folder_id: z.number().int().nullable(),
  folder_name: z.string(),
  min_presentations: z.number().int(),
  max_presentations: z.number().int(),
  presentations: z.array(lessonPresentationSchema),
});
export type LessonBlock = z.infer<typeof lessonBlockSchema>;

/** A lesson (spec §3 Lesson: its plan, its presentations, the previous lesson) as its teacher sees it. */
export const lessonSchema = z.object({
  id: z.number().int(),
  protocol_id: z.number().int(),
  /** The plan's name: the title of the template version it was made from. */
  plan_title: z.string(),
  client: z.object({ id: z.number().int(), child_name: z.string() }),
  /** Its place in the plan, 1 to the plan's number of lessons (spec §9: 10). */
  number: z.number().int(),
  /** When it starts (ISO, UTC); null until the teacher sets it. */
  starts_at: z.string().nullable(),
  duration_minutes: z.number().int(),
  status: z.enum(LESSON_STATUSES),
  finished_at: z.string().nullable(),
  /** Being regenerated (spec §4, §8): nothing may change it until the regeneration ends. */
  locked: z.boolean(),
  /** The lesson before it in the plan; null for the first. */
  previous_lesson_id: z.number().int().nullable(),
  /** The lesson after it, where presentations not reached move; null for the last. */
  next_lesson_id: z.number().int().nullable(),
  blocks: z.array(lessonBlockSchema),
  /** Story parts the teacher put into it, played after the blocks' presentations in the order added. */
  story_parts: z.array(lessonStoryPartSchema),
  updated_at: z.string(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** A row of the lessons list: the lesson, its student and plan, and what is left to prepare. */
export const lessonListItemSchema = lessonSchema.omit({ blocks: true, story_parts: true }).extend({
  /** Presentations in the lesson. */
  presentations: z.number().int(),
  /** Blocks of the plan whose presentations are within their bounds, of `blocks_total`. */
  blocks_ready: z.number().int(),
  blocks_total: z.number().int(),
});
export type LessonListItem = z.infer<typeof lessonListItemSchema>;

/** The project and role a lessons call acts in, and the teacher's time zone (the list's weeks). */
export const lessonActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
  time_zone: timeZoneSchema.optional(),
});

/**
 * `GET /lessons`: the teacher's lessons, the earliest first (those without a date last). `week`:
 * any day 'YYYY-MM-DD'; the list keeps the lessons of the week that holds it (Monday first, spec
 * §2), judged in `time_zone` (UTC when absent).
 */
export const lessonsQuery = pageQuery.extend({
  ...lessonActingQuery.shape,
  week: deadlineSchema.optional(),
  status: z.enum(LESSON_STATUSES).optional(),
  protocol_id: idParam.optional(),
  client_id: idParam.optional(),
});
export type LessonsQuery = z.infer<typeof lessonsQuery>;

export const lessonsPageEnvelope = pageEnvelope(lessonListItemSchema);
export type LessonsPage = z.infer<typeof lessonsPageEnvelope>;

export const lessonParams = z.object({ lessonId: idParam });

/** One block of a lesson as the teacher saves it: the block's key and its exercises in order. */
export const lessonBlockInput = z.strictObject({
  key: z.uuid(),
  exercise_ids: z.array(bodyId).max(PROTOCOL_PRESENTATIONS_MAX),
});

/**
 * `PUT /lesson/:lessonId`: the date, the length and every block's presentations at once. The rules
 * of spec §5 (`lessonProblems`: bounds per block, usage across the plan) are the server's to check
 * against the plan; a block left out has no presentations.
 */
export const lessonInput = z
  .strictObject({
    starts_at: z.iso.datetime({ offset: true }).nullable(),
    duration_minutes: lessonDurationSchema,
    blocks: z.array(lessonBlockInput).max(PROTOCOL_BLOCKS_MAX),
  })
  .superRefine((lesson, context) => {
    const keys = new Set<string>();
    lesson.blocks.forEach((block, index) => {
      if (keys.has(block.key))
        context.addIssue({ code: 'custom', path: ['blocks', index, 'key'], message: 'unique' });
      keys.add(block.key);
    });
  });
export type LessonInput = z.input<typeof lessonInput>;

/**
 * `POST /exercises/generate-lesson`: fills the lesson from its blocks' folders (`generateLesson`).
 * The presentations already there stay and the rest is added, unless `replace` asks for a new fill.
 */
export const generateLessonInput = z.strictObject({
  lesson_id: bodyId,
  replace: z.boolean().default(false),
});
export type GenerateLessonInput = z.input<typeof generateLessonInput>;

/**
 * `POST /exercises/generate-plan`: fills every lesson of the plan not held yet (nor being
 * regenerated) at once, each block's minimum in every lesson before more (`fillPlan`). What the
 * lessons hold stays, unless `replace` asks for a new fill of them all.
 */
export const generatePlanInput = z.strictObject({
  protocol_id: bodyId,
  replace: z.boolean().default(false),
});
export type GeneratePlanInput = z.input<typeof generatePlanInput>;

/** `GET /lessons/plan-supply?protocol_id=`. */
export const planSupplyQuery = lessonActingQuery.extend({ protocol_id: idParam });

/**
 * A block whose folder runs short for the plan's lessons still to fill (`planSupply`): which lessons
 * would stay below its minimum, what they need against what the folder has left, what would fix it,
 * and all of it said in the caller's language (`message`).
 */
export const blockShortageSchema = z.object({
  key: z.string(),
  target: z.string(),
  folder_name: z.string(),
  min_presentations: z.number().int(),
  /** The lessons' numbers (from 1). */
  lessons: z.array(z.number().int()),
  need: z.number().int(),
  supply: z.number().int(),
  /** The other blocks (by target) whose folder is the same: its supply serves them too. */
  shared_with: z.array(z.string()),
  /** New exercises, usable `SUPPLY_FIX_USAGE` times, that the folder would need. */
  add_exercises: z.number().int(),
  /** The largest minimum every lesson would reach as the folder is; null when none would. */
  lower_min_to: z.number().int().nullable(),
  message: z.string(),
});
export type BlockShortageView = z.infer<typeof blockShortageSchema>;

/** Where a plan's supply runs short before filling: nothing in `shortages` when every lesson will do. */
export const planSupplySchema = z.object({
  /** The lessons not held yet (nor being regenerated), by number: those a fill of the plan fills. */
  lessons_to_fill: z.array(z.number().int()),
  shortages: z.array(blockShortageSchema),
});
export type PlanSupplyView = z.infer<typeof planSupplySchema>;

/** The answer to `POST /exercises/generate-plan`: the lessons filled and those left short. */
export const planFillResultSchema = planSupplySchema.extend({
  /** The lessons written, by number: each reaches every block's minimum. */
  filled: z.array(z.number().int()),
});
export type PlanFillResultView = z.infer<typeof planFillResultSchema>;

/**
 * `POST /lesson/finish`: the lesson is over; `reached` are the exercises shown. The presentations not
 * reached move to the plan's next lesson (spec §4), or nothing changes (409, spec §8).
 */
export const finishLessonInput = z.strictObject({
  lesson_id: bodyId,
  reached: z.array(bodyId).max(LESSON_PRESENTATIONS_MAX),
});
export type FinishLessonInput = z.input<typeof finishLessonInput>;

/** `GET /lessons/check-lesson?lesson_id=`. */
export const lessonCheckQuery = lessonActingQuery.extend({ lesson_id: idParam });

/** What a block of a lesson still lacks. */
export const lessonCheckBlockSchema = z.object({
  key: z.string(),
  target: z.string(),
  presentations: z.number().int(),
  min_presentations: z.number().int(),
  max_presentations: z.number().int(),
  /** Presentations still needed to reach the minimum (0 when reached). */
  missing: z.number().int(),
  /** What is wrong with the block, in the request's language (spec §5 rules). */
  problems: z.array(z.string()),
});

/**
 * Whether a lesson can be held: `valid` when every block keeps the rules of spec §5, `ready` when
 * it is valid, has a date and is not being regenerated or finished; `problems` say what else
 * stands in the way.
 */
export const lessonCheckSchema = z.object({
  lesson_id: z.number().int(),
  valid: z.boolean(),
  ready: z.boolean(),
  blocks: z.array(lessonCheckBlockSchema),
  problems: z.array(z.string()),
});
export type LessonCheck = z.infer<typeof lessonCheckSchema>;

/** The Monday of the week that holds a day ('YYYY-MM-DD' in, 'YYYY-MM-DD' out; weeks start Monday). */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
