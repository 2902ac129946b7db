import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { lessonSchema } from '../lessons/schemas.ts';

/**
 * Recommended programs and exercise complexes (spec §3 "Exercise complex and recommended program:
 * name, content"; issue 16 item 7): the project's moderators keep them, a computed block's band
 * points at a program, and a teacher fills a lesson from one. Their content is accepted exercises
 * of the project in order, each with a note.
 */

/** What a program is: a recommended program (a band points at one) or an exercise complex. */
export const PROGRAM_KINDS = ['program', 'complex'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];

/** Bounds of a program (the spec leaves the numbers to us). */
export const PROGRAM_NAME_MAX = 200;
export const PROGRAM_DESCRIPTION_MAX = 4000;
export const PROGRAM_NOTE_MAX = 1000;
export const PROGRAM_ITEMS_MAX = 100;

/** One exercise of a program, with what the teacher should know about it there. */
export const programItemInput = z.strictObject({
  exercise_id: bodyId,
  note: z.string().trim().max(PROGRAM_NOTE_MAX).default(''),
});
export type ProgramItemInput = z.input<typeof programItemInput>;

/**
 * What a program is written with: its kind, name, description and exercises in order (an exercise
 * once). The server checks that each is an accepted exercise of the project.
 */
export const programInput = z
  .strictObject({
    kind: z.enum(PROGRAM_KINDS),
    name: z.string().trim().min(1).max(PROGRAM_NAME_MAX),
    description: z.string().trim().max(PROGRAM_DESCRIPTION_MAX).default(''),
    items: z.array(programItemInput).max(PROGRAM_ITEMS_MAX),
  })
  .superRefine((program, context) => {
    const seen = new Set<number>();
    program.items.forEach((item, index) => {
      if (seen.has(item.exercise_id)) {
        context.addIssue({ code: 'custom', path: ['items', index, 'exercise_id'], message: 'unique' });
      }
      seen.add(item.exercise_id);
    });
  });
export type ProgramInput = z.input<typeof programInput>;

/** An exercise of a program as the API shows it. */
export const programItemSchema = z.object({
  exercise_id: z.number().int(),
  title: z.string(),
  /** The exercise's category, '' when it has none. */
  category_name: z.string(),
  note: z.string(),
});
export type ProgramItem = z.infer<typeof programItemSchema>;

/** A program as the API shows it. */
export const programSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PROGRAM_KINDS),
  name: z.string(),
  description: z.string(),
  items: z.array(programItemSchema),
  updated_at: z.string(),
});
export type Program = z.infer<typeof programSchema>;

/** One row of the programs list: the program without its exercises, with their number. */
export const programListItemSchema = programSchema.omit({ items: true }).extend({ items: z.number().int() });
export type ProgramListItem = z.infer<typeof programListItemSchema>;

/** The project and role a programs call acts in (in the query, as for templates). */
export const programActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});

/** `GET /recommended-programs`: a page of the project's programs of a kind, by name. */
export const programsQuery = pageQuery.extend({
  ...programActingQuery.shape,
  kind: z.enum(PROGRAM_KINDS).optional(),
  /** A case-insensitive part of the name. */
  term: z.string().trim().max(PROGRAM_NAME_MAX).optional(),
});
export type ProgramsQuery = z.infer<typeof programsQuery>;

export const programsPageEnvelope = pageEnvelope(programListItemSchema);
export type ProgramsPage = z.infer<typeof programsPageEnvelope>;

export const programParams = z.object({ programId: idParam });

/** `POST /lesson/:lessonId/from-program`: the program whose exercises go into the lesson. */
export const lessonFromProgramInput = z.strictObject({ program_id: bodyId });

/** Why an exercise of a program did not go into a lesson. */
export const PROGRAM_MISFITS = [
  /** No longer an accepted exercise. */
  'programNotAccepted',
  /** In no folder of the lesson's blocks. */
  'programNoBlock',
  /** Every block whose folder holds it is at its maximum. */
  'programBlockFull',
  /** Already in the block (an exercise comes once per block). */
  'programAlreadyInLesson',
  /** The plan's lessons already use it as often as its usage frequency allows. */
  'programUsageExceeded',
] as const;
export type ProgramMisfit = (typeof PROGRAM_MISFITS)[number];

