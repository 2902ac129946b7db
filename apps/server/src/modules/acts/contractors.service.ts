/**
 * Contractors' details (issue 33 item 2; decision 045): kept once per project and person, the
 * passport and tax id whole only for `acts.personalData`, masked for every other reader.
 */
import { maskPersonal, roleMay, type Contractor, type contractorInput } from '@logoschool/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assignments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { contractors, type ContractorRow } from './acts.schema.ts';

/** Whether the actor, acting as its role, reads passports and tax ids whole. */
export const readsPersonalData = (actor: Pick<Actor, 'role'>) => roleMay(actor.role, 'acts.personalData');

/** A contractor's details as a reader sees them: `whole` for `acts.personalData`, else masked. */
export function contractorView(row: ContractorRow, whole: boolean): Contractor {
  return {
    user_id: row.userId,
    name_uk: row.nameUk,
    name_en: row.nameEn,
    passport: whole ? row.passport : maskPersonal(row.passport),
    tax_country: row.taxCountry,
    tax_number: whole ? row.taxNumber : maskPersonal(row.taxNumber),
    address_uk: row.addressUk,
    address_en: row.addressEn,
    contract_number: row.contractNumber,
    contract_date: row.contractDate,
    currency: row.currency,
    personal_data: whole ? 'whole' : 'masked',
  };
}

/** 404 unless the user is (or was) a member of the project: only they can be its contractors. */
export async function assertMember(db: Tx, workspaceId: number, userId: number) {
  const [member] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.workspaceId, workspaceId), eq(assignments.userId, userId)));
  if (!member) throw notFound();
}

/** The project's details of a contractor, locked for the transaction when asked; undefined when none. */
export async function contractorRow(db: Tx, workspaceId: number, userId: number, lock = false) {
  const query = db
    .select()
    .from(contractors)
    .where(and(eq(contractors.workspaceId, workspaceId), eq(contractors.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** `GET /acts/contractors/:userId`: the details kept, null when none are; masked for most readers. */
export async function readContractor(db: Db, actor: Actor, userId: number): Promise<Contractor | null> {
  await assertMember(db, actor.workspaceId, userId);
  const row = await contractorRow(db, actor.workspaceId, userId);
  return row ? contractorView(row, readsPersonalData(actor)) : null;
}

/** `GET /acts/contractors/:userId/personal-data` (`acts.personalData`): the passport and tax id whole. */
export async function readPersonalData(db: Db, actor: Actor, userId: number) {
  await assertMember(db, actor.workspaceId, userId);
  const row = await contractorRow(db, actor.workspaceId, userId);
  return { passport: row?.passport ?? null, tax_number: row?.taxNumber ?? null };
}

/**
 * `PUT /acts/contractors/:userId`: the details kept once. A passport or a tax id left out keeps
 * the one kept; the first details need both (422).
 */
export async function saveContractor(
  db: Db,
  actor: Actor,
  userId: number,
  input: z.output<typeof contractorInput>,
): Promise<Contractor> {
  return db.transaction(async (tx) => {
    await assertMember(tx, actor.workspaceId, userId);
    const kept = await contractorRow(tx, actor.workspaceId, userId, true);
    const passport = input.passport ?? kept?.passport;
    const taxNumber = input.tax_number ?? kept?.taxNumber;
    if (passport === undefined || taxNumber === undefined) {
      const required = [fieldMessage(actor.lang, 'required')];
      throw new AppError(
        'validation_failed',
        {},
        {
          ...(passport === undefined ? { passport: required } : {}),
          ...(taxNumber === undefined ? { tax_number: required } : {}),
        },
      );
    }
    const values = {
      nameUk: input.name_uk,
      nameEn: input.name_en,
      passport,
      taxCountry: input.tax_country,
      taxNumber,
      addressUk: input.address_uk,
      addressEn: input.address_en,
      contractNumber: input.contract_number,
      contractDate: input.contract_date,
      currency: input.currency,
    };
    const [row] = kept
      ? await tx
          .update(contractors)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(contractors.id, kept.id))
          .returning()
      : await tx
          .insert(contractors)
          .values({ workspaceId: actor.workspaceId, userId, ...values })
          .returning();
    if (!row) throw new AppError('internal_error');
    return contractorView(row, readsPersonalData(actor));
  });
}
