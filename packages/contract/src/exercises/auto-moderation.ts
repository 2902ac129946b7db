import { z } from 'zod';

/**
 * Auto-moderation (issue 6, spec §6): rules a moderator switches on per project that run when an
 * exercise is submitted and accept it or send it back (declined) on their own, with the reasons.
 *
 * - `valid_deck`: a .pptx is uploaded (checked as a real deck on upload) and has at least one slide;
 * - `unique_title`: no other exercise of the project has the title, ignoring case;
 * - `required_fields`: category, at least one tag and the deck, and the instruction and description
 *   (the texts a teacher works from; completeness itself asks only for the first three);
 * - `no_empty_slides`: every slide has some text (a slide of pictures only counts as empty).
 */
export const AUTO_MODERATION_RULES = [
  'valid_deck',
  'unique_title',
  'required_fields',
  'no_empty_slides',
] as const;
export type AutoModerationRule = (typeof AUTO_MODERATION_RULES)[number];

/** What happens to a submission that passes every rule switched on. */
export const AUTO_MODERATION_ON_PASS = ['accept', 'leave_for_moderator'] as const;
export type AutoModerationOnPass = (typeof AUTO_MODERATION_ON_PASS)[number];

const rulesSchema = z.object(
  Object.fromEntries(AUTO_MODERATION_RULES.map((rule) => [rule, z.boolean()])) as Record<
    AutoModerationRule,
    z.ZodBoolean
  >,
);

/** A project's auto-moderation settings (`PUT /exercises/auto-moderation`). */
export const autoModerationSettingsInput = z.strictObject({
  enabled: z.boolean(),
  /** Every rule, on or off. */
  rules: rulesSchema.strict(),
  on_pass: z.enum(AUTO_MODERATION_ON_PASS),
});
export type AutoModerationSettingsInput = z.infer<typeof autoModerationSettingsInput>;

/** The settings as `GET /exercises/auto-moderation` answers them, with who changed them last. */
export const autoModerationSettingsSchema = z.object({
  enabled: z.boolean(),
  rules: rulesSchema,
  on_pass: z.enum(AUTO_MODERATION_ON_PASS),
  /** Null while the project keeps the defaults. */
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updated_at: z.string().nullable(),
});
export type AutoModerationSettings = z.infer<typeof autoModerationSettingsSchema>;

/** A project that never saved its settings: off, every rule ticked, a pass left to the moderator. */
export const DEFAULT_AUTO_MODERATION: AutoModerationSettingsInput = {
  enabled: false,
  rules: { valid_deck: true, unique_title: true, required_fields: true, no_empty_slides: true },
  on_pass: 'leave_for_moderator',
};

/** Stored settings read leniently: what does not parse falls back to the default. */
export function readAutoModerationSettings(stored: unknown): AutoModerationSettingsInput {
  const parsed = autoModerationSettingsInput.safeParse(stored);
  return parsed.success
    ? parsed.data
    : { ...DEFAULT_AUTO_MODERATION, rules: { ...DEFAULT_AUTO_MODERATION.rules } };
}

/** The fields `required_fields` asks for, named as the API names them. */
export const AUTO_MODERATION_FIELDS = [
  'category_id',
  'tag_ids',
  'presentation',
  'instruction',
  'description',
] as const;
export type AutoModerationField = (typeof AUTO_MODERATION_FIELDS)[number];

/** What the rules look at, read from the exercise when it is submitted. */
export interface ExerciseFacts {
  /** Whether a .pptx is uploaded (an `exercise_files` presentation row). */
  has_deck: boolean;
  /** Slides of the deck; null without one. */
  slide_count: number | null;
  /** The text of each slide, in order (`slide_text` split by form feed); empty without a deck. */
  slide_texts: readonly string[];
  /** Whether another exercise of the project has the title, ignoring case. */
  title_taken: boolean;
  category_id: number | null;
  tag_count: number;
  instruction: string;
  description: string;
}

/** A rule's objection: the fields it misses or the 1-based slides it finds empty. */
export interface AutoModerationProblem {
  rule: AutoModerationRule;
  fields?: AutoModerationField[];
  slides?: number[];
}

/** The slides (1-based) with no text but white space. */
function emptySlides(facts: ExerciseFacts): number[] {
  const count = facts.slide_count ?? 0;
  const empty: number[] = [];
  for (let index = 0; index < count; index += 1) {
    if ((facts.slide_texts[index] ?? '').trim() === '') empty.push(index + 1);
  }
  return empty;
}

function missingFields(facts: ExerciseFacts): AutoModerationField[] {
  const missing: AutoModerationField[] = [];
  if (facts.category_id === null) missing.push('category_id');
  if (facts.tag_count < 1) missing.push('tag_ids');
  if (!facts.has_deck) missing.push('presentation');
  if (facts.instruction.trim() === '') missing.push('instruction');
  if (facts.description.trim() === '') missing.push('description');
  return missing;
}

/**
 * Runs the rules switched on against an exercise's facts: one problem per failing rule, in the
 * order of AUTO_MODERATION_RULES; empty when it passes.
 */
export function checkExercise(
  facts: ExerciseFacts,
  rules: Readonly<Record<AutoModerationRule, boolean>>,
): AutoModerationProblem[] {
  const problems: AutoModerationProblem[] = [];
  if (rules.valid_deck && (!facts.has_deck || (facts.slide_count ?? 0) < 1)) {
    problems.push({ rule: 'valid_deck' });
  }
  if (rules.unique_title && facts.title_taken) problems.push({ rule: 'unique_title' });
  if (rules.required_fields) {
    const fields = missingFields(facts);
    if (fields.length > 0) problems.push({ rule: 'required_fields', fields });
  }
  if (rules.no_empty_slides) {
    const slides = emptySlides(facts);
    if (slides.length > 0) problems.push({ rule: 'no_empty_slides', slides });
  }
  return problems;
}

/** The outcome of a submission: declined with the problems, accepted, or left for a moderator. */
export type AutoModerationOutcome = 'declined' | 'accepted' | 'moderation';

export function autoModerationOutcome(
  settings: AutoModerationSettingsInput,
  problems: readonly AutoModerationProblem[],
): AutoModerationOutcome {
  if (!settings.enabled) return 'moderation';
  if (problems.length > 0) return 'declined';
  return settings.on_pass === 'accept' ? 'accepted' : 'moderation';
}
