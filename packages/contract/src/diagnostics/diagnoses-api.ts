import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { remoteClientQuery } from '../crm/schemas.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { timeZoneSchema } from '../plans/plans.ts';
import { bandFor } from './bands.ts';
import {
  BAND_KINDS,
  questionsOf,
  diagnosticCardContentSchema,
  type Band,
  type ComputedBlock,
  type DiagnosticCardContent,
  type Question,
} from './card.ts';
import { cardFormulaTypes } from './card-check.ts';
import {
  DIAGNOSIS_STATUSES,
  answersSchema,
  blockMarksSchema,
  isAnswered,
  type Answer,
  type Answers,
} from './diagnosis.ts';
import type { FormulaOutcome } from './formula-evaluate.ts';
import { evaluateOrdered, orderFormulas } from './formula-order.ts';
import type { FormulaValue } from './formula.ts';

/**
 * The diagnoses' API (issue 16 items 4, 5): a teacher's or an assigned diagnostician's fillings of
 * a published card for a student, the diagnostician's students, and who is assigned to a student.
 */

/** The project and role a diagnoses call acts in, and the caller's time zone ("today"). */
export const diagnosisActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
  /** Where "today" is judged for a new diagnosis' date; UTC when absent. */
  time_zone: timeZoneSchema.optional(),
});

/** `/clients/:clientId/diagnoses`, `/clients/:clientId/diagnosticians`. */
export const clientDiagnosesParams = z.object({ clientId: idParam });
/** `/diagnoses/:diagnosisId`. */
export const diagnosisParams = z.object({ diagnosisId: idParam });

const person = z.object({ id: z.number().int(), name: z.string() });
const cardRef = z.object({ id: z.number().int(), title: z.string(), version: z.number().int() });

/** One diagnosis in a student's list. */
export const diagnosisListItemSchema = z.object({
  id: z.number().int(),
  card: cardRef,
  diagnosed_on: z.string(),
  status: z.enum(DIAGNOSIS_STATUSES),
  completed_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  filled_by: person,
});
export type DiagnosisListItem = z.infer<typeof diagnosisListItemSchema>;

/** `GET /clients/:clientId/diagnoses`: the student (for the screen's heading) and their diagnoses, newest first. */
export const clientDiagnosesSchema = z.object({
  client: z.object({
    id: z.number().int(),
    child_name: z.string(),
    language: z.enum(LANGUAGES),
    teacher: person,
  }),
  diagnoses: z.array(diagnosisListItemSchema),
});
export type ClientDiagnoses = z.infer<typeof clientDiagnosesSchema>;

/** A computed block's result: its value (null while answers are missing or the formula fails), its band. */
export const diagnosisResultSchema = z.object({
  key: z.string(),
  code: z.string(),
  title: z.string(),
  value: z.number().nullable(),
  /** The codes of the unanswered questions (or blocks) the value still needs. */
  missing: z.array(z.string()),
  /** The formula error's code, when it fails. */
  error: z.string().nullable(),
  band: z
    .object({
      label: z.string(),
      kind: z.enum(BAND_KINDS),
      from: z.number(),
      to: z.number(),
      program: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    })
    .nullable(),
});
export type DiagnosisResult = z.infer<typeof diagnosisResultSchema>;

/** Whether the parents' link exists and works. */
export const DIAGNOSIS_LINK_STATES = ['none', 'active', 'revoked'] as const;

/** One diagnosis as its filling screen reads it. */
export const diagnosisSchema = z.object({
  id: z.number().int(),
  client: z.object({ id: z.number().int(), child_name: z.string(), language: z.enum(LANGUAGES) }),
  card: cardRef,
  /** The card version it is made from. */
  content: diagnosticCardContentSchema,
  client_name: z.string(),
  child_name: z.string(),
  birthdate: z.string().nullable(),
  diagnosed_on: z.string(),
  answers: answersSchema,
  block_marks: blockMarksSchema,
  notes: z.string(),
  status: z.enum(DIAGNOSIS_STATUSES),
  send_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  updated_at: z.string(),
  filled_by: person,
  results: z.array(diagnosisResultSchema),
  /** The student's diagnosis on the same card just before this one (spec §9 compares scales with it). */
  previous: z.object({ id: z.number().int(), diagnosed_on: z.string(), answers: answersSchema }).nullable(),
  link: z.enum(DIAGNOSIS_LINK_STATES),
  /** Sent diagnoses are read-only: a repeated diagnosis is a new one. */
  read_only: z.boolean(),
});
export type Diagnosis = z.infer<typeof diagnosisSchema>;

