/**
 * Diagnoses (issue 16 item 4): a teacher's or an assigned diagnostician's filling of a card's
 * latest published version for a student. The header is prefilled from the student; answers are
 * autosaved while the diagnosis is not sent; the explicit save (complete) refuses unanswered
 * required questions (spec §5) and a scale moved too far within a month (spec §9) unless told.
 * A sent diagnosis is read-only: a repeated diagnosis is a new row, and the earlier ones stay.
 */
import {
  answerProblems,
  computedOutcomes,
  dayIn,
  missingRequired,
  scaleJumps,
  type ClientDiagnoses,
  type Diagnosis,
  type DiagnosisListItem,
  type DiagnosisResult,
  type PublicLinkState,
  type diagnosisCompleteInput,
  type diagnosisCreateInput,
  type diagnosisUpdateInput,
} from '@logoschool/contract';
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  diagnoses,
  diagnosticCardVersions,
  diagnosticCards,
  recommendedPrograms,
  users,
  type ClientRow,
  type DiagnosisRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import { linkStateOf } from '../public-links/index.ts';
import {
  cardVersionOfDiagnosis,
  diagnosableClient,
  diagnosisContent,
  diagnosisFor,
} from './diagnosis-access.ts';
import { diagnosisLinks } from './diagnosis-link.ts';

/** The filling screen's words for the parents' link's state. */
const LINK_STATES: Record<PublicLinkState, Diagnosis['link']> = {
  none: 'none',
  live: 'active',
  withdrawn: 'revoked',
};

/** The caller, with the time zone "today" is judged in. */
export interface DiagnosisCaller extends ProjectActor {
  timeZone: string;
}

type Problem = [string, FieldMessage, Record<string, string | number>?];

/** A 422 (or another code) naming each field's problem. */
function fieldErrors(
  lang: ProjectActor['lang'],
  problems: Problem[],
  code: 'validation_failed' | 'diagnosis_scale_change' = 'validation_failed',
  params: Record<string, string | number> = {},
) {
  const errors: Record<string, string[]> = {};
  for (const [field, key, values] of problems)
    (errors[field] ??= []).push(fieldMessage(lang, key, values ?? {}));
  return new AppError(code, params, errors);
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** `GET /clients/:clientId/diagnoses`: the student's diagnoses on every card, newest first. */
export async function listClientDiagnoses(
  db: Tx,
  caller: ProjectActor,
  clientId: number,
): Promise<ClientDiagnoses> {
  const client = await diagnosableClient(db, caller, clientId);
  const [teacher] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, client.teacherId));
  // Only what the list shows: a card version's content and a diagnosis' answers are the heavy
  // parts of these rows, and a student diagnosed for years has many (bench: 30 → 5 ms at 200).
  const rows = await db
    .select({
      id: diagnoses.id,
      cardId: diagnoses.cardId,
      cardVersion: diagnoses.cardVersion,
      diagnosedOn: diagnoses.diagnosedOn,
      status: diagnoses.status,
      completedAt: diagnoses.completedAt,
      sentAt: diagnoses.sentAt,
      filledById: diagnoses.filledBy,
      title: sql<string>`${diagnosticCardVersions.content}->>'title'`,
      filledBy: users.name,
    })
    .from(diagnoses)
    .innerJoin(diagnosticCardVersions, cardVersionOfDiagnosis())
    .innerJoin(users, eq(users.id, diagnoses.filledBy))
    .where(and(eq(diagnoses.clientId, clientId), eq(diagnoses.workspaceId, caller.workspaceId)))
    .orderBy(desc(diagnoses.diagnosedOn), desc(diagnoses.id));
  const list = rows.map((row) => ({
    id: row.id,
    card: { id: row.cardId, title: row.title, version: row.cardVersion },
    diagnosed_on: row.diagnosedOn,
    status: row.status as DiagnosisListItem['status'],
    completed_at: iso(row.completedAt),
    sent_at: iso(row.sentAt),
    filled_by: { id: row.filledById, name: row.filledBy },
  }));
  return {
    client: {
      id: client.id,
      child_name: client.childName,
      language: client.language as ClientDiagnoses['client']['language'],
      teacher: teacher ?? { id: client.teacherId, name: '' },
    },
    diagnoses: list,
  };
}

