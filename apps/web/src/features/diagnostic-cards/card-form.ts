import {
  BAND_KINDS,
  VARIANT_TYPES,
  checkCard,
  diagnosticCardInput,
  type AnswerType,
  type BandKind,
  type DiagnosticCard,
  type Language,
} from '@logoschool/contract';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { fieldErrorsOf } from '../../api/form-errors.ts';
import { contractValidate, filledFrom } from '../../lib/form.ts';

/*
 * The builder's form: the card as `diagnosticCardInput` takes it, each list item with a `uid` that
 * tells it apart on the screen (React keys, dragging) and is never sent. A number field holds ''
 * while empty. The body paths are the form's paths, so a message of the schema, of card-check or
 * of the server's 422 shows at the field it names.
 */

export interface VariantValues {
  uid: string;
  key: string | null;
  label: string;
  score: number | string;
}
export interface RowValues {
  uid: string;
  key: string | null;
  label: string;
}
export interface ScaleValues {
  from: number | string;
  to: number | string;
  start_label: string;
  centre_label: string;
  end_label: string;
}
export interface QuestionValues {
  uid: string;
  key: string | null;
  code: string;
  text: string;
  hint: string;
  required: boolean;
  /** null until the moderator picks one (spec §5: "choose an answer type"). */
  type: AnswerType | null;
  variants: VariantValues[];
  scale: ScaleValues;
  rows: RowValues[];
  columns: VariantValues[];
  multiple: boolean;
}
export interface BlockValues {
  uid: string;
  key: string | null;
  title: string;
  description: string;
  questions: QuestionValues[];
}
export interface BandValues {
  uid: string;
  from: number | string;
  to: number | string;
  label: string;
  kind: BandKind;
  /** The Select's value: a program id as text, null for none. */
  program_id: string | null;
}
export interface ComputedValues {
  uid: string;
  key: string | null;
  code: string;
  title: string;
  description: string;
  formula: string;
  bands: BandValues[];
  parents_visible: boolean;
}
export interface CardValues {
  title: string;
  description: string;
  language: Language;
  category_ids: string[];
  blocks: BlockValues[];
  computed: ComputedValues[];
}

let fresh = 0;
/** A uid for a new item on the screen. */
export const newUid = () => {
  fresh += 1;
  return `new-${fresh}`;
};

export const newVariant = (label = ''): VariantValues => ({ uid: newUid(), key: null, label, score: '' });
export const newRow = (): RowValues => ({ uid: newUid(), key: null, label: '' });
const newScale = (): ScaleValues => ({ from: 0, to: 10, start_label: '', centre_label: '', end_label: '' });

/** The codes in use on a card. */
function codesOf(values: Pick<CardValues, 'blocks' | 'computed'>): Set<string> {
  return new Set([
    ...values.blocks.flatMap((block) =>
      block.questions.map((question) => question.code.trim().toLowerCase()),
    ),
    ...values.computed.map((block) => block.code.trim().toLowerCase()),
  ]);
}

