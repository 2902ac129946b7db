/**
 * A diagnosis for the parents (issue 16 item 6, spec §7 /clients/diagnostic-cards/send, §2
 * /dc-preview/:dcID, /progress-preview/:dcID): a completed diagnosis gets a public link, random and
 * revocable, that shows the parents the filled card in the student's language with only what is
 * meant for them, and the student's results on the card over time; sending mails that link.
 *
 * The link is the public-link kit's (decision 029, `diagnosis-link.ts`): it opens a read-only page;
 * once withdrawn, the next sending makes a new one.
 */
import {
  PARENT_DIAGNOSIS_PAGE,
  computedOutcomes,
  isLanguage,
  questionsOf,
  type Answer,
  type DiagnosisProgress,
  type DiagnosticCardContent,
  type Language,
  type ParentAnswer,
  type ParentDiagnosis,
  type DiagnosisProgressSeries,
  type Question,
  type SentDiagnosis,
  type sendDiagnosisInput,
  publicLinkUrl,
} from '@logoschool/contract';
import { and, asc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  clients,
  diagnoses,
  diagnosticCardVersions,
  recommendedPrograms,
  type ClientRow,
  type DiagnosisRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invalidLink, issueLink, liveTokenOf, openLink } from '../public-links/index.ts';
import { diagnosisContent, diagnosisFor } from './diagnosis-access.ts';
import { assertCompleted, diagnosisLinks, locked, sharingState } from './diagnosis-link.ts';
import { computedValues } from './diagnosis-scores.ts';
import { diagnosisMail } from './diagnosis-sharing.mail.ts';

/** What the sharing services need besides their input. */
export interface DiagnosisSharingContext {
  db: Db;
  mailer: Mailer;
  /** The web app's address, for the link. */
  baseUrl: string;
}

/** The student's language (the page's and the mail's); 'uk' for a value the contract does not know. */
const languageOf = (client: ClientRow): Language => (isLanguage(client.language) ? client.language : 'uk');

/**
 * `POST /clients/diagnostic-cards/send` (spec §7): mails the diagnosis' link to the student's parent
 * in the student's language, making the link first when it has none (or it was withdrawn). Only a
 * completed diagnosis goes (422), and only to a student with a parent e-mail (422). The mail leaves
 * after the transaction commits (a slow SMTP server must not hold the database). A mail that left
 * (or went to the outbox) records `sent`; one that failed records `not_sent` with the reason and
 * answers the §8 send failure — the link still works, to pass on by hand, and sending again retries.
 */
export async function sendDiagnosis(
  ctx: DiagnosisSharingContext,
  caller: Actor,
  input: z.output<typeof sendDiagnosisInput>,
): Promise<SentDiagnosis> {
  const prepared = await ctx.db.transaction(async (tx) => {
    const { client } = await diagnosisFor(tx, caller, input.diagnosis_id);
    const row = await locked(tx, input.diagnosis_id);
    assertCompleted(row);
    if (!client.parentEmail) throw new AppError('validation_failed').saying('diagnosisParentEmailMissing');
    const content = await diagnosisContent(tx, row);
    const { token } = await issueLink(tx, caller, diagnosisLinks, row.id);
    return { row, client, content, token };
  });
  const { row, client, content, token } = prepared;
  const lang = languageOf(client);
  const mail = diagnosisMail(lang, {
    teacher: caller.name,
    child: row.childName,
    card: content.title,
    date: row.diagnosedOn,
    link: publicLinkUrl(ctx.baseUrl, PARENT_DIAGNOSIS_PAGE, token),
  });
  const outcome = await ctx.mailer.sendMail({ to: client.parentEmail, ...mail, secrets: [token] });
  const failed = outcome.delivery === 'failed';
  const reason = failed ? (outcome.error ?? 'unknown error') : null;
  const saved = await ctx.db.transaction(async (tx) => {
    const now = await locked(tx, row.id);
    // Unless the link was withdrawn or replaced meanwhile (the diagnosis' row orders the two).
    if ((await liveTokenOf(tx, diagnosisLinks, row.id)) !== token) return now;
    const [written] = await tx
      .update(diagnoses)
      .set(
        failed
          ? { status: 'not_sent', sendError: reason, updatedAt: new Date() }
          : { status: 'sent', sendError: null, sentAt: new Date(), updatedAt: new Date() },
      )
      .where(eq(diagnoses.id, row.id))
      .returning();
    return written ?? now;
  });
  return { ...(await sharingState(ctx.db, ctx.baseUrl, saved, client)), mail_delivery: outcome.delivery };
}