/** The student's diagnosis on the same card just before this one, if any. */
async function previousOf(db: Tx, row: DiagnosisRow) {
  const [previous] = await db
    .select({ id: diagnoses.id, diagnosed_on: diagnoses.diagnosedOn, answers: diagnoses.answers })
    .from(diagnoses)
    .where(
      and(
        eq(diagnoses.clientId, row.clientId),
        eq(diagnoses.cardId, row.cardId),
        or(
          lt(diagnoses.diagnosedOn, row.diagnosedOn),
          and(eq(diagnoses.diagnosedOn, row.diagnosedOn), lt(diagnoses.id, row.id)),
        ) as SQL,
      ),
    )
    .orderBy(desc(diagnoses.diagnosedOn), desc(diagnoses.id))
    .limit(1);
  return previous ?? null;
}

/** The diagnosis as its filling screen reads it. */
async function viewOf(
  db: Tx,
  caller: ProjectActor,
  row: DiagnosisRow,
  client: ClientRow,
): Promise<Diagnosis> {
  const content = await diagnosisContent(db, row);
  const outcomes = computedOutcomes(content, row.answers);
  const programIds = [
    ...new Set(outcomes.flatMap(({ band }) => (band?.program_id != null ? [band.program_id] : []))),
  ];
  const programs = new Map(
    programIds.length === 0
      ? []
      : (
          await db
            .select({ id: recommendedPrograms.id, name: recommendedPrograms.name })
            .from(recommendedPrograms)
            .where(
              and(
                eq(recommendedPrograms.workspaceId, caller.workspaceId),
                inArray(recommendedPrograms.id, programIds),
              ),
            )
        ).map((program) => [program.id, program]),
  );
  const results: DiagnosisResult[] = outcomes.map(({ block, outcome, band }) => ({
    key: block.key,
    code: block.code,
    title: block.title,
    value: outcome.kind === 'value' ? outcome.value : null,
    missing: outcome.kind === 'incomplete' ? outcome.missing : [],
    error: outcome.kind === 'error' ? outcome.error.code : null,
    band: band
      ? {
          label: band.label,
          kind: band.kind,
          from: band.from,
          to: band.to,
          program: band.program_id != null ? (programs.get(band.program_id) ?? null) : null,
        }
      : null,
  }));
  const [filler] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.filledBy));
  const previous = await previousOf(db, row);
  return {
    id: row.id,
    client: {
      id: client.id,
      child_name: client.childName,
      language: client.language as Diagnosis['client']['language'],
    },
    card: { id: row.cardId, title: content.title, version: row.cardVersion },
    content,
    client_name: row.clientName,
    child_name: row.childName,
    birthdate: row.birthdate,
    diagnosed_on: row.diagnosedOn,
    answers: row.answers,
    block_marks: row.blockMarks,
    notes: row.notes,
    status: row.status as Diagnosis['status'],
    send_error: row.sendError,
    sent_at: iso(row.sentAt),
    completed_at: iso(row.completedAt),
    updated_at: row.updatedAt.toISOString(),
    filled_by: { id: row.filledBy, name: filler?.name ?? '' },
    results,
    previous,
    link: LINK_STATES[await linkStateOf(db, diagnosisLinks, row.id)],
    read_only: row.status === 'sent',
  };
}

/** `GET /diagnoses/:id`. */
export async function getDiagnosis(db: Tx, caller: ProjectActor, id: number): Promise<Diagnosis> {
  const { diagnosis, client } = await diagnosisFor(db, caller, id);
  return viewOf(db, caller, diagnosis, client);
}

/**
 * `POST /clients/:clientId/diagnoses`: a new diagnosis from the card's latest published version,
 * its header from the student, dated today in the caller's time zone.
 */
export async function createDiagnosis(
  db: Db,
  caller: DiagnosisCaller,
  clientId: number,
  input: z.output<typeof diagnosisCreateInput>,
): Promise<Diagnosis> {
  return db.transaction(async (tx) => {
    const client = await diagnosableClient(tx, caller, clientId);
    const [card] = await tx
      .select({ id: diagnosticCards.id, version: diagnosticCards.version })
      .from(diagnosticCards)
      .where(and(eq(diagnosticCards.id, input.card_id), eq(diagnosticCards.workspaceId, caller.workspaceId)));
    if (!card || card.version === 0) throw notFound();
    const [row] = await tx
      .insert(diagnoses)
      .values({
        workspaceId: caller.workspaceId,
        cardId: card.id,
        cardVersion: card.version,
        clientId: client.id,
        filledBy: caller.userId,
        clientName: client.clientName,
        childName: client.childName,
        birthdate: client.birthdate,
        diagnosedOn: dayIn(caller.timeZone),
      })
      .returning();
    if (!row) throw new Error('the diagnosis was not written');
    return viewOf(tx, caller, row, client);
  });
}