/** The first free code of the form `${prefix}N` ("q3", "score1"). */
export function nextCode(values: Pick<CardValues, 'blocks' | 'computed'>, prefix: string): string {
  const taken = codesOf(values);
  for (let n = 1; ; n += 1) if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** A new question with the next free code, its type not chosen yet. */
export function newQuestion(values: Pick<CardValues, 'blocks' | 'computed'>): QuestionValues {
  return {
    uid: newUid(),
    key: null,
    code: nextCode(values, 'q'),
    text: '',
    hint: '',
    required: false,
    type: null,
    variants: [newVariant(), newVariant()],
    scale: newScale(),
    rows: [newRow()],
    columns: [newVariant(), newVariant()],
    multiple: false,
  };
}

export function newBlock(values: Pick<CardValues, 'blocks' | 'computed'>): BlockValues {
  return { uid: newUid(), key: null, title: '', description: '', questions: [newQuestion(values)] };
}

export const newBand = (): BandValues => ({
  uid: newUid(),
  from: '',
  to: '',
  label: '',
  kind: BAND_KINDS[0],
  program_id: null,
});

export function newComputed(values: Pick<CardValues, 'blocks' | 'computed'>): ComputedValues {
  return {
    uid: newUid(),
    key: null,
    code: nextCode(values, 'score'),
    title: '',
    description: '',
    formula: '',
    bands: [],
    parents_visible: true,
  };
}

/** The form's values of a card, or of a new one (one block with one question, in the user's language). */
export function valuesOf(card: DiagnosticCard | null, language: Language): CardValues {
  if (!card) {
    const start = { blocks: [], computed: [] };
    return {
      title: '',
      description: '',
      language,
      category_ids: [],
      blocks: [newBlock(start)],
      computed: [],
    };
  }
  const variant = (v: { key: string; label: string; score: number | null }): VariantValues => ({
    uid: v.key,
    key: v.key,
    label: v.label,
    score: v.score ?? '',
  });
  return {
    title: card.title,
    description: card.description,
    language: card.language,
    category_ids: card.category_ids.map(String),
    blocks: card.blocks.map((block) => ({
      uid: block.key,
      key: block.key,
      title: block.title,
      description: block.description,
      questions: block.questions.map((question) => ({
        uid: question.key,
        key: question.key,
        code: question.code,
        text: question.text,
        hint: question.hint,
        required: question.required,
        type: question.type,
        variants:
          question.variants.length > 0 ? question.variants.map(variant) : [newVariant(), newVariant()],
        scale: question.scale ?? newScale(),
        rows: question.rows.length > 0 ? question.rows.map((row) => ({ uid: row.key, ...row })) : [newRow()],
        columns: question.columns.length > 0 ? question.columns.map(variant) : [newVariant(), newVariant()],
        multiple: question.multiple,
      })),
    })),
    computed: card.computed.map((block) => ({
      uid: block.key,
      key: block.key,
      code: block.code,
      title: block.title,
      description: block.description,
      formula: block.formula,
      parents_visible: block.parents_visible,
      bands: block.bands.map((band) => ({
        uid: newUid(),
        from: band.from,
        to: band.to,
        label: band.label,
        kind: band.kind,
        program_id: band.program_id === null ? null : String(band.program_id),
      })),
    })),
  };
}

/** A number field's value as the API takes it: an empty field is a missing number. */
const numberOf = (value: number | string): number | undefined =>
  value === '' ? undefined : typeof value === 'number' ? value : Number(value);
const scoreOf = (value: number | string): number | null => numberOf(value) ?? null;
const keyed = (key: string | null) => (key ? { key } : {});

/**
 * The API body (`diagnosticCardInput`) the values stand for: a question sends only what its type
 * needs (variants, a scale, a table), so what was typed for another type does not stop the save.
 */
export function toBody(values: CardValues) {
  return {
    title: values.title,
    description: values.description,
    language: values.language,
    category_ids: values.category_ids.map(Number),
    blocks: values.blocks.map((block) => ({
      ...keyed(block.key),
      title: block.title,
      description: block.description,
      questions: block.questions.map((question) => {
        const variants = question.type !== null && VARIANT_TYPES.includes(question.type);
        const table = question.type === 'table';
        return {
          ...keyed(question.key),
          code: question.code,
          text: question.text,
          hint: question.hint,
          required: question.required,
          type: question.type ?? undefined,
          variants: variants
            ? question.variants.map((v) => ({ ...keyed(v.key), label: v.label, score: scoreOf(v.score) }))
            : [],
          scale:
            question.type === 'scale'
              ? {
                  from: numberOf(question.scale.from),
                  to: numberOf(question.scale.to),
                  start_label: question.scale.start_label,
                  centre_label: question.scale.centre_label,
                  end_label: question.scale.end_label,
                }
              : null,
          rows: table ? question.rows.map((row) => ({ ...keyed(row.key), label: row.label })) : [],
          columns: table
            ? question.columns.map((c) => ({ ...keyed(c.key), label: c.label, score: scoreOf(c.score) }))
            : [],
          multiple: table ? question.multiple : false,
        };
      }),
    })),
    computed: values.computed.map((block) => ({
      ...keyed(block.key),
      code: block.code,
      title: block.title,
      description: block.description,
      formula: block.formula,
      parents_visible: block.parents_visible,
      bands: block.bands.map((band) => ({
        from: numberOf(band.from),
        to: numberOf(band.to),
        label: band.label,
        kind: band.kind,
        program_id: band.program_id === null ? null : Number(band.program_id),
      })),
    })),
  };
}

/** A card-check problem's words (`diagnostics.formula.<code>`, its values filled). */
export function formulaText(t: TFunction, error: { code: string; params?: Record<string, string | number> }) {
  return t(`diagnostics.formula.${error.code}`, filledFrom(error.params ?? {}));
}

/**
 * What card-check says of the values now (formulas, cycles, bands), by field path: the builder shows
 * it as the moderator types, and the save is not sent while it says anything.
 */
export function cardCheckErrors(values: CardValues, t: TFunction): FormErrors {
  const errors: FormErrors = {};
  const card = {
    blocks: values.blocks.map((block) => ({
      questions: block.questions.map((question) => ({ code: question.code, type: question.type })),
    })),
    computed: values.computed.map((block) => ({
      code: block.code,
      formula: block.formula,
      bands: block.bands.flatMap((band) => {
        const from = numberOf(band.from);
        const to = numberOf(band.to);
        return from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to)
          ? []
          : [{ from, to }];
      }),
    })),
  };
  // A band left out above (not both ends typed) would shift the paths: check bands only when all are typed.
  const allBandsTyped = values.computed.every(
    (block, c) => card.computed[c]?.bands.length === block.bands.length,
  );
  for (const { path, error } of checkCard(card)) {
    if (!allBandsTyped && path.includes('.bands.')) continue;
    if (errors[path] === undefined) errors[path] = formulaText(t, error);
  }
  return errors;
}

/** The form's `validate`: the contract's schema, then card-check where the schema says nothing. */
export function cardValidate(t: TFunction): (values: CardValues) => FormErrors {
  const schema = contractValidate<CardValues>(diagnosticCardInput, t, { toBody, fieldOf: (path) => path });
  return (values) => ({ ...cardCheckErrors(values, t), ...schema(values) });
}

/** Whether the values hold a path (`blocks.1.questions.0.variants`). */
function holds(values: unknown, path: string): boolean {
  let value = values;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return false;
    value = (value as Record<string, unknown>)[part];
  }
  return true;
}

/** Puts a refused save's field messages where the form shows them; false when none of them is shown. */
export function showCardErrors(
  form: { getValues(): CardValues; setErrors(errors: FormErrors): void },
  error: unknown,
): boolean {
  const values = form.getValues();
  const shown = Object.entries(fieldErrorsOf(error, (path) => path) ?? {}).filter(([path]) =>
    holds(values, path),
  );
  form.setErrors(Object.fromEntries(shown));
  return shown.length > 0;
}
