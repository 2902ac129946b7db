import { z } from 'zod';
import { bodyId } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { FORMULA_RESERVED_WORDS } from './formula.ts';

/**
 * A diagnostic card (spec §3 Diagnostic card; issue 16): a questionnaire a moderator builds and a
 * teacher or diagnostician fills for a student. Its content is blocks of questions and computed
 * blocks whose values come from the answers through a formula (`formula.ts`).
 *
 * Every block, question, variant, row and column carries a `key` (a uuid) that names it across
 * edits and versions: answers are kept by question key and variant/row/column keys, so a diagnosis
 * stays readable after its card changes, and two diagnoses on one card compare block by block. A
 * new item comes without one and the server gives it one. A question's and a computed block's
 * `code` is the name formulas use.
 */

/** The six answer types of spec §3. */
export const ANSWER_TYPES = [
  'short_text',
  'long_text',
  'one_variant',
  'many_variants',
  'scale',
  'table',
] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** The answer types whose question lists variants. */
export const VARIANT_TYPES: readonly AnswerType[] = ['one_variant', 'many_variants'];

/** A card's life (spec §4 covers diagnoses; cards are reviewed like other content: draft → published). */
export const DIAGNOSTIC_CARD_STATUSES = ['draft', 'published'] as const;
export type DiagnosticCardStatus = (typeof DIAGNOSTIC_CARD_STATUSES)[number];

/** What a computed block's band names (spec §3: violations, qualifications). */
export const BAND_KINDS = ['violation', 'qualification'] as const;
export type BandKind = (typeof BAND_KINDS)[number];

/** Bounds of a card (issue 16 leaves the numbers to us). */
export const DC_TITLE_MAX = 200;
export const DC_TEXT_MAX = 4000;
export const DC_LABEL_MAX = 300;
export const DC_BLOCKS_MAX = 40;
export const DC_QUESTIONS_MAX = 60;
export const DC_VARIANTS_MAX = 30;
export const DC_TABLE_ROWS_MAX = 30;
export const DC_TABLE_COLUMNS_MAX = 12;
export const DC_COMPUTED_MAX = 30;
export const DC_BANDS_MAX = 12;
export const DC_CATEGORIES_MAX = 20;
export const DC_FORMULA_MAX = 1000;
/** A scale's ends: whole divisions between -1000 and 1000, at most 100 divisions. */
export const DC_SCALE_LIMIT = 1000;
export const DC_SCALE_DIVISIONS_MAX = 100;
/** A variant's or column's score. */
export const DC_SCORE_LIMIT = 10_000;

/** A name formulas use: a letter or underscore, then letters, digits, underscores. */
export const FORMULA_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
const RESERVED_WORDS: ReadonlySet<string> = new Set(FORMULA_RESERVED_WORDS);
/** A question's or computed block's code: a formula name that is not one of the language's words. */
const codeSchema = z
  .string()
  .trim()
  .regex(FORMULA_NAME_PATTERN, { message: 'formulaName' })
  .superRefine((code, context) => {
    if (RESERVED_WORDS.has(code)) {
      context.addIssue({ code: 'custom', message: 'reservedWord', params: { name: code } });
    }
  });

const label = z.string().trim().min(1).max(DC_LABEL_MAX);
const optionalText = z.string().trim().max(DC_TEXT_MAX);
const score = z.number().min(-DC_SCORE_LIMIT).max(DC_SCORE_LIMIT).nullable().default(null);
const key = z.uuid().optional();

/** A variant of a one- or many-variants question, with its optional score. */
export const variantInput = z.strictObject({ key, label, score });
/** A row of a table of variants. */
export const tableRowInput = z.strictObject({ key, label });
/** A column of a table of variants (what each row's answer picks), with its optional score. */
export const tableColumnInput = z.strictObject({ key, label, score });

/** A scale: whole divisions from `from` to `to`, with the labels of its start, centre and end marks. */
export const scaleInput = z
  .strictObject({
    from: z.number().int().min(-DC_SCALE_LIMIT).max(DC_SCALE_LIMIT),
    to: z.number().int().min(-DC_SCALE_LIMIT).max(DC_SCALE_LIMIT),
    start_label: label,
    centre_label: z.string().trim().max(DC_LABEL_MAX).default(''),
    end_label: label,
  })
  .superRefine((scale, context) => {
    if (scale.to <= scale.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'scaleOrder' });
    } else if (scale.to - scale.from > DC_SCALE_DIVISIONS_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'scaleTooLong',
        params: { count: DC_SCALE_DIVISIONS_MAX },
      });
    }
  });

