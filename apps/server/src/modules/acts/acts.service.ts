/**
 * Contractors' reports and acts (issue 33 item 2): the rates, the report of accepted content per
 * contractor, exclusions, and issuing acts (the contractors' details: `contractors.service.ts`).
 */
import {
  EXERCISE_STATUS,
  actNumber,
  maskPersonal,
  type Act,
  type ActRate,
  type ActsReport,
  type ContractorReport,
  type ReportItem,
  type actInput,
  type actRatesInput,
} from '@logoschool/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { exercises, workspaces } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { actPdf } from './act-pdf.ts';
import { assertMember, contractorRow, contractorView, readsPersonalData } from './contractors.service.ts';
import {
  actCounters,
  actExclusions,
  actItems,
  actRates,
  acts,
  contractors,
  type ActItemRow,
  type ActRow,
} from './acts.schema.ts';

/** A range of days, both included, judged in `time_zone` (UTC when absent). */
interface DayRange {
  from: string;
  to: string;
  time_zone?: string | undefined;
}

/** The web app's address of an exercise, as a moderator opens it. */
export const contentLink = (baseUrl: string, exerciseId: number) =>
  `${baseUrl}/moderate-exercise/${exerciseId}`;

const iso = (value: unknown) => new Date(value as string).toISOString();

// ——— Rates ———

/** `GET /acts/rates`: the project's rates, by type then currency. */
export async function listRates(db: Tx, workspaceId: number): Promise<ActRate[]> {
  const rows = await db
    .select()
    .from(actRates)
    .where(eq(actRates.workspaceId, workspaceId))
    .orderBy(asc(actRates.type), asc(actRates.currency));
  return rows.map((row) => ({ type: row.type, currency: row.currency, amount_cents: row.amountCents }));
}

/** `PUT /acts/rates`: the whole table replaced. Issued acts keep the amounts they were issued with. */
export async function saveRates(db: Db, actor: Actor, input: z.output<typeof actRatesInput>) {
  return db.transaction(async (tx) => {
    await tx.delete(actRates).where(eq(actRates.workspaceId, actor.workspaceId));
    if (input.rates.length > 0) {
      await tx.insert(actRates).values(
        input.rates.map((rate) => ({
          workspaceId: actor.workspaceId,
          type: rate.type,
          currency: rate.currency,
          amountCents: rate.amount_cents,
        })),
      );
    }
    return listRates(tx, actor.workspaceId);
  });
}

// ——— The report ———

interface ContentRow {
  exercise_id: number;
  title: string;
  user_id: number;
  user_name: string;
  user_email: string;
  accepted_at: unknown;
  excluded: boolean;
  act_id: number | null;
  act_number: number | null;
  act_year: number | null;
}

/**
 * The project's accepted exercises whose last acceptance falls within the range, with their
 * contractor (the author who took the request, else the author), whether they are excluded and the
 * act that holds them; one contractor's when `userId` is given.
 */
async function acceptedContent(
  db: Tx,
  workspaceId: number,
  range: DayRange,
  userId?: number,
): Promise<ContentRow[]> {
  const zone = range.time_zone ?? 'UTC';
  const accepted = EXERCISE_STATUS.accepted;
  const result = await db.execute(sql`
    select e.id as exercise_id, e.title, coalesce(e.assigned_id, e.author_id) as user_id,
           u.name as user_name, u.email as user_email, a.accepted_at,
           (x.exercise_id is not null) as excluded,
           ai.act_id, ac.number as act_number, ac.year as act_year
    from exercises e
    join (
      select h.exercise_id, max(h.created_at) as accepted_at
      from exercise_status_history h
      where h.workspace_id = ${workspaceId} and h.to_status = ${accepted}
        and h.from_status is distinct from ${accepted}
      group by h.exercise_id
    ) a on a.exercise_id = e.id
    join users u on u.id = coalesce(e.assigned_id, e.author_id)
    left join act_exclusions x on x.workspace_id = e.workspace_id and x.exercise_id = e.id
    left join act_items ai on ai.workspace_id = e.workspace_id and ai.exercise_id = e.id
    left join acts ac on ac.id = ai.act_id
    where e.workspace_id = ${workspaceId} and e.status_id = ${accepted}
      and a.accepted_at >= (${range.from}::timestamp at time zone ${zone})
      and a.accepted_at < ((${range.to}::date + 1)::timestamp at time zone ${zone})
      ${userId === undefined ? sql.empty() : sql`and coalesce(e.assigned_id, e.author_id) = ${userId}`}
    order by u.name, user_id, a.accepted_at, e.id
  `);
  return (result as unknown as { rows: ContentRow[] }).rows;
}