/** `GET /diagnostician/clients`: the caller's assigned students, by a part of the child's name. */
export const diagnosticianClientsQuery = pageQuery.extend({
  workspace_id: idParam,
  role_id: idParam.optional(),
  term: z.string().trim().max(100).optional(),
});
export type DiagnosticianClientsQuery = z.infer<typeof diagnosticianClientsQuery>;

/** One assigned student, with their teacher and diagnoses. */
export const diagnosticianClientSchema = z.object({
  id: z.number().int(),
  child_name: z.string(),
  language: z.enum(LANGUAGES),
  teacher: person,
  diagnoses: z.array(
    z.object({
      id: z.number().int(),
      card_title: z.string(),
      status: z.enum(DIAGNOSIS_STATUSES),
      diagnosed_on: z.string(),
      completed_at: z.string().nullable(),
    }),
  ),
});
export type DiagnosticianClient = z.infer<typeof diagnosticianClientSchema>;
export const diagnosticianClientsPageEnvelope = pageEnvelope(diagnosticianClientSchema);
export type DiagnosticianClientsPage = z.infer<typeof diagnosticianClientsPageEnvelope>;

/** A diagnostician of the project. */
export const diagnosticianSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Diagnostician = z.infer<typeof diagnosticianSchema>;

/**
 * A diagnostician a student is assigned to, with who assigned her and when: the student's teacher
 * sees an assignment made by an admin or root (decision 026).
 */
export const assignedDiagnosticianSchema = diagnosticianSchema.extend({
  /** Who made the assignment; null when that account was deleted. */
  assigned_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  assigned_at: z.string(),
});
export type AssignedDiagnostician = z.infer<typeof assignedDiagnosticianSchema>;

/** Most diagnosticians one student is assigned to. */
export const CLIENT_DIAGNOSTICIANS_MAX = 20;

/** `PUT /clients/:clientId/diagnosticians`: the whole list of the student's diagnosticians. */
export const clientDiagnosticiansInput = z.strictObject({
  user_ids: z.array(bodyId).max(CLIENT_DIAGNOSTICIANS_MAX),
});
export type ClientDiagnosticiansInput = z.input<typeof clientDiagnosticiansInput>;

/** `GET /get-remote-diagnostician?remote_id=` (CRM token, spec §7). */
export const remoteDiagnosticianQuery = remoteClientQuery.pick({ workspace_id: true, remote_id: true });

// ---- Evaluating a diagnosis' computed blocks (server and web alike). ----

/** A computed block's outcome and the band it falls in. */
export interface ComputedOutcome {
  block: ComputedBlock;
  outcome: FormulaOutcome;
  band: Band | null;
}

/**
 * A question's value for formulas: a text's text, a picked variant's score, the picked variants'
 * scores, a scale's division, a table's picked columns' scores (a variant without a score counts 0).
 */
export function answerFormulaValue(question: Question, answer: Answer | undefined): FormulaValue | undefined {
  if (answer === undefined || !isAnswered(answer)) return undefined;
  const scoreOf = (list: readonly { key: string; score: number | null }[], key: string) =>
    list.find((item) => item.key === key)?.score ?? 0;
  if ('text' in answer) return answer.text;
  if ('variant' in answer) return scoreOf(question.variants, answer.variant);
  if ('variants' in answer) return answer.variants.map((key) => scoreOf(question.variants, key));
  if ('value' in answer) return answer.value;
  return Object.values(answer.cells).flatMap((picked) => picked.map((key) => scoreOf(question.columns, key)));
}

/**
 * Every computed block of a card from the answers, in the card's order: its value, or the answers it
 * still needs, or its error; and the band its value falls in.
 */
export function computedOutcomes(content: DiagnosticCardContent, answers: Answers): ComputedOutcome[] {
  const values: Record<string, FormulaValue | undefined> = Object.create(null);
  for (const question of questionsOf(content)) {
    values[question.code] = answerFormulaValue(question, answers[question.key]);
  }
  const order = orderFormulas(
    content.computed.map((block) => ({ name: block.code, source: block.formula })),
    cardFormulaTypes({ blocks: content.blocks, computed: [] }),
  );
  if (!order.ok) {
    // A block with no error of its own waits for one that has (a cycle it uses): it shows that one.
    const first = order.errors[0]?.error ?? { code: 'cycle', params: { cycle: '' } };
    return content.computed.map((block) => ({
      block,
      outcome: {
        kind: 'error',
        error: order.errors.find((error) => error.name === block.code)?.error ?? first,
      },
      band: null,
    }));
  }
  const outcomes = evaluateOrdered(order, values);
  return content.computed.map((block) => {
    const outcome: FormulaOutcome = outcomes[block.code] ?? { kind: 'incomplete', missing: [] };
    const index = outcome.kind === 'value' ? bandFor(outcome.value, block.bands) : null;
    return { block, outcome, band: index === null ? null : (block.bands[index] ?? null) };
  });
}