/** An exercise of the program and where it went. */
export const programPlacementSchema = z.object({
  exercise_id: z.number().int(),
  title: z.string(),
  /** The block it went into (placed), null when it went nowhere. */
  block_key: z.string().nullable(),
  target: z.string().nullable(),
  /** Why it did not fit, null when placed. */
  reason: z.enum(PROGRAM_MISFITS).nullable(),
  /** The reason in the caller's language, '' when placed. */
  message: z.string(),
});
export type ProgramPlacement = z.infer<typeof programPlacementSchema>;

/** What filling a lesson from a program did: the lesson after, the exercises placed and those that did not fit. */
export const lessonFromProgramResultSchema = z.object({
  lesson: lessonSchema,
  placed: z.array(programPlacementSchema),
  not_placed: z.array(programPlacementSchema),
});
export type LessonFromProgramResult = z.infer<typeof lessonFromProgramResultSchema>;

/** A block of the lesson as the placement sees it: its bounds, what it holds, what its folder offers. */
export interface PlacementBlock {
  key: string;
  target: string;
  max_presentations: number;
  exercise_ids: readonly number[];
  /** The accepted exercises of the block's folder. */
  offered: ReadonlySet<number>;
}

/** An exercise of the program as the placement sees it. */
export interface PlacementItem {
  exercise_id: number;
  title: string;
  accepted: boolean;
  usage_frequency: number;
}

/** Where the program's exercises went: each block's exercises after, and each exercise's fate. */
export interface Placement {
  blocks: { key: string; exercise_ids: number[] }[];
  placed: Omit<ProgramPlacement, 'message'>[];
  not_placed: Omit<ProgramPlacement, 'message'>[];
}

/**
 * Puts a program's exercises, in its order, at the end of the first block whose folder offers
 * them and that is below its maximum (spec §5), never twice in the lesson and never more often
 * across the plan than the exercise's usage frequency (`usedElsewhere`: the plan's other lessons).
 * What the lesson holds stays; a block's minimum is the lesson check's to report.
 */
export function placeProgram(
  blocks: readonly PlacementBlock[],
  items: readonly PlacementItem[],
  usedElsewhere: ReadonlyMap<number, number>,
): Placement {
  const after = blocks.map((block) => ({ key: block.key, exercise_ids: [...block.exercise_ids] }));
  const placed: Placement['placed'] = [];
  const notPlaced: Placement['not_placed'] = [];
  const inLesson = () => new Set(after.flatMap((block) => block.exercise_ids));
  for (const item of items) {
    const refuse = (reason: ProgramMisfit) =>
      notPlaced.push({
        exercise_id: item.exercise_id,
        title: item.title,
        block_key: null,
        target: null,
        reason,
      });
    if (!item.accepted) {
      refuse('programNotAccepted');
      continue;
    }
    const candidates = blocks.flatMap((block, index) => (block.offered.has(item.exercise_id) ? [index] : []));
    if (candidates.length === 0) refuse('programNoBlock');
    else if (inLesson().has(item.exercise_id)) refuse('programAlreadyInLesson');
    else if ((usedElsewhere.get(item.exercise_id) ?? 0) >= item.usage_frequency)
      refuse('programUsageExceeded');
    else {
      const index = candidates.find(
        (at) => (after[at]?.exercise_ids.length ?? 0) < (blocks[at]?.max_presentations ?? 0),
      );
      const block = index === undefined ? undefined : blocks[index];
      if (index === undefined || !block) refuse('programBlockFull');
      else {
        after[index]?.exercise_ids.push(item.exercise_id);
        placed.push({
          exercise_id: item.exercise_id,
          title: item.title,
          block_key: block.key,
          target: block.target,
          reason: null,
        });
      }
    }
  }
  return { blocks: after, placed, not_placed: notPlaced };
}