/** The rate of each type in each currency. */
async function rateTable(db: Tx, workspaceId: number) {
  const rates = await listRates(db, workspaceId);
  return new Map(rates.map((rate) => [`${rate.type}:${rate.currency}`, rate.amount_cents]));
}

/** Whether an item would go into the contractor's next act. */
const isBillable = (row: ContentRow) => !row.excluded && row.act_id === null;

/** `GET /acts/report`: per contractor, the content accepted in the range, with amounts and totals. */
export async function actsReport(
  db: Db,
  actor: Actor,
  range: DayRange,
  baseUrl: string,
): Promise<ActsReport> {
  const rows = await acceptedContent(db, actor.workspaceId, range);
  const rates = await rateTable(db, actor.workspaceId);
  const kept = await db.select().from(contractors).where(eq(contractors.workspaceId, actor.workspaceId));
  const details = new Map(kept.map((row) => [row.userId, row]));

  const byUser = new Map<number, ContentRow[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);

  const reports: ContractorReport[] = [...byUser].map(([userId, own]) => {
    const contractor = details.get(userId);
    const currency = contractor?.currency ?? null;
    const amountOf = () => (currency === null ? null : (rates.get(`presentation:${currency}`) ?? null));
    const items: ReportItem[] = own.map((row) => ({
      exercise_id: row.exercise_id,
      type: 'presentation',
      title: row.title,
      accepted_at: iso(row.accepted_at),
      content_link: contentLink(baseUrl, row.exercise_id),
      excluded: row.excluded,
      act:
        row.act_id === null
          ? null
          : { id: row.act_id, number: actNumber(row.act_number ?? 0, row.act_year ?? 0) },
      amount_cents: amountOf(),
    }));
    const billable = items.filter((item) => !item.excluded && item.act === null);
    const amounts = billable.map((item) => item.amount_cents);
    return {
      user_id: userId,
      name: own[0]?.user_name ?? '',
      email: own[0]?.user_email ?? '',
      // A list: the passport and tax id masked for every reader.
      details: contractor ? contractorView(contractor, false) : null,
      items,
      billable: billable.length,
      total_cents:
        currency === null || amounts.some((amount) => amount === null)
          ? null
          : amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0),
      currency,
    };
  });
  return { from: range.from, to: range.to, contractors: reports };
}

// ——— Exclusions ———

/** The project's accepted exercise, 404 otherwise; 409 when an act already holds it. */
async function excludable(db: Tx, actor: Actor, exerciseId: number) {
  const [exercise] = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(
      and(
        eq(exercises.workspaceId, actor.workspaceId),
        eq(exercises.id, exerciseId),
        eq(exercises.statusId, EXERCISE_STATUS.accepted),
      ),
    );
  if (!exercise) throw notFound();
  const [issued] = await db
    .select({ actId: actItems.actId, number: acts.number, year: acts.year })
    .from(actItems)
    .innerJoin(acts, eq(acts.id, actItems.actId))
    .where(and(eq(actItems.workspaceId, actor.workspaceId), eq(actItems.exerciseId, exerciseId)));
  if (issued) {
    throw new AppError('conflict', { number: actNumber(issued.number, issued.year) }).saying('actItemIssued');
  }
}

