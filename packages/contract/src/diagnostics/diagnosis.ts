import { z } from 'zod';
import { bodyId } from '../common/envelope.ts';
import { CLIENT_NAME_MAX, CLIENT_NAME_MIN } from '../common/limits.ts';
import { questionsOf, DC_TEXT_MAX, type DiagnosticCardContent, type Question } from './card.ts';

/**
 * A diagnosis: one filling of a published card version for one student (spec §3 Diagnostic card:
 * client name, child name, birthdate, diagnostic date; violations, qualifications, recommended
 * program, status). A repeated diagnosis of the same student on the same card is a new diagnosis:
 * the earlier ones stay, and progress compares them.
 */

/** Spec §4: a diagnosis is a draft until it is sent to the parents, or fails to be (`not_sent`). */
export const DIAGNOSIS_STATUSES = ['draft', 'sent', 'not_sent'] as const;
export type DiagnosisStatus = (typeof DIAGNOSIS_STATUSES)[number];

/** When a block is to be examined (spec §4): at the start, or during the therapist's work. */
export const EXAMINATION_TIMES = ['start', 'during'] as const;
export type ExaminationTime = (typeof EXAMINATION_TIMES)[number];

/** How far a flagged block's examination is (spec §4: ready, further examination, done). */
export const EXAMINATION_STATUSES = ['ready', 'further', 'done'] as const;
export type ExaminationStatus = (typeof EXAMINATION_STATUSES)[number];

/** Spec §9: a scale answer should move at most this many divisions within a month. */
export const SCALE_CHANGE_MAX_DIVISIONS = 2;
/** "Within a month": the earlier diagnosis was at most this many days before. */
export const SCALE_CHANGE_WINDOW_DAYS = 31;

/** Longest text answer. */
export const DC_ANSWER_TEXT_MAX = DC_TEXT_MAX;

/**
 * One answer, by its question's type: a text, the key of the one variant picked, the keys of the
 * variants picked, a scale's division, or a table's picked column keys per row key.
 */
export const answerSchema = z.union([
  z.strictObject({ text: z.string().max(DC_ANSWER_TEXT_MAX) }),
  z.strictObject({ variant: z.string().max(64) }),
  z.strictObject({ variants: z.array(z.string().max(64)).max(100) }),
  z.strictObject({ value: z.number().int() }),
  z.strictObject({ cells: z.record(z.string().max(64), z.array(z.string().max(64)).max(100)) }),
]);
export type Answer = z.infer<typeof answerSchema>;

/** Answers by question key. */
export const answersSchema = z.record(z.string().max(64), answerSchema);
export type Answers = z.infer<typeof answersSchema>;

/** A block's examination flag and where it stands. */
export const blockMarkSchema = z.strictObject({
  examination: z.enum(EXAMINATION_TIMES),
  status: z.enum(EXAMINATION_STATUSES),
});
export type BlockMark = z.infer<typeof blockMarkSchema>;
export const blockMarksSchema = z.record(z.string().max(64), blockMarkSchema);
export type BlockMarks = z.infer<typeof blockMarksSchema>;

/** Why an answer does not fit its question. */
export type AnswerProblem =
  'wrong_type' | 'unknown_variant' | 'too_many' | 'out_of_scale' | 'unknown_question';

/** Whether an answer says anything (an empty text or an empty pick is no answer). */
export function isAnswered(answer: Answer | undefined): boolean {
  if (answer === undefined) return false;
  if ('text' in answer) return answer.text.trim() !== '';
  if ('variant' in answer) return true;
  if ('variants' in answer) return answer.variants.length > 0;
  if ('value' in answer) return true;
  return Object.values(answer.cells).some((picked) => picked.length > 0);
}