/** The diagnosis when it may still change (not sent), locked for the change. */
async function changeable(tx: Tx, caller: ProjectActor, id: number) {
  const found = await diagnosisFor(tx, caller, id);
  const [locked] = await tx.select().from(diagnoses).where(eq(diagnoses.id, id)).for('update');
  if (!locked) throw notFound();
  if (locked.status === 'sent') throw new AppError('diagnosis_read_only');
  return { diagnosis: locked, client: found.client };
}

/** `PUT /diagnoses/:id`: the autosave of the header, answers, block marks and notes. */
export async function updateDiagnosis(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: z.output<typeof diagnosisUpdateInput>,
): Promise<Diagnosis> {
  return db.transaction(async (tx) => {
    const { diagnosis, client } = await changeable(tx, caller, id);
    const content = await diagnosisContent(tx, diagnosis);
    const problems: Problem[] = Object.keys(answerProblems(content, input.answers)).map((key) => [
      `answers.${key}`,
      'answerDoesNotFit',
    ]);
    const blocks = new Set(content.blocks.map((block) => block.key));
    for (const key of Object.keys(input.block_marks)) {
      if (!blocks.has(key)) problems.push([`block_marks.${key}`, 'unknownBlock']);
    }
    if (problems.length > 0) throw fieldErrors(caller.lang, problems);
    const [saved] = await tx
      .update(diagnoses)
      .set({
        clientName: input.client_name,
        childName: input.child_name,
        birthdate: input.birthdate,
        diagnosedOn: input.diagnosed_on,
        answers: input.answers,
        blockMarks: input.block_marks,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(diagnoses.id, id))
      .returning();
    if (!saved) throw notFound();
    return viewOf(tx, caller, saved, client);
  });
}

/**
 * `POST /diagnoses/:id/complete`: the explicit save. 422 naming each unanswered required question
 * unless `without_required` (spec §5); 409 `diagnosis_scale_change` naming each scale moved by more
 * than two divisions since a diagnosis less than a month before, unless `scale_changes_seen` (§9).
 */
export async function completeDiagnosis(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: z.output<typeof diagnosisCompleteInput>,
): Promise<Diagnosis> {
  return db.transaction(async (tx) => {
    const { diagnosis, client } = await changeable(tx, caller, id);
    const content = await diagnosisContent(tx, diagnosis);
    if (!input.without_required) {
      const missing = missingRequired(content, diagnosis.answers);
      if (missing.length > 0) {
        throw fieldErrors(
          caller.lang,
          missing.map((question) => [`answers.${question.key}`, 'requiredUnanswered']),
        );
      }
    }
    if (!input.scale_changes_seen) {
      const previous = await previousOf(tx, diagnosis);
      const jumps = scaleJumps(content, diagnosis.answers, diagnosis.diagnosedOn, previous);
      if (jumps.length > 0) {
        throw fieldErrors(
          caller.lang,
          jumps.map((jump) => [
            `answers.${jump.question_key}`,
            'scaleJump',
            { before: jump.before, after: jump.after, since: jump.since },
          ]),
          'diagnosis_scale_change',
          { since: jumps[0]?.since ?? '' },
        );
      }
    }
    const now = new Date();
    const [saved] = await tx
      .update(diagnoses)
      .set({ completedAt: now, updatedAt: now })
      .where(eq(diagnoses.id, id))
      .returning();
    if (!saved) throw notFound();
    return viewOf(tx, caller, saved, client);
  });
}

/** `DELETE /diagnoses/:id`: a draft only (one sent or that failed to send stays on record). */
export async function deleteDiagnosis(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { diagnosis } = await changeable(tx, caller, id);
    if (diagnosis.status !== 'draft') throw new AppError('diagnosis_read_only');
    await tx.delete(diagnoses).where(eq(diagnoses.id, id));
  });
}