/** `POST /acts/exclusions`: the item is left out of the next act (again: nothing changes). */
export async function excludeItem(db: Db, actor: Actor, exerciseId: number) {
  await excludable(db, actor, exerciseId);
  await db
    .insert(actExclusions)
    .values({ workspaceId: actor.workspaceId, exerciseId, excludedBy: actor.userId })
    .onConflictDoNothing();
  return { exercise_id: exerciseId, excluded: true };
}

/** `DELETE /acts/exclusions/:exerciseId`: the item is included again (again: nothing changes). */
export async function includeItem(db: Db, actor: Actor, exerciseId: number) {
  await excludable(db, actor, exerciseId);
  await db
    .delete(actExclusions)
    .where(and(eq(actExclusions.workspaceId, actor.workspaceId), eq(actExclusions.exerciseId, exerciseId)));
  return { exercise_id: exerciseId, excluded: false };
}

// ——— Acts ———

/** An act with its items, the contractor's passport and tax id as the reader may see them. */
export function actView(row: ActRow, items: ActItemRow[], whole: boolean): Act {
  const c = row.contractor;
  return {
    id: row.id,
    number: actNumber(row.number, row.year),
    year: row.year,
    act_date: row.actDate,
    period_from: row.periodFrom,
    period_to: row.periodTo,
    user_id: row.userId,
    contractor: {
      name_uk: c.nameUk,
      name_en: c.nameEn,
      passport: whole ? c.passport : maskPersonal(c.passport),
      tax_country: c.taxCountry,
      tax_number: whole ? c.taxNumber : maskPersonal(c.taxNumber),
      address_uk: c.addressUk,
      address_en: c.addressEn,
      contract_number: c.contractNumber,
      contract_date: c.contractDate,
      personal_data: whole ? 'whole' : 'masked',
    },
    currency: row.currency,
    total_cents: row.totalCents,
    items: items.map((item) => ({
      exercise_id: item.exerciseId,
      type: item.type,
      title: item.title,
      accepted_at: item.acceptedAt,
      content_link: item.contentLink,
      amount_cents: item.amountCents,
    })),
    created_at: iso(row.createdAt),
    created_by: row.createdByName,
  };
}

async function itemsOf(db: Tx, actIds: number[]) {
  if (actIds.length === 0) return new Map<number, ActItemRow[]>();
  const rows = await db
    .select()
    .from(actItems)
    .where(inArray(actItems.actId, actIds))
    .orderBy(asc(actItems.actId), asc(actItems.position));
  const byAct = new Map<number, ActItemRow[]>();
  for (const row of rows) byAct.set(row.actId, [...(byAct.get(row.actId) ?? []), row]);
  return byAct;
}

/** The acts a list shows at most (the newest). */
export const ACTS_LIST_MAX = 200;

/** `GET /acts`: the project's acts, newest first; one contractor's with `user_id`. */
export async function listActs(db: Db, actor: Actor, userId?: number): Promise<Act[]> {
  if (userId !== undefined) await assertMember(db, actor.workspaceId, userId);
  const rows = await db
    .select()
    .from(acts)
    .where(
      and(
        eq(acts.workspaceId, actor.workspaceId),
        userId === undefined ? undefined : eq(acts.userId, userId),
      ),
    )
    .orderBy(desc(acts.year), desc(acts.number))
    .limit(ACTS_LIST_MAX);
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  );
  // A list: the passport and tax id masked for every reader.
  return rows.map((row) => actView(row, items.get(row.id) ?? [], false));
}

/** One act of the project with its items (404 for another project's). */
export async function findAct(db: Tx, workspaceId: number, actId: number) {
  const [row] = await db
    .select()
    .from(acts)
    .where(and(eq(acts.workspaceId, workspaceId), eq(acts.id, actId)));
  if (!row) throw notFound();
  return { row, items: (await itemsOf(db, [row.id])).get(row.id) ?? [] };
}