// ---- What the parents see ----

/** An answer in readable form: labels instead of keys. */
export function readableAnswer(question: Question, answer: Answer | undefined): ParentAnswer {
  if (answer === undefined) return { kind: 'none' };
  const label = (list: readonly { key: string; label: string }[], key: string) =>
    list.find((item) => item.key === key)?.label;
  const known = (labels: (string | undefined)[]) =>
    labels.filter((text): text is string => text !== undefined);
  switch (question.type) {
    case 'short_text':
    case 'long_text':
      return 'text' in answer && answer.text.trim() !== ''
        ? { kind: 'text', text: answer.text }
        : { kind: 'none' };
    case 'one_variant': {
      const picked = 'variant' in answer ? label(question.variants, answer.variant) : undefined;
      return picked === undefined ? { kind: 'none' } : { kind: 'variants', labels: [picked] };
    }
    case 'many_variants': {
      const picked =
        'variants' in answer ? known(answer.variants.map((key) => label(question.variants, key))) : [];
      return picked.length === 0 ? { kind: 'none' } : { kind: 'variants', labels: picked };
    }
    case 'scale':
      return 'value' in answer && question.scale
        ? { kind: 'scale', value: answer.value, scale: question.scale }
        : { kind: 'none' };
    case 'table': {
      if (!('cells' in answer)) return { kind: 'none' };
      const rows = question.rows.map((row) => ({
        label: row.label,
        picked: known((answer.cells[row.key] ?? []).map((key) => label(question.columns, key))),
      }));
      return rows.some((row) => row.picked.length > 0) ? { kind: 'table', rows } : { kind: 'none' };
    }
  }
}