/**
 * A question: its text, whether it must be answered, its answer type (spec §5: a type must be
 * chosen) and what that type needs: variants (at least two), a scale, or a table's rows and
 * columns with one or many picks per row. Fields another type needs are dropped on save.
 */
export const questionInput = z
  .strictObject({
    key,
    code: codeSchema,
    text: z.string().trim().min(1).max(DC_TEXT_MAX),
    hint: optionalText.default(''),
    required: z.boolean().default(false),
    type: z.enum(ANSWER_TYPES, { message: 'answerTypeRequired' }),
    variants: z.array(variantInput).max(DC_VARIANTS_MAX).default([]),
    scale: scaleInput.nullable().default(null),
    rows: z.array(tableRowInput).max(DC_TABLE_ROWS_MAX).default([]),
    columns: z.array(tableColumnInput).max(DC_TABLE_COLUMNS_MAX).default([]),
    /** A table's rows take several columns each, not one. */
    multiple: z.boolean().default(false),
  })
  .superRefine((question, context) => {
    if (VARIANT_TYPES.includes(question.type) && question.variants.length < 2) {
      context.addIssue({ code: 'custom', path: ['variants'], message: 'variantsMin', params: { count: 2 } });
    }
    if (question.type === 'scale' && question.scale === null) {
      context.addIssue({ code: 'custom', path: ['scale'], message: 'required' });
    }
    if (question.type === 'table') {
      if (question.rows.length < 1) {
        context.addIssue({ code: 'custom', path: ['rows'], message: 'rowsMin', params: { count: 1 } });
      }
      if (question.columns.length < 2) {
        context.addIssue({ code: 'custom', path: ['columns'], message: 'columnsMin', params: { count: 2 } });
      }
    }
  });
export type QuestionInput = z.input<typeof questionInput>;

/** A block of questions, shown in order. */
export const blockInput = z.strictObject({
  key,
  title: z.string().trim().min(1).max(DC_TITLE_MAX),
  description: optionalText.default(''),
  questions: z.array(questionInput).min(1).max(DC_QUESTIONS_MAX),
});
export type BlockInput = z.input<typeof blockInput>;

/**
 * A band of a computed block's value, both ends included ("0–4: severe"): what it names, a
 * violation or a qualification, and the recommended program it points at, if any.
 */
export const bandInput = z
  .strictObject({
    from: z.number().min(-1_000_000).max(1_000_000),
    to: z.number().min(-1_000_000).max(1_000_000),
    label,
    kind: z.enum(BAND_KINDS),
    program_id: bodyId.nullable().default(null),
  })
  .superRefine((band, context) => {
    if (band.to < band.from) context.addIssue({ code: 'custom', path: ['to'], message: 'bandOrder' });
  });
export type BandInput = z.input<typeof bandInput>;

/**
 * A computed block (issue 16 item 2): a value computed from answers by `formula`, read through its
 * bands. Parents see it on the parents' page and in progress unless `parents_visible` is off.
 */
export const computedBlockInput = z.strictObject({
  key,
  code: codeSchema,
  title: z.string().trim().min(1).max(DC_TITLE_MAX),
  description: optionalText.default(''),
  formula: z.string().trim().min(1).max(DC_FORMULA_MAX),
  bands: z.array(bandInput).max(DC_BANDS_MAX).default([]),
  parents_visible: z.boolean().default(true),
});
export type ComputedBlockInput = z.input<typeof computedBlockInput>;