/** `GET /acts/:actId`. */
export async function readAct(db: Db, actor: Actor, actId: number): Promise<Act> {
  const { row, items } = await findAct(db, actor.workspaceId, actId);
  return actView(row, items, readsPersonalData(actor));
}

/** `GET /acts/:actId/pdf`: the act as a PDF, the project as its customer. */
export async function actDocument(db: Db, actor: Actor, actId: number) {
  const act = await readAct(db, actor, actId);
  const [project] = await db
    .select({ title: workspaces.title })
    .from(workspaces)
    .where(eq(workspaces.id, actor.workspaceId));
  return actPdf(act, project?.title ?? '');
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `POST /acts`: the contractor's act for the range. In one transaction: the contractor's details
 * are locked (acts of one contractor go one at a time), the year's number is taken (its counter
 * row stays locked until the act is saved, so parallel issues get the next numbers in turn and a
 * failure gives its number back), the billable items are read after both locks, their amounts
 * frozen from the rates, and the act and its items saved. 409 without details, without a rate, or
 * with nothing to bill.
 */
export async function issueAct(
  db: Db,
  actor: Actor,
  input: z.output<typeof actInput>,
  baseUrl: string,
): Promise<Act> {
  return db.transaction(async (tx) => {
    await assertMember(tx, actor.workspaceId, input.user_id);
    const details = await contractorRow(tx, actor.workspaceId, input.user_id, true);
    if (!details) throw new AppError('conflict').saying('actContractorMissing');
    const [rate] = await tx
      .select()
      .from(actRates)
      .where(
        and(
          eq(actRates.workspaceId, actor.workspaceId),
          eq(actRates.type, 'presentation'),
          eq(actRates.currency, details.currency),
        ),
      );
    if (!rate) throw new AppError('conflict', { currency: details.currency }).saying('actRateMissing');

    const actDate = input.act_date ?? today();
    const year = Number(actDate.slice(0, 4));
    const [counter] = await tx
      .insert(actCounters)
      .values({ workspaceId: actor.workspaceId, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [actCounters.workspaceId, actCounters.year],
        set: { lastNumber: sql`${actCounters.lastNumber} + 1` },
      })
      .returning();
    if (!counter) throw new AppError('internal_error');

    const content = (await acceptedContent(tx, actor.workspaceId, input, input.user_id)).filter(isBillable);
    if (content.length === 0) throw new AppError('conflict').saying('actNothingToIssue');

    const [act] = await tx
      .insert(acts)
      .values({
        workspaceId: actor.workspaceId,
        year,
        number: counter.lastNumber,
        actDate,
        periodFrom: input.from,
        periodTo: input.to,
        userId: input.user_id,
        contractor: {
          nameUk: details.nameUk,
          nameEn: details.nameEn,
          passport: details.passport,
          taxCountry: details.taxCountry,
          taxNumber: details.taxNumber,
          addressUk: details.addressUk,
          addressEn: details.addressEn,
          contractNumber: details.contractNumber,
          contractDate: details.contractDate,
        },
        currency: details.currency,
        totalCents: rate.amountCents * content.length,
        createdBy: actor.userId,
        createdByName: actor.name,
      })
      .returning();
    if (!act) throw new AppError('internal_error');
    const items = await tx
      .insert(actItems)
      .values(
        content.map((row, position) => ({
          workspaceId: actor.workspaceId,
          actId: act.id,
          exerciseId: row.exercise_id,
          position,
          type: 'presentation' as const,
          title: row.title,
          acceptedAt: iso(row.accepted_at),
          contentLink: contentLink(baseUrl, row.exercise_id),
          amountCents: rate.amountCents,
        })),
      )
      .returning();
    return actView(act, items, readsPersonalData(actor));
  });
}
