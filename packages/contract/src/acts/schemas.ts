/**
 * Contractors' reports and acts (issue 33 item 2; spec §1 "act/report generation for contractors",
 * §2 /reports, §3 Act, §4 "reports can exclude and include items"): for a range of days, the
 * content each contractor (the exercise's assigned author, else its author) had accepted, with an
 * amount per item from the project's rates by type and currency; a contractor's details kept once;
 * an act with the next number of its year, its items and amount frozen, in Ukrainian and English.
 */
import { z } from 'zod';
import { bodyId, idParam } from '../common/envelope.ts';
import { reportRangeSchema } from '../lessons/statistics.ts';
import { currencySchema } from '../merch/schemas.ts';
import { deadlineSchema } from '../plans/plans.ts';

/** Spec §3's act types: a presentation (an accepted exercise's deck) or a video. */
export const ACT_ITEM_TYPES = ['presentation', 'video'] as const;
export type ActItemType = (typeof ACT_ITEM_TYPES)[number];

/** The highest rate or act amount, in hundredths of its currency (10 000 000.00). */
export const ACT_AMOUNT_MAX_CENTS = 1_000_000_000;
export const CONTRACTOR_NAME_MIN = 2;
export const CONTRACTOR_NAME_MAX = 200;
export const CONTRACTOR_ADDRESS_MAX = 500;
export const CONTRACTOR_PASSPORT_MIN = 4;
export const CONTRACTOR_PASSPORT_MAX = 64;
export const CONTRACT_NUMBER_MAX = 64;
export const TAX_NUMBER_MAX = 32;

/**
 * Where a contractor's tax id comes from, which says how it is checked: Ukraine's RNOKPP (10 digits,
 * the last a check digit), Poland's NIP (10 digits, the last a check digit), or another country's
 * (letters, digits, spaces and dashes, unchecked).
 */
export const TAX_COUNTRIES = ['UA', 'PL', 'other'] as const;
export type TaxCountry = (typeof TAX_COUNTRIES)[number];

const RNOKPP_WEIGHTS = [-1, 5, 7, 9, 4, 6, 10, 5, 7];
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** Whether a text is a Ukrainian RNOKPP: 10 digits whose last is the check digit of the first nine. */
export function isRnokpp(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = RNOKPP_WEIGHTS.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  return (((sum % 11) + 11) % 11) % 10 === digits[9];
}

/** Whether a text is a Polish NIP: 10 digits whose last is the check digit (a remainder of 10 is none). */
export function isNip(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = NIP_WEIGHTS.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0) % 11;
  return check !== 10 && check === digits[9];
}

/** A tax id's field message for its country, or null when it is right (`format`, or `invalid` for a wrong check digit). */
export function taxNumberProblem(country: TaxCountry, value: string): 'format' | 'invalid' | null {
  if (country === 'other') return /^[\p{L}\d][\p{L}\d \-/]*$/u.test(value) ? null : 'format';
  if (!/^\d{10}$/.test(value)) return 'format';
  return (country === 'UA' ? isRnokpp(value) : isNip(value)) ? null : 'invalid';
}

/**
 * A passport or tax id as lists and readers without `acts.personalData` see it: every character
 * but the last four hidden (a short one wholly).
 */