/** A card as a moderator writes it. Codes are unique across questions and computed blocks. */
export const diagnosticCardInput = z
  .strictObject({
    title: z.string().trim().min(1).max(DC_TITLE_MAX),
    description: optionalText.default(''),
    /** The language it is written in; a student of another language cannot see its progress (§8). */
    language: z.enum(LANGUAGES),
    category_ids: z.array(bodyId).max(DC_CATEGORIES_MAX).default([]),
    blocks: z.array(blockInput).min(1).max(DC_BLOCKS_MAX),
    computed: z.array(computedBlockInput).max(DC_COMPUTED_MAX).default([]),
  })
  .superRefine((card, context) => {
    const codes = new Set<string>();
    const keys = new Set<string>();
    const seeKey = (value: string | undefined, path: (string | number)[]) => {
      if (value === undefined) return;
      if (keys.has(value)) context.addIssue({ code: 'custom', path, message: 'unique' });
      keys.add(value);
    };
    const seeCode = (value: string, path: (string | number)[]) => {
      if (codes.has(value.toLowerCase())) context.addIssue({ code: 'custom', path, message: 'unique' });
      codes.add(value.toLowerCase());
    };
    card.blocks.forEach((block, b) => {
      seeKey(block.key, ['blocks', b, 'key']);
      block.questions.forEach((question, q) => {
        const at = ['blocks', b, 'questions', q];
        seeKey(question.key, [...at, 'key']);
        seeCode(question.code, [...at, 'code']);
        question.variants.forEach((variant, v) => seeKey(variant.key, [...at, 'variants', v, 'key']));
        question.rows.forEach((row, r) => seeKey(row.key, [...at, 'rows', r, 'key']));
        question.columns.forEach((column, c) => seeKey(column.key, [...at, 'columns', c, 'key']));
      });
    });
    card.computed.forEach((block, c) => {
      seeKey(block.key, ['computed', c, 'key']);
      seeCode(block.code, ['computed', c, 'code']);
    });
  });
export type DiagnosticCardInput = z.input<typeof diagnosticCardInput>;
export type DiagnosticCardParsed = z.output<typeof diagnosticCardInput>;

// ---- The card as the API shows it (every key given) ----

export const variantSchema = z.object({ key: z.string(), label: z.string(), score: z.number().nullable() });
export const tableRowSchema = z.object({ key: z.string(), label: z.string() });
export const scaleSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  start_label: z.string(),
  centre_label: z.string(),
  end_label: z.string(),
});
export type Scale = z.infer<typeof scaleSchema>;

export const questionSchema = z.object({
  key: z.string(),
  code: z.string(),
  text: z.string(),
  hint: z.string(),
  required: z.boolean(),
  type: z.enum(ANSWER_TYPES),
  variants: z.array(variantSchema),
  scale: scaleSchema.nullable(),
  rows: z.array(tableRowSchema),
  columns: z.array(variantSchema),
  multiple: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

export const blockSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(questionSchema),
});
export type Block = z.infer<typeof blockSchema>;

export const bandSchema = z.object({
  from: z.number(),
  to: z.number(),
  label: z.string(),
  kind: z.enum(BAND_KINDS),
  program_id: z.number().int().nullable(),
});
export type Band = z.infer<typeof bandSchema>;

export const computedBlockSchema = z.object({
  key: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  formula: z.string(),
  bands: z.array(bandSchema),
  parents_visible: z.boolean(),
});
export type ComputedBlock = z.infer<typeof computedBlockSchema>;

/** A card's content: its working copy, or one published version of it (what diagnoses are made from). */
export const diagnosticCardContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  category_ids: z.array(z.number().int()),
  blocks: z.array(blockSchema),
  computed: z.array(computedBlockSchema),
});
export type DiagnosticCardContent = z.infer<typeof diagnosticCardContentSchema>;

/**
 * The card's content with every key given: the ones it came with, fresh uuids for new items. The
 * server calls it on save with `crypto.randomUUID`; the builder on a new item.
 */
export function withKeys(card: DiagnosticCardParsed, newKey: () => string): DiagnosticCardContent {
  const give = (value: string | undefined) => value ?? newKey();
  return {
    title: card.title,
    description: card.description,
    language: card.language,
    category_ids: [...new Set(card.category_ids)],
    blocks: card.blocks.map((block) => ({
      key: give(block.key),
      title: block.title,
      description: block.description,
      questions: block.questions.map((question) => {
        const variants = VARIANT_TYPES.includes(question.type);
        const table = question.type === 'table';
        return {
          key: give(question.key),
          code: question.code,
          text: question.text,
          hint: question.hint,
          required: question.required,
          type: question.type,
          variants: variants ? question.variants.map((v) => ({ ...v, key: give(v.key) })) : [],
          scale: question.type === 'scale' ? question.scale : null,
          rows: table ? question.rows.map((row) => ({ ...row, key: give(row.key) })) : [],
          columns: table ? question.columns.map((column) => ({ ...column, key: give(column.key) })) : [],
          multiple: table ? question.multiple : false,
        };
      }),
    })),
    computed: card.computed.map((block) => ({ ...block, key: give(block.key) })),
  };
}

/** Every question of a card, in order, with its block's key. */
export function questionsOf(
  content: Pick<DiagnosticCardContent, 'blocks'>,
): (Question & { block_key: string })[] {
  return content.blocks.flatMap((block) =>
    block.questions.map((question) => ({ ...question, block_key: block.key })),
  );
}
