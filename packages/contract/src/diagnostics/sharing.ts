import { z } from 'zod';
import { bodyId } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { MAIL_DELIVERIES } from '../mails/schemas.ts';
import { publicLinkSchema } from '../public-links/public-links.ts';
import { BAND_KINDS, scaleSchema } from './card.ts';
import { diagnosisActingQuery } from './diagnoses-api.ts';
import { DIAGNOSIS_STATUSES } from './diagnosis.ts';

/**
 * A diagnosis for the parents (issue 16 item 6, spec §7 /clients/diagnostic-cards/send, §2
 * /dc-preview/:dcID and /progress-preview/:dcID): a completed diagnosis gets a random, revocable
 * link that shows the parents the filled card in the student's language — the answers and the
 * computed blocks meant for them, never the diagnostician's notes or examination flags — and the
 * student's results on that card over time. Sending mails the link.
 */

export { DIAGNOSIS_LINK_KIND, PARENT_DIAGNOSIS_PAGE, PARENT_PROGRESS_PAGE } from './sharing-pages.ts';

/** The project and role a sharing call acts in (no "today" is judged: no time zone). */
export const diagnosisSharingQuery = diagnosisActingQuery.omit({ time_zone: true });

/** `POST /clients/diagnostic-cards/send`: mail the parents the link of a completed diagnosis. */
export const sendDiagnosisInput = z.strictObject({ diagnosis_id: bodyId });
export type SendDiagnosisInput = z.input<typeof sendDiagnosisInput>;

/** How a diagnosis is shared with the parents, as its diagnostician sees it: its public link, and the mail. */
export const diagnosisSharingSchema = publicLinkSchema.extend({
  /** Spec §4: draft until sent; `not_sent` when the last sending failed. */
  status: z.enum(DIAGNOSIS_STATUSES),
  /** Whether the diagnosis was completed (the explicit save): only then may it go to the parents. */
  completed: z.boolean(),
  /** When the link was last mailed; null when never. */
  sent_at: z.string().nullable(),
  /** Why the last sending failed (spec §8 send failure); null otherwise. */
  send_error: z.string().nullable(),
  /** The student's parent e-mail, where the link goes; '' when the student has none. */
  email: z.string(),
});
export type DiagnosisSharing = z.infer<typeof diagnosisSharingSchema>;

/** The answer to a sending that went: the sharing state and how the mail left. */
export const sentDiagnosisSchema = diagnosisSharingSchema.extend({
  mail_delivery: z.enum(MAIL_DELIVERIES),
});
export type SentDiagnosis = z.infer<typeof sentDiagnosisSchema>;

// ---- The parents' page ----

/** A scale as the parents read it: its ends and marks, and the division picked. */
const scaleAnswer = z.object({ kind: z.literal('scale'), value: z.number(), scale: scaleSchema });

/**
 * One answer in readable form: a text, the labels of the variants picked, a scale's division with
 * its marks, a table's rows with the labels picked in each, or none (left unanswered).
 */
export const parentAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('variants'), labels: z.array(z.string()) }),
  scaleAnswer,
  z.object({
    kind: z.literal('table'),
    rows: z.array(z.object({ label: z.string(), picked: z.array(z.string()) })),
  }),
]);
export type ParentAnswer = z.infer<typeof parentAnswerSchema>;

/** A computed block's band as the parents read it (no program id: its name only). */
export const parentBandSchema = z.object({
  from: z.number(),
  to: z.number(),
  label: z.string(),
  kind: z.enum(BAND_KINDS),
});
export type ParentBand = z.infer<typeof parentBandSchema>;

/** A computed block meant for the parents, with its value and what the value means. */
export const parentResultSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  /** Null when the answers it needs are missing. */
  value: z.number().nullable(),
  /** The band the value falls in; null when none or no value. */
  band: parentBandSchema.nullable(),
  /** The recommended program the band points at, by its name. */
  program: z.string().nullable(),
  bands: z.array(parentBandSchema),
});
export type ParentResult = z.infer<typeof parentResultSchema>;

/**
 * The filled card for the parents (`GET /public/dc/:token`): only what the page shows, in the
 * student's language. Never the diagnostician's notes, the examination flags, a computed block
 * hidden from parents, formulas or ids: the server answers through this schema, which drops the rest.
 */
export const parentDiagnosisSchema = z.object({
  /** The student's language: the page shows itself in it. */
  language: z.enum(LANGUAGES),
  card_title: z.string(),
  card_description: z.string(),
  child_name: z.string(),
  /** 'YYYY-MM-DD'. */
  diagnosed_on: z.string(),
  blocks: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      questions: z.array(z.object({ text: z.string(), answer: parentAnswerSchema })),
    }),
  ),
  results: z.array(parentResultSchema),
});
export type ParentDiagnosis = z.infer<typeof parentDiagnosisSchema>;

// ---- Progress ----

/** One point of a series: a diagnosis' date and its value. */
export const diagnosisProgressPointSchema = z.object({ date: z.string(), value: z.number() });
export type DiagnosisProgressPoint = z.infer<typeof diagnosisProgressPointSchema>;

/** A computed block's or a scale question's values across the student's diagnoses on the card. */
export const diagnosisProgressSeriesSchema = z.object({
  key: z.string(),
  kind: z.enum(['computed', 'scale']),
  title: z.string(),
  /** The computed block's bands (newest version's); [] for a scale. */
  bands: z.array(parentBandSchema),
  /** The scale's ends and marks; null for a computed block. */
  scale: scaleSchema.nullable(),
  /** Oldest first; a diagnosis without a value for it has no point. */
  points: z.array(diagnosisProgressPointSchema),
});
export type DiagnosisProgressSeries = z.infer<typeof diagnosisProgressSeriesSchema>;

/**
 * `GET /public/dc/:token/progress`: the student's results on the card over time, from every
 * diagnosis sent to the parents on that card (any version: blocks and questions are matched by
 * key), oldest first.
 */
export const diagnosisProgressSchema = z.object({
  language: z.enum(LANGUAGES),
  card_title: z.string(),
  child_name: z.string(),
  /** The diagnoses' dates, oldest first. */
  dates: z.array(z.string()),
  series: z.array(diagnosisProgressSeriesSchema),
});
export type DiagnosisProgress = z.infer<typeof diagnosisProgressSchema>;

/** A PDF's file name for a diagnosis: "<card> — <child> — <date>.pdf", without what file systems refuse. */
export function diagnosisFileName(cardTitle: string, childName: string, date: string): string {
  const clean = (text: string) =>
    text
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80);
  const parts = [clean(cardTitle), clean(childName), date].filter((part) => part !== '');
  return `${parts.join(' - ') || 'diagnosis'}.pdf`;
}