export function maskPersonal(value: string): string {
  if (value.length <= 4) return '•'.repeat(value.length);
  return `${'•'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** An amount in hundredths as text with two decimals: 150000 → `1500.00`. */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

// ——— Rates ———

/** One rate: what an item of a type is paid in a currency, in hundredths. */
export const actRateSchema = z.strictObject({
  type: z.enum(ACT_ITEM_TYPES),
  currency: currencySchema,
  amount_cents: z.number().int().min(0).max(ACT_AMOUNT_MAX_CENTS),
});
export type ActRate = z.infer<typeof actRateSchema>;

/** `PUT /acts/rates`: the project's whole rate table (one rate per type and currency). */
export const actRatesInput = z.strictObject({
  rates: z
    .array(actRateSchema)
    .max(ACT_ITEM_TYPES.length * 30)
    .superRefine((rates, context) => {
      const seen = new Set<string>();
      rates.forEach((rate, index) => {
        const key = `${rate.type}:${rate.currency}`;
        if (seen.has(key)) context.addIssue({ code: 'custom', path: [index, 'currency'], message: 'unique' });
        seen.add(key);
      });
    }),
});
export type ActRatesInput = z.infer<typeof actRatesInput>;

// ——— Contractors ———

const contractorName = z.string().trim().min(CONTRACTOR_NAME_MIN).max(CONTRACTOR_NAME_MAX);
const address = z.string().trim().min(1).max(CONTRACTOR_ADDRESS_MAX);

/**
 * `PUT /acts/contractors/:userId`: a contractor's details, kept once per project. The passport and
 * the tax id may be left out to keep the ones kept (a reader who sees them masked changes the rest);
 * a contractor's first details need them.
 */
export const contractorInput = z
  .strictObject({
    name_uk: contractorName,
    name_en: contractorName,
    passport: z.string().trim().min(CONTRACTOR_PASSPORT_MIN).max(CONTRACTOR_PASSPORT_MAX).optional(),
    tax_country: z.enum(TAX_COUNTRIES),
    tax_number: z.string().trim().min(1).max(TAX_NUMBER_MAX).optional(),
    address_uk: address,
    address_en: address,
    contract_number: z.string().trim().min(1).max(CONTRACT_NUMBER_MAX),
    contract_date: deadlineSchema,
    /** The currency the contract pays in: each item's amount is the rate of its type in it. */
    currency: currencySchema,
  })
  .superRefine((input, context) => {
    if (input.tax_number === undefined) return;
    const problem = taxNumberProblem(input.tax_country, input.tax_number);
    if (problem) context.addIssue({ code: 'custom', path: ['tax_number'], message: problem });
  });
export type ContractorInput = z.input<typeof contractorInput>;

export const contractorParams = z.object({ userId: idParam });

/**
 * A contractor's details as the caller may read them: `personal_data` says whether the passport
 * and the tax id are whole (`acts.personalData`) or masked.
 */
export const contractorSchema = z.object({
  user_id: z.number().int(),
  name_uk: z.string(),
  name_en: z.string(),
  passport: z.string(),
  tax_country: z.enum(TAX_COUNTRIES),
  tax_number: z.string(),
  address_uk: z.string(),
  address_en: z.string(),
  contract_number: z.string(),
  contract_date: z.string(),
  currency: currencySchema,
  personal_data: z.enum(['whole', 'masked']),
});
export type Contractor = z.infer<typeof contractorSchema>;

// ——— The report ———

/** The project and role acted in. */
const actingFields = { workspace_id: idParam, role_id: idParam.optional() };

/**
 * `GET /acts/report`: a range of days (`from`, `to`, both included, judged in `time_zone`, UTC when
 * absent; at most a year), the same range the lesson statistics keep under `reportRange`.
 */
export const actsReportQuery = reportRangeSchema.safeExtend(actingFields);
export type ActsReportQuery = z.infer<typeof actsReportQuery>;

/** An act as an item names it: the act it was issued in. */
export const actRefSchema = z.object({ id: z.number().int(), number: z.string() });

/** One piece of content in a contractor's report. */
export const reportItemSchema = z.object({
  exercise_id: z.number().int(),
  type: z.enum(ACT_ITEM_TYPES),
  title: z.string(),
  /** When it was last accepted (ISO). */
  accepted_at: z.string(),
  /** The web app's address of the content. */
  content_link: z.string(),
  /** Left out of the next act by a moderator (it can be included again). */
  excluded: z.boolean(),
  /** The act it was issued in, if any: it is paid and will not be in another. */
  act: actRefSchema.nullable(),
  /** The rate of its type in the contractor's currency; null without details or a rate. */
  amount_cents: z.number().int().nullable(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const contractorReportSchema = z.object({
  user_id: z.number().int(),
  /** The user's name in the platform. */
  name: z.string(),
  email: z.string(),
  details: contractorSchema.nullable(),
  items: z.array(reportItemSchema),
  /** What the next act would hold: items neither excluded nor issued. */
  billable: z.number().int(),
  /** Their amount, in the contractor's currency; null when an item has no rate or there are no details. */
  total_cents: z.number().int().nullable(),
  currency: currencySchema.nullable(),
});
export type ContractorReport = z.infer<typeof contractorReportSchema>;

export const actsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  contractors: z.array(contractorReportSchema),
});
export type ActsReport = z.infer<typeof actsReportSchema>;

/** `POST /acts/exclusions`: an item left out of the next act; `DELETE /acts/exclusions/:exerciseId` takes it back. */
export const actExclusionInput = z.strictObject({ exercise_id: bodyId });
export const actExclusionParams = z.object({ exerciseId: idParam });

// ——— Acts ———

/**
 * `POST /acts`: the act of a contractor (`user_id`) for a range: every item of the range neither
 * excluded nor issued, with the act's date (today, UTC, when absent), which gives its year's number.
 */
export const actInput = reportRangeSchema.safeExtend({
  user_id: bodyId,
  act_date: deadlineSchema.optional(),
});
export type ActInput = z.input<typeof actInput>;

export const actParams = z.object({ actId: idParam });
export const actsQuery = z.object({ ...actingFields, user_id: idParam.optional() });

/** An item as the act froze it. */
export const actItemSchema = z.object({
  exercise_id: z.number().int().nullable(),
  type: z.enum(ACT_ITEM_TYPES),
  title: z.string(),
  accepted_at: z.string(),
  content_link: z.string(),
  amount_cents: z.number().int(),
});
export type ActItem = z.infer<typeof actItemSchema>;

/** The contractor's details as the act froze them (the passport and tax id as the caller may read them). */
export const actContractorSchema = contractorSchema.omit({ user_id: true, currency: true });

export const actSchema = z.object({
  id: z.number().int(),
  /** `<number>/<year>`: the year's sequence in the project, without gaps. */
  number: z.string(),
  year: z.number().int(),
  act_date: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  user_id: z.number().int().nullable(),
  contractor: actContractorSchema,
  currency: currencySchema,
  total_cents: z.number().int(),
  items: z.array(actItemSchema),
  created_at: z.string(),
  created_by: z.string(),
});
export type Act = z.infer<typeof actSchema>;

/** An act's number as people write it. */
export const actNumber = (number: number, year: number) => `${number}/${year}`;
