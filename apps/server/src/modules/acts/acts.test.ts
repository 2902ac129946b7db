import { execFileSync } from 'node:child_process';
import {
  EXERCISE_STATUS,
  type Act,
  type ActRate,
  type ActsReport,
  type Contractor,
  type ContractorReport,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exercises, exerciseStatusHistory, type WorkspaceRow } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildExercise, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};
const fieldsOf = (response: { json(): unknown }) =>
  Object.keys((response.json() as { errors?: object }).errors ?? {});
const codeOf = (response: { json(): unknown }) => (response.json() as { code: string }).code;

const OCTOBER = 'from=2026-10-01&to=2026-10-31';

/** Details that pass every check: a real RNOKPP (its check digit right). */
const DETAILS = {
  name_uk: 'Олена Коваль',
  name_en: 'Olena Koval',
  passport: 'AB123456',
  tax_country: 'UA',
  tax_number: '3184710691',
  address_uk: 'Київ, вул. Хрещатик, 1',
  address_en: '1 Khreshchatyk St, Kyiv',
  contract_number: 'K-17',
  contract_date: '2026-01-05',
  currency: 'UAH',
};
const RATES = [
  { type: 'presentation', currency: 'UAH', amount_cents: 150_000 },
  { type: 'presentation', currency: 'EUR', amount_cents: 4_000 },
  { type: 'video', currency: 'UAH', amount_cents: 300_000 },
];

/** A school with a moderator, root, two authors, a manager and a teacher. */
async function school(title = 'Sunny school') {
  const workspace = await buildWorkspace(t.db, { title });
  const moderator = await buildSignedInMember(t.db, workspace, 'moderator');
  const root = await buildSignedInMember(t.db, workspace, 'root');
  const olena = await buildSignedInMember(t.db, workspace, 'author', { name: 'Olena' });
  const petro = await buildSignedInMember(t.db, workspace, 'author', { name: 'Petro' });
  const manager = await buildSignedInMember(t.db, workspace, 'manager');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher');
  return { workspace, moderator, root, olena, petro, manager, teacher };
}

/** An exercise accepted at `at` (its history says so), by `author`; `values` change the row. */
async function accepted(
  workspace: WorkspaceRow,
  author: Member,
  title: string,
  at: string,
  values: Partial<typeof exercises.$inferInsert> = {},
) {
  const exercise = await buildExercise(t.db, workspace.id, author.user.id, { title, ...values });
  await t.db.insert(exerciseStatusHistory).values({
    workspaceId: workspace.id,
    exerciseId: exercise.id,
    fromStatus: EXERCISE_STATUS.moderation,
    toStatus: EXERCISE_STATUS.accepted,
    createdAt: new Date(at),
  });
  return exercise;
}

const reportOf = async (who: Member, query = OCTOBER) =>
  dataOf<ActsReport>(await as(who).get('/api/acts/report', { query }));
const contractorIn = (report: ActsReport, member: Member) =>
  report.contractors.find((row) => row.user_id === member.user.id) as ContractorReport;

/** The PDF's text as `pdftotext` reads it, its white space made single spaces. */
function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes })
    .toString('utf8')
    .replace(/\s+/g, ' ');
}