/** The names of the programs the bands point at, in the diagnosis' project. */
async function programNames(db: Tx, workspaceId: number, content: DiagnosticCardContent) {
  const ids = [
    ...new Set(content.computed.flatMap((block) => block.bands.flatMap((band) => band.program_id ?? []))),
  ];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: recommendedPrograms.id, name: recommendedPrograms.name })
    .from(recommendedPrograms)
    .where(and(eq(recommendedPrograms.workspaceId, workspaceId), inArray(recommendedPrograms.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const parentBand = (band: {
  from: number;
  to: number;
  label: string;
  kind: 'violation' | 'qualification';
}) => ({
  from: band.from,
  to: band.to,
  label: band.label,
  kind: band.kind,
});

/**
 * The filled card as the parents read it: the header, each question with its answer, and the
 * computed blocks meant for parents with their value, band and program. Nothing else of the row
 * (notes, examination flags) is read.
 */
export async function parentView(
  db: Tx,
  diagnosis: DiagnosisRow,
  client: ClientRow,
  content: DiagnosticCardContent,
): Promise<ParentDiagnosis> {
  const outcomes = new Map(computedOutcomes(content, diagnosis.answers).map((one) => [one.block.key, one]));
  const programs = await programNames(db, diagnosis.workspaceId, content);
  return {
    language: languageOf(client),
    card_title: content.title,
    card_description: content.description,
    child_name: diagnosis.childName,
    diagnosed_on: diagnosis.diagnosedOn,
    blocks: content.blocks.map((block) => ({
      title: block.title,
      description: block.description,
      questions: block.questions.map((question) => ({
        text: question.text,
        answer: readableAnswer(question, diagnosis.answers[question.key]),
      })),
    })),
    results: content.computed
      .filter((block) => block.parents_visible)
      .map((block) => {
        const { outcome, band } = outcomes.get(block.key) ?? { outcome: null, band: null };
        const value = outcome?.kind === 'value' ? outcome.value : null;
        return {
          key: block.key,
          title: block.title,
          description: block.description,
          value,
          band: band ? parentBand(band) : null,
          program: band?.program_id ? (programs.get(band.program_id) ?? null) : null,
          bands: block.bands.map(parentBand),
        };
      }),
  };
}

/** The completed diagnosis and its student a live token names; the kit's one 404 otherwise (spec §8). */
async function byToken(db: Db, token: string) {
  const { subjectId } = await openLink(db, diagnosisLinks, token);
  const [found] = await db
    .select({ diagnosis: diagnoses, client: clients })
    .from(diagnoses)
    .innerJoin(clients, eq(clients.id, diagnoses.clientId))
    .where(eq(diagnoses.id, subjectId));
  if (!found || found.diagnosis.completedAt === null) throw invalidLink();
  return found;
}

/** `GET /public/dc/:token`: the filled card for the parents (public). */
export async function publicDiagnosis(db: Db, token: string): Promise<ParentDiagnosis> {
  const { diagnosis, client } = await byToken(db, token);
  return parentView(db, diagnosis, client, await diagnosisContent(db, diagnosis));
}

/** The parents' view of a diagnosis for its diagnostician (the PDF she downloads). */
export async function staffParentView(db: Db, caller: ProjectActor, id: number): Promise<ParentDiagnosis> {
  const { diagnosis, client } = await diagnosisFor(db, caller, id);
  return parentView(db, diagnosis, client, await diagnosisContent(db, diagnosis));
}

/**
 * `GET /public/dc/:token/progress` (public): the student's results on the card over time — every
 * completed diagnosis of the student on the same card up to the link's own date (the history the
 * link's diagnosis comes at the end of; a later one is not the parents' until it is sent), oldest
 * first — per computed block meant for parents and per scale question of the link's card version,
 * matched across versions by key. A card in another language than the student's cannot be compared
 * with what the parents read (spec §8 language mismatch): 409 `diagnosis_language_mismatch`.
 */
export async function publicProgress(db: Db, token: string): Promise<DiagnosisProgress> {
  const { diagnosis, client } = await byToken(db, token);
  const reference = await diagnosisContent(db, diagnosis);
  const language = languageOf(client);
  if (reference.language !== language) throw new AppError('diagnosis_language_mismatch');

  const rows = await db
    .select()
    .from(diagnoses)
    .where(
      and(
        eq(diagnoses.clientId, diagnosis.clientId),
        eq(diagnoses.cardId, diagnosis.cardId),
        or(
          and(isNotNull(diagnoses.completedAt), lte(diagnoses.diagnosedOn, diagnosis.diagnosedOn)),
          eq(diagnoses.id, diagnosis.id),
        ),
      ),
    )
    .orderBy(asc(diagnoses.diagnosedOn), asc(diagnoses.id));
  const completed = rows.filter((row) => row.completedAt !== null);
  const versions = [...new Set(completed.map((row) => row.cardVersion))];
  const contents = new Map(
    (
      await db
        .select({ version: diagnosticCardVersions.version, content: diagnosticCardVersions.content })
        .from(diagnosticCardVersions)
        .where(
          and(
            eq(diagnosticCardVersions.cardId, diagnosis.cardId),
            inArray(diagnosticCardVersions.version, versions),
          ),
        )
    ).map((row) => [row.version, row.content]),
  );

  const computed: DiagnosisProgressSeries[] = reference.computed
    .filter((block) => block.parents_visible)
    .map((block) => ({
      key: block.key,
      kind: 'computed',
      title: block.title,
      bands: block.bands.map(parentBand),
      scale: null,
      points: [],
    }));
  const scales: DiagnosisProgressSeries[] = questionsOf(reference)
    .filter((question) => question.type === 'scale')
    .map((question) => ({
      key: question.key,
      kind: 'scale',
      title: question.text,
      bands: [],
      scale: question.scale,
      points: [],
    }));

  for (const row of completed) {
    const content = contents.get(row.cardVersion);
    if (!content) continue;
    const values = computedValues(content, row.answers);
    for (const series of computed) {
      const value = values[series.key];
      if (typeof value === 'number') series.points.push({ date: row.diagnosedOn, value });
    }
    const ownScales = new Set(
      questionsOf(content)
        .filter((question) => question.type === 'scale')
        .map((question) => question.key),
    );
    for (const series of scales) {
      const answer = row.answers[series.key];
      if (ownScales.has(series.key) && answer && 'value' in answer) {
        series.points.push({ date: row.diagnosedOn, value: answer.value });
      }
    }
  }
  return {
    language,
    card_title: reference.title,
    child_name: diagnosis.childName,
    dates: completed.map((row) => row.diagnosedOn),
    series: [...computed, ...scales].filter((series) => series.points.length > 0),
  };
}