/** What is wrong with one answer to its question, or null when it fits. */
export function answerProblem(question: Question, answer: Answer): AnswerProblem | null {
  const variantKeys = new Set(question.variants.map((variant) => variant.key));
  switch (question.type) {
    case 'short_text':
    case 'long_text':
      return 'text' in answer ? null : 'wrong_type';
    case 'one_variant':
      if (!('variant' in answer)) return 'wrong_type';
      return variantKeys.has(answer.variant) ? null : 'unknown_variant';
    case 'many_variants':
      if (!('variants' in answer)) return 'wrong_type';
      if (new Set(answer.variants).size !== answer.variants.length) return 'too_many';
      return answer.variants.every((picked) => variantKeys.has(picked)) ? null : 'unknown_variant';
    case 'scale':
      if (!('value' in answer) || question.scale === null) return 'wrong_type';
      return answer.value >= question.scale.from && answer.value <= question.scale.to ? null : 'out_of_scale';
    case 'table': {
      if (!('cells' in answer)) return 'wrong_type';
      const rows = new Set(question.rows.map((row) => row.key));
      const columns = new Set(question.columns.map((column) => column.key));
      for (const [row, picked] of Object.entries(answer.cells)) {
        if (!rows.has(row) || !picked.every((column) => columns.has(column))) return 'unknown_variant';
        if (new Set(picked).size !== picked.length) return 'too_many';
        if (!question.multiple && picked.length > 1) return 'too_many';
      }
      return null;
    }
  }
}

/** Every answer that does not fit the card, by question key (an answer to no question of the card too). */
export function answerProblems(
  content: DiagnosticCardContent,
  answers: Answers,
): Record<string, AnswerProblem> {
  const questions = new Map(questionsOf(content).map((question) => [question.key, question]));
  const problems: Record<string, AnswerProblem> = {};
  for (const [questionKey, answer] of Object.entries(answers)) {
    const question = questions.get(questionKey);
    const problem = question === undefined ? 'unknown_question' : answerProblem(question, answer);
    if (problem !== null) problems[questionKey] = problem;
  }
  return problems;
}

/** The required questions left unanswered, in card order (spec §5). */
export function missingRequired(content: DiagnosticCardContent, answers: Answers): Question[] {
  return questionsOf(content).filter((question) => question.required && !isAnswered(answers[question.key]));
}

/** A scale answer that moved more than spec §9 recommends since a diagnosis less than a month before. */
export interface ScaleJump {
  question_key: string;
  code: string;
  text: string;
  before: number;
  after: number;
  /** The earlier diagnosis' date, 'YYYY-MM-DD'. */
  since: string;
}

/** Days from one 'YYYY-MM-DD' date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The scale answers moved by more than SCALE_CHANGE_MAX_DIVISIONS since `previous`, when `previous`
 * was at most SCALE_CHANGE_WINDOW_DAYS before `diagnosedOn` (spec §9).
 */
export function scaleJumps(
  content: DiagnosticCardContent,
  answers: Answers,
  diagnosedOn: string,
  previous: { answers: Answers; diagnosed_on: string } | null,
): ScaleJump[] {
  if (previous === null) return [];
  const days = daysBetween(previous.diagnosed_on, diagnosedOn);
  if (days < 0 || days > SCALE_CHANGE_WINDOW_DAYS) return [];
  return questionsOf(content).flatMap((question) => {
    if (question.type !== 'scale') return [];
    const now = answers[question.key];
    const before = previous.answers[question.key];
    if (now === undefined || before === undefined || !('value' in now) || !('value' in before)) return [];
    if (Math.abs(now.value - before.value) <= SCALE_CHANGE_MAX_DIVISIONS) return [];
    return [
      {
        question_key: question.key,
        code: question.code,
        text: question.text,
        before: before.value,
        after: now.value,
        since: previous.diagnosed_on,
      },
    ];
  });
}

const personName = z.string().trim().min(CLIENT_NAME_MIN).max(CLIENT_NAME_MAX);
const isoDate = z.iso.date();

/** Start a diagnosis of a student on a published card: the header is prefilled from the student. */
export const diagnosisCreateInput = z.strictObject({
  card_id: bodyId,
});

/** What the filling screen saves (autosave and the explicit save alike). */
export const diagnosisUpdateInput = z.strictObject({
  client_name: personName,
  child_name: personName,
  birthdate: isoDate.nullable(),
  diagnosed_on: isoDate,
  answers: answersSchema,
  block_marks: blockMarksSchema.default({}),
  /** Free notes of the diagnostician (not shown to parents). */
  notes: z.string().max(DC_TEXT_MAX).default(''),
});
export type DiagnosisUpdateInput = z.input<typeof diagnosisUpdateInput>;

/**
 * The explicit save that completes a diagnosis: refused while a required question is unanswered
 * unless `without_required`, and while a scale moved too far unless `scale_changes_seen` (spec §5, §9).
 */
export const diagnosisCompleteInput = z.strictObject({
  without_required: z.boolean().default(false),
  scale_changes_seen: z.boolean().default(false),
});