describe('the report', () => {
  it('lists per contractor what was accepted in the range, with amounts from the rates and currency', async () => {
    const s = await school();
    const one = await accepted(s.workspace, s.olena, 'Sound R', '2026-10-05T09:00:00Z');
    await accepted(s.workspace, s.olena, 'Sound L', '2026-10-20T09:00:00Z');
    await accepted(s.workspace, s.olena, 'September work', '2026-09-30T09:00:00Z');
    await accepted(s.workspace, s.olena, 'Declined since', '2026-10-06T09:00:00Z', {
      statusId: EXERCISE_STATUS.declined,
    });
    await buildExercise(t.db, s.workspace.id, s.olena.user.id, {
      title: 'A draft',
      statusId: EXERCISE_STATUS.draft,
    });
    // A request the moderator filed and Petro took: his work.
    await accepted(s.workspace, s.moderator, 'Taken request', '2026-10-10T09:00:00Z', {
      assignedId: s.petro.user.id,
    });
    // 22:30 UTC on 31 October is 1 November in Kyiv.
    await accepted(s.workspace, s.petro, 'Late evening', '2026-10-31T22:30:00Z');

    let report = await reportOf(s.moderator);
    expect(report).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(report.contractors.map((row) => row.name)).toEqual(['Olena', 'Petro']);
    const olena = contractorIn(report, s.olena);
    expect(olena.items.map((item) => item.title)).toEqual(['Sound R', 'Sound L']);
    expect(olena.items[0]).toMatchObject({
      exercise_id: one.id,
      type: 'presentation',
      accepted_at: '2026-10-05T09:00:00.000Z',
      excluded: false,
      act: null,
      amount_cents: null,
    });
    expect(olena.items[0]!.content_link).toMatch(new RegExp(`/moderate-exercise/${one.id}$`));
    expect(olena).toMatchObject({ details: null, billable: 2, total_cents: null, currency: null });
    expect(contractorIn(report, s.petro).items.map((item) => item.title)).toEqual([
      'Taken request',
      'Late evening',
    ]);
    const kyiv = await reportOf(s.moderator, `${OCTOBER}&time_zone=Europe/Kyiv`);
    expect(contractorIn(kyiv, s.petro).items.map((item) => item.title)).toEqual(['Taken request']);

    expect(dataOf<ActRate[]>(await as(s.moderator).put('/api/acts/rates', { rates: RATES }))).toHaveLength(3);
    dataOf(await as(s.moderator).put(`/api/acts/contractors/${s.olena.user.id}`, DETAILS));
    dataOf(
      await as(s.moderator).put(`/api/acts/contractors/${s.petro.user.id}`, { ...DETAILS, currency: 'EUR' }),
    );
    report = await reportOf(s.moderator);
    expect(contractorIn(report, s.olena)).toMatchObject({
      billable: 2,
      total_cents: 300_000,
      currency: 'UAH',
    });
    expect(contractorIn(report, s.olena).items.map((item) => item.amount_cents)).toEqual([150_000, 150_000]);
    expect(contractorIn(report, s.petro)).toMatchObject({ total_cents: 8_000, currency: 'EUR' });
    // In a currency without a rate: no amount, no total.
    dataOf(
      await as(s.moderator).put(`/api/acts/contractors/${s.petro.user.id}`, { ...DETAILS, currency: 'PLN' }),
    );
    expect(contractorIn(await reportOf(s.moderator), s.petro)).toMatchObject({
      total_cents: null,
      currency: 'PLN',
    });

    // Root may too; another project sees none of it.
    expect((await reportOf(s.root)).contractors).toHaveLength(2);
    const other = await school('Other school');
    expect((await reportOf(other.moderator)).contractors).toEqual([]);
  });

  it('refuses a wrong range, and callers who may not (401, 403)', async () => {
    const s = await school();
    const bad: [string, string][] = [
      ['from=2026-10-31&to=2026-10-01', 'to'],
      ['from=2025-01-01&to=2026-10-01', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-10-01', 'to'],
      [`${OCTOBER}&time_zone=Mars/Base`, 'time_zone'],
    ];
    for (const [query, field] of bad) {
      const response = await as(s.moderator).get('/api/acts/report', { query });
      expect(response.statusCode, query).toBe(422);
      expect(fieldsOf(response), query).toContain(field);
    }
    expect((await as(s.moderator).get('/api/acts/report', { query: OCTOBER, token: null })).statusCode).toBe(
      401,
    );
    for (const who of [s.manager, s.teacher, s.olena]) {
      expect((await as(who).get('/api/acts/report', { query: OCTOBER })).statusCode).toBe(403);
      expect((await as(who).put('/api/acts/rates', { rates: RATES })).statusCode).toBe(403);
      expect(
        (await as(who).post('/api/acts', { user_id: s.olena.user.id, from: '2026-10-01', to: '2026-10-31' }))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('the rates', () => {
  it('are one table per project, one rate per type and currency, checked', async () => {
    const s = await school();
    const other = await school('Other school');
    expect(dataOf<ActRate[]>(await as(s.moderator).get('/api/acts/rates'))).toEqual([]);
    dataOf(await as(s.moderator).put('/api/acts/rates', { rates: RATES }));
    expect(dataOf<ActRate[]>(await as(s.root).get('/api/acts/rates'))).toEqual([
      { type: 'presentation', currency: 'EUR', amount_cents: 4_000 },
      { type: 'presentation', currency: 'UAH', amount_cents: 150_000 },
      { type: 'video', currency: 'UAH', amount_cents: 300_000 },
    ]);
    expect(dataOf<ActRate[]>(await as(other.moderator).get('/api/acts/rates'))).toEqual([]);
    const bad: [object, string][] = [
      [{ rates: [RATES[0], RATES[0]] }, 'rates.1.currency'],
      [{ rates: [{ ...RATES[0], type: 'audio' }] }, 'rates.0.type'],
      [{ rates: [{ ...RATES[0], currency: 'XYZ' }] }, 'rates.0.currency'],
      [{ rates: [{ ...RATES[0], amount_cents: -1 }] }, 'rates.0.amount_cents'],
      [{ rates: [{ ...RATES[0], amount_cents: 1.5 }] }, 'rates.0.amount_cents'],
      [{}, 'rates'],
    ];
    for (const [body, field] of bad) {
      const response = await as(s.moderator).put('/api/acts/rates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(response), JSON.stringify(body)).toContain(field);
    }
  });
});

describe("a contractor's details", () => {
  it('are kept once, tax ids checked, the passport and tax id whole only for acts.personalData', async () => {
    const s = await school();
    const other = await school('Other school');
    const url = `/api/acts/contractors/${s.olena.user.id}`;
    expect(dataOf(await as(s.moderator).get(url))).toBeNull();

    const bad: [object, string][] = [
      [{ ...DETAILS, tax_number: '3184710692' }, 'tax_number'],
      [{ ...DETAILS, tax_number: '318471069' }, 'tax_number'],
      [{ ...DETAILS, tax_country: 'PL', tax_number: '5260250275' }, 'tax_number'],
      [{ ...DETAILS, tax_country: 'other', tax_number: '--' }, 'tax_number'],
      [{ ...DETAILS, tax_country: 'DE' }, 'tax_country'],
      [{ ...DETAILS, name_uk: 'О' }, 'name_uk'],
      [{ ...DETAILS, name_en: '' }, 'name_en'],
      [{ ...DETAILS, passport: 'AB' }, 'passport'],
      [{ ...DETAILS, address_en: 'x'.repeat(501) }, 'address_en'],
      [{ ...DETAILS, contract_date: '2026-13-01' }, 'contract_date'],
      [{ ...DETAILS, currency: 'UA' }, 'currency'],
      [{ ...DETAILS, iban: 'UA00' }, ''],
      [{ ...DETAILS, passport: undefined }, 'passport'],
      [{ ...DETAILS, tax_number: undefined }, 'tax_number'],
    ];
    for (const [body, field] of bad) {
      const response = await as(s.moderator).put(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      if (field) expect(fieldsOf(response), JSON.stringify(body)).toContain(field);
    }
    // A Polish NIP and another country's number pass their own checks.
    dataOf(
      await as(s.moderator).put(`/api/acts/contractors/${s.petro.user.id}`, {
        ...DETAILS,
        tax_country: 'PL',
        tax_number: '5260250274',
      }),
    );
    dataOf(
      await as(s.moderator).put(`/api/acts/contractors/${s.petro.user.id}`, {
        ...DETAILS,
        tax_country: 'other',
        tax_number: 'DE 811907980',
      }),
    );

    const saved = dataOf<Contractor>(await as(s.moderator).put(url, DETAILS));
    expect(saved).toMatchObject({ passport: '••••3456', tax_number: '••••••0691', personal_data: 'masked' });
    expect(dataOf<Contractor>(await as(s.moderator).get(url))).toMatchObject({
      name_uk: 'Олена Коваль',
      passport: '••••3456',
      tax_number: '••••••0691',
    });
    expect(dataOf<Contractor>(await as(s.root).get(url))).toMatchObject({
      passport: 'AB123456',
      tax_number: '3184710691',
      personal_data: 'whole',
    });
    expect((await as(s.moderator).get(`${url}/personal-data`)).statusCode).toBe(403);
    expect(dataOf(await as(s.root).get(`${url}/personal-data`))).toEqual({
      passport: 'AB123456',
      tax_number: '3184710691',
    });

    // A moderator changes the rest without seeing them: the passport and tax id are kept.
    const { passport: _passport, tax_number: _taxId, ...rest } = DETAILS;
    dataOf(await as(s.moderator).put(url, { ...rest, contract_number: 'K-18' }));
    expect(dataOf<Contractor>(await as(s.root).get(url))).toMatchObject({
      contract_number: 'K-18',
      passport: 'AB123456',
      tax_number: '3184710691',
    });

    expect((await as(s.moderator).get(url, { token: null })).statusCode).toBe(401);
    expect((await as(s.manager).put(url, DETAILS)).statusCode).toBe(403);
    // Another project's user, or nobody: 404.
    expect(
      (await as(s.moderator).put(`/api/acts/contractors/${other.olena.user.id}`, DETAILS)).statusCode,
    ).toBe(404);
    expect((await as(other.moderator).get(url)).statusCode).toBe(404);
    expect(
      (await as(s.root).get(`/api/acts/contractors/${other.olena.user.id}/personal-data`)).statusCode,
    ).toBe(404);
    expect((await as(s.moderator).get('/api/acts/contractors/2147483647')).statusCode).toBe(404);
  });
});

describe('acts', () => {
  async function ready() {
    const s = await school();
    const sound = await accepted(s.workspace, s.olena, 'Sound R', '2026-10-05T09:00:00Z');
    const lisp = await accepted(s.workspace, s.olena, 'Lisp', '2026-10-12T09:00:00Z');
    const breath = await accepted(s.workspace, s.olena, 'Breath', '2026-10-20T09:00:00Z');
    dataOf(await as(s.moderator).put('/api/acts/rates', { rates: RATES }));
    return { ...s, sound, lisp, breath };
  }
  const issue = (who: Member, userId: number, extra: object = {}) =>
    as(who).post('/api/acts', {
      user_id: userId,
      from: '2026-10-01',
      to: '2026-10-31',
      act_date: '2026-11-02',
      ...extra,
    });

  it('need the details and a rate, skip excluded items, freeze what they hold, and never hold an item twice', async () => {
    const s = await ready();
    const noDetails = await issue(s.moderator, s.olena.user.id);
    expect(noDetails.statusCode).toBe(409);
    expect(noDetails.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('details') });
    dataOf(
      await as(s.moderator).put(`/api/acts/contractors/${s.olena.user.id}`, { ...DETAILS, currency: 'PLN' }),
    );
    const noRate = await issue(s.moderator, s.olena.user.id);
    expect(noRate.statusCode).toBe(409);
    expect(noRate.json().message).toContain('PLN');
    dataOf(await as(s.moderator).put(`/api/acts/contractors/${s.olena.user.id}`, DETAILS));

    // Excluded, included again, excluded: twice changes nothing.
    dataOf(await as(s.moderator).post('/api/acts/exclusions', { exercise_id: s.lisp.id }));
    dataOf(await as(s.moderator).delete(`/api/acts/exclusions/${s.lisp.id}`));
    dataOf(await as(s.moderator).delete(`/api/acts/exclusions/${s.lisp.id}`));
    dataOf(await as(s.moderator).post('/api/acts/exclusions', { exercise_id: s.lisp.id }));
    expect(dataOf(await as(s.moderator).post('/api/acts/exclusions', { exercise_id: s.lisp.id }))).toEqual({
      exercise_id: s.lisp.id,
      excluded: true,
    });
    let report = contractorIn(await reportOf(s.moderator), s.olena);
    expect(report.items.map((item) => item.excluded)).toEqual([false, true, false]);
    expect(report).toMatchObject({ billable: 2, total_cents: 300_000 });

    const act = dataOf<Act>(await issue(s.moderator, s.olena.user.id), 201);
    expect(act).toMatchObject({
      number: '1/2026',
      year: 2026,
      act_date: '2026-11-02',
      period_from: '2026-10-01',
      period_to: '2026-10-31',
      user_id: s.olena.user.id,
      currency: 'UAH',
      total_cents: 300_000,
      contractor: {
        name_uk: 'Олена Коваль',
        name_en: 'Olena Koval',
        passport: '••••3456',
        contract_number: 'K-17',
      },
    });
    expect(act.items.map((item) => [item.title, item.amount_cents])).toEqual([
      ['Sound R', 150_000],
      ['Breath', 150_000],
    ]);
    expect(act.items[0]!.content_link).toMatch(new RegExp(`/moderate-exercise/${s.sound.id}$`));

    // In the report: the issued items name their act; nothing is left to put in another.
    report = contractorIn(await reportOf(s.moderator), s.olena);
    expect(report.items.map((item) => item.act?.number ?? null)).toEqual(['1/2026', null, '1/2026']);
    expect(report).toMatchObject({ billable: 0, total_cents: 0 });
    const again = await issue(s.moderator, s.olena.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('nothing');
    const issuedItem = await as(s.moderator).post('/api/acts/exclusions', { exercise_id: s.sound.id });
    expect(issuedItem.statusCode).toBe(409);
    expect(issuedItem.json().message).toContain('1/2026');
    expect((await as(s.moderator).delete(`/api/acts/exclusions/${s.sound.id}`)).statusCode).toBe(409);

    // The excluded item, included again, goes into the next act (a correction is a new act).
    dataOf(await as(s.moderator).delete(`/api/acts/exclusions/${s.lisp.id}`));
    const second = dataOf<Act>(await issue(s.moderator, s.olena.user.id), 201);
    expect(second).toMatchObject({ number: '2/2026', total_cents: 150_000 });
    expect(second.items.map((item) => item.title)).toEqual(['Lisp']);

    // Everything an act was made from changes; the act does not.
    await t.db.update(exercises).set({ title: 'Renamed' }).where(eq(exercises.id, s.sound.id));
    dataOf(await as(s.moderator).put('/api/acts/rates', { rates: [{ ...RATES[0], amount_cents: 1 }] }));
    dataOf(
      await as(s.moderator).put(`/api/acts/contractors/${s.olena.user.id}`, {
        ...DETAILS,
        name_uk: 'Олена Шевченко',
        passport: 'CD654321',
        contract_number: 'K-99',
      }),
    );
    await t.db.delete(exercises).where(eq(exercises.id, s.breath.id));
    const read = dataOf<Act>(await as(s.moderator).get(`/api/acts/${act.id}`));
    expect(read).toEqual({ ...act, items: [act.items[0], { ...act.items[1], exercise_id: null }] });
    const listed = dataOf<Act[]>(
      await as(s.moderator).get('/api/acts', { query: `user_id=${s.olena.user.id}` }),
    );
    expect(listed.map((row) => row.number)).toEqual(['2/2026', '1/2026']);
    expect(dataOf<Act>(await as(s.root).get(`/api/acts/${act.id}`)).contractor).toMatchObject({
      passport: 'AB123456',
      tax_number: '3184710691',
      personal_data: 'whole',
    });

    // Another project's act, exercise and contractor: 404.
    const other = await school('Other school');
    expect((await as(other.moderator).get(`/api/acts/${act.id}`)).statusCode).toBe(404);
    expect((await as(other.moderator).get(`/api/acts/${act.id}/pdf`)).statusCode).toBe(404);
    expect(
      (await as(other.moderator).post('/api/acts/exclusions', { exercise_id: s.lisp.id })).statusCode,
    ).toBe(404);
    expect((await issue(other.moderator, s.olena.user.id)).statusCode).toBe(404);
    expect(dataOf<Act[]>(await as(other.moderator).get('/api/acts'))).toEqual([]);
  });

  it('render a PDF in Ukrainian and English side by side, the passport whole only for acts.personalData', async () => {
    const s = await ready();
    dataOf(await as(s.moderator).put(`/api/acts/contractors/${s.olena.user.id}`, DETAILS));
    const act = dataOf<Act>(await issue(s.moderator, s.olena.user.id), 201);

    const response = await as(s.moderator).get(`/api/acts/${act.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('act-1-2026.pdf');
    const moderatorCopy = pdfText(response.rawPayload);
    for (const expected of [
      'Акт № 1/2026',
      'Act No. 1/2026',
      'Акт приймання-передачі виконаних робіт',
      'Certificate of acceptance of work performed',
      'Виконавець: Олена Коваль',
      'Contractor: Olena Koval',
      'Замовник: Sunny school',
      'Customer: Sunny school',
      'Договір № K-17',
      'Contract No. K-17',
      '2 листопада 2026',
      '2 November 2026',
      'Sound R',
      'Lisp',
      'Breath',
      'Презентація / Presentation',
      `/moderate-exercise/${s.sound.id}`,
      'Разом: 4 500,00 UAH',
      'Total: 4,500.00 UAH',
      'Паспорт: ••••3456',
      'Passport: ••••3456',
    ]) {
      expect(moderatorCopy, expected).toContain(expected);
    }
    expect(moderatorCopy).not.toContain('AB123456');
    expect(moderatorCopy).not.toContain('3184710691');

    const rootCopy = pdfText((await as(s.root).get(`/api/acts/${act.id}/pdf`)).rawPayload);
    expect(rootCopy).toContain('Паспорт: AB123456');
    expect(rootCopy).toContain('РНОКПП: 3184710691');
    expect(rootCopy).toContain('Tax ID (RNOKPP): 3184710691');
  });

  it('take the next numbers of their year under 10 parallel issues: no gap, no duplicate', async () => {
    const s = await school();
    dataOf(await as(s.moderator).put('/api/acts/rates', { rates: RATES }));
    const authors: Member[] = [];
    for (let index = 0; index < 10; index += 1) {
      const author = await buildSignedInMember(t.db, s.workspace, 'author', { name: `Author ${index}` });
      await accepted(s.workspace, author, `Work ${index}`, '2026-10-05T09:00:00Z');
      dataOf(await as(s.moderator).put(`/api/acts/contractors/${author.user.id}`, DETAILS));
      authors.push(author);
    }
    // One contractor asked twice at once, and one with nothing to bill: each loser a 409, no number lost.
    const responses = await Promise.all([
      ...authors.map((author) => issue(s.moderator, author.user.id)),
      issue(s.moderator, authors[0]!.user.id),
      issue(s.moderator, s.olena.user.id),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const numbers = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => (response.json() as { data: Act }).data.number)
      .sort((a, b) => parseInt(a) - parseInt(b));
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, index) => `${index + 1}/2026`));

    // A new year starts its own sequence; the project's other year goes on.
    await accepted(s.workspace, s.petro, 'January work', '2027-01-10T09:00:00Z');
    dataOf(await as(s.moderator).put(`/api/acts/contractors/${s.petro.user.id}`, DETAILS));
    const january = dataOf<Act>(
      await issue(s.moderator, s.petro.user.id, {
        from: '2027-01-01',
        to: '2027-01-31',
        act_date: '2027-02-01',
      }),
      201,
    );
    expect(january.number).toBe('1/2027');
    // Another project counts its own.
    const other = await school('Other school');
    dataOf(await as(other.moderator).put('/api/acts/rates', { rates: RATES }));
    await accepted(other.workspace, other.olena, 'Theirs', '2026-10-05T09:00:00Z');
    dataOf(await as(other.moderator).put(`/api/acts/contractors/${other.olena.user.id}`, DETAILS));
    expect(dataOf<Act>(await issue(other.moderator, other.olena.user.id), 201).number).toBe('1/2026');
    expect(codeOf(await issue(s.moderator, s.olena.user.id, { act_date: '2026-02-30' }))).toBe(
      'validation_failed',
    );
  });
});
