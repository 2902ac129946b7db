import {
  diagnosticCardInput,
  diagnosisProgressSchema,
  parentDiagnosisSchema,
  withKeys,
  type DiagnosisProgress,
  type DiagnosisSharing,
  type PublicLink,
  type DiagnosticCardContent,
  type DiagnosticCardInput,
  type ParentDiagnosis,
  type SentDiagnosis,
} from '@logoschool/contract';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { clientDiagnosticians, diagnoses, mails, recommendedPrograms } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import {
  buildDiagnosis,
  buildDiagnosticCard,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';

const PUBLIC_URL = 'https://school.example';
const t = useTestApp({ PUBLIC_URL });

const as = (who: Member, app: App = t.app) => apiAs(app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};
const errorOf = (response: { statusCode: number; body: string; json(): unknown }, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string };
};

/** Texts only the diagnostician may read: none of them may reach the parents. */
const HIDDEN = {
  notes: 'STAFF-note: mother anxious, do not mention',
  block: 'STAFF-block: tongue tie probe',
  formula: 'hidden_total',
};

/** The child's name in Cyrillic: the PDF must carry it as text. */
const CHILD = 'Марко Петренко';

/** A card with every answer type, a computed block for parents (with bands) and one hidden from them. */
function cardInput(
  programId: number | null,
  language: DiagnosticCardInput['language'] = 'uk',
): DiagnosticCardInput {
  return {
    title: 'Мовленнєвий скринінг',
    description: 'Коротка перевірка звуковимови.',
    language,
    blocks: [
      {
        title: 'Звуки',
        questions: [
          { code: 'name', text: 'Як дитина називає себе?', type: 'short_text' },
          { code: 'story', text: 'Розповідь за картинкою', type: 'long_text' },
          {
            code: 'r_sound',
            text: 'Звук Р',
            type: 'one_variant',
            required: true,
            variants: [
              { label: 'Правильно', score: 2 },
              { label: 'Замінює', score: 0 },
            ],
          },
          {
            code: 'errors',
            text: 'Які помилки?',
            type: 'many_variants',
            variants: [
              { label: 'Пропуск', score: 1 },
              { label: 'Заміна', score: 1 },
              { label: 'Спотворення', score: 1 },
            ],
          },
          {
            code: 'clarity',
            text: 'Розбірливість мовлення',
            type: 'scale',
            scale: {
              from: 0,
              to: 10,
              start_label: 'Нерозбірливо',
              centre_label: 'Частково',
              end_label: 'Чітко',
            },
          },
          {
            code: 'syllables',
            text: 'Склади',
            type: 'table',
            rows: [{ label: 'ра' }, { label: 'ро' }],
            columns: [
              { label: 'так', score: 1 },
              { label: 'ні', score: 0 },
            ],
          },
        ],
      },
    ],
    computed: [
      {
        code: 'total',
        title: 'Загальний бал',
        formula: 'r_sound + sum(syllables) + clarity',
        bands: [
          { from: 0, to: 5, label: 'Значні труднощі', kind: 'violation', program_id: programId },
          { from: 6, to: 100, label: 'Норма', kind: 'qualification' },
        ],
      },
      { code: HIDDEN.formula, title: HIDDEN.block, formula: 'count(errors)', parents_visible: false },
    ],
  };
}

const content = (input: DiagnosticCardInput): DiagnosticCardContent =>
  withKeys(diagnosticCardInput.parse(input), randomUUID);

/** Answers to the card: R said right or not, the clarity division, both syllables. */
function answersFor(card: DiagnosticCardContent, right: boolean, clarity: number) {
  const questions = card.blocks[0]!.questions;
  const [name, story, r, errors, scale, table] = questions;
  return {
    [name!.key]: { text: 'Марко' },
    [story!.key]: { text: 'Кіт сидить на вікні.' },
    [r!.key]: { variant: r!.variants[right ? 0 : 1]!.key },
    [errors!.key]: { variants: [errors!.variants[1]!.key] },
    [scale!.key]: { value: clarity },
    [table!.key]: {
      cells: {
        [table!.rows[0]!.key]: [table!.columns[0]!.key],
        [table!.rows[1]!.key]: [table!.columns[1]!.key],
      },
    },
  };
}

/**
 * A school: a teacher and her student (Ukrainian, a parent e-mail of its own), a published card in
 * Ukrainian whose low band points at a program, another teacher, a moderator, and a teacher of
 * another project.
 */
async function school(
  student: { language?: string; parent_email?: string } = {},
  cardLanguage: 'uk' | 'en' = 'uk',
) {
  const workspace = await buildWorkspace(t.db);
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher', { name: 'Олена Логопед' });
  const otherTeacher = await buildSignedInMember(t.db, workspace, 'teacher');
  const diagnostician = await buildSignedInMember(t.db, workspace, 'diagnostician');
  const moderator = await buildSignedInMember(t.db, workspace, 'moderator');
  const stranger = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
  const parentEmail = `mama-${randomBytes(4).toString('hex')}@example.test`;
  const pupil = dataOf<{ id: number }>(
    await as(teacher).post('/api/clients', {
      client_name: 'Ірина Петренко',
      child_name: CHILD,
      language: 'uk',
      parent_email: parentEmail,
      ...student,
    }),
    201,
  );
  const [program] = await t.db
    .insert(recommendedPrograms)
    .values({ workspaceId: workspace.id, kind: 'program', name: 'Програма «Звук Р»' })
    .returning();
  const card = content(cardInput(program!.id, cardLanguage));
  const cardRow = await buildDiagnosticCard(t.db, workspace.id, moderator.user.id, card);
  const diagnose = (values: Partial<typeof diagnoses.$inferInsert> = {}) =>
    buildDiagnosis(t.db, {
      workspaceId: workspace.id,
      cardId: cardRow.id,
      clientId: pupil.id,
      filledBy: teacher.user.id,
      clientName: 'Ірина Петренко',
      childName: CHILD,
      diagnosedOn: '2026-10-20',
      answers: answersFor(card, false, 3),
      notes: HIDDEN.notes,
      blockMarks: { [card.blocks[0]!.key]: { examination: 'start', status: 'further' } },
      ...values,
    });
  return {
    workspace,
    teacher,
    otherTeacher,
    diagnostician,
    moderator,
    stranger,
    pupil,
    parentEmail,
    card,
    diagnose,
  };
}
type School = Awaited<ReturnType<typeof school>>;

const send = (who: Member, diagnosisId: number, app: App = t.app) =>
  as(who, app).post('/api/clients/diagnostic-cards/send', { diagnosis_id: diagnosisId });
const publicCard = (token: string, lang = 'en') =>
  t.app.inject({ url: `/api/public/dc/${token}`, headers: { 'accept-language': lang } });
const publicProgress = (token: string, lang = 'en') =>
  t.app.inject({ url: `/api/public/dc/${token}/progress`, headers: { 'accept-language': lang } });
const tokenOf = (url: string | null) => /\/dc-preview\/([\w-]{43})$/.exec(url ?? '')?.[1] ?? '';
const lastMailTo = async (to: string) => {
  const [row] = await t.db.select().from(mails).where(eq(mails.to, to)).orderBy(desc(mails.id)).limit(1);
  return row;
};

/** A sent diagnosis and its live token. */
async function sent(s: School, values: Partial<typeof diagnoses.$inferInsert> = {}) {
  const diagnosis = await s.diagnose(values);
  const answer = dataOf<SentDiagnosis>(await send(s.teacher, diagnosis.id));
  return { diagnosis, answer, token: tokenOf(answer.url) };
}

describe('sending a diagnosis to the parents', () => {
  it("mails the link to the parent in the student's language and records it sent", async () => {
    const s = await school();
    const diagnosis = await s.diagnose();
    const before = Date.now();
    const answer = dataOf<SentDiagnosis>(await send(s.teacher, diagnosis.id));
    expect(answer).toMatchObject({
      status: 'sent',
      completed: true,
      send_error: null,
      email: s.parentEmail,
      mail_delivery: 'outbox',
    });
    expect(answer.url).toMatch(/^https:\/\/school\.example\/dc-preview\/[\w-]{43}$/);
    expect(Date.parse(answer.sent_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const mail = await lastMailTo(s.parentEmail);
    expect(mail?.subject).toBe(`Діагностична картка «Мовленнєвий скринінг» — ${CHILD}`);
    expect(mail?.text).toContain('Олена Логопед');
    expect(mail?.text).toContain(answer.url);
    // The state reads back the same.
    const state = dataOf<DiagnosisSharing>(await as(s.teacher).get(`/api/diagnoses/${diagnosis.id}/link`));
    expect(state).toMatchObject({ status: 'sent', url: answer.url, link_state: 'live', withdrawn_at: null });
  });

  it('sends again with the same link, and an assigned diagnostician may send too', async () => {
    const s = await school();
    const { diagnosis, answer } = await sent(s);
    await t.db
      .insert(clientDiagnosticians)
      .values({ clientId: s.pupil.id, userId: s.diagnostician.user.id, workspaceId: s.workspace.id });
    const again = dataOf<SentDiagnosis>(await send(s.diagnostician, diagnosis.id));
    expect(again.url).toBe(answer.url);
  });

  it('refuses a diagnosis not completed (422) and a student without a parent e-mail (422)', async () => {
    const s = await school();
    const draft = await s.diagnose({ completedAt: null });
    const refused = errorOf(await send(s.teacher, draft.id), 422);
    expect(refused.message).toMatch(/not completed/);
    const noMail = await school({ parent_email: '' });
    const complete = await noMail.diagnose();
    expect(errorOf(await send(noMail.teacher, complete.id), 422).message).toMatch(/no parent e-mail/);
    const [row] = await t.db.select().from(diagnoses).where(eq(diagnoses.id, complete.id));
    expect(row).toMatchObject({ status: 'draft' });
    // Nor a link: the kit's own route refuses it the same way.
    const link = `/api/diagnoses/${draft.id}/link`;
    expect(errorOf(await as(s.teacher).post(link), 422).message).toMatch(/not completed/);
    expect(
      dataOf<DiagnosisSharing>(await as(noMail.teacher).get(`/api/diagnoses/${complete.id}/link`)),
    ).toMatchObject({ url: null, link_state: 'none' });
  });

  it('answers 401 without a token, 403 to a role that may not, 404 to another teacher and another project', async () => {
    const s = await school();
    const diagnosis = await s.diagnose();
    const path = '/api/clients/diagnostic-cards/send';
    expect((await as(s.teacher).post(path, { diagnosis_id: diagnosis.id }, { token: null })).statusCode).toBe(
      401,
    );
    expect(errorOf(await send(s.moderator, diagnosis.id), 403).code).toBe('forbidden');
    expect(errorOf(await send(s.otherTeacher, diagnosis.id), 404).code).toBe('not_found');
    // A diagnostician not assigned to the student sees nothing either.
    expect(errorOf(await send(s.diagnostician, diagnosis.id), 404).code).toBe('not_found');
    expect(errorOf(await send(s.stranger, diagnosis.id), 404).code).toBe('not_found');
    for (const url of [`/api/diagnoses/${diagnosis.id}/link`, `/api/diagnoses/${diagnosis.id}/pdf`]) {
      expect((await as(s.teacher).get(url, { token: null })).statusCode).toBe(401);
      expect((await as(s.moderator).get(url)).statusCode).toBe(403);
      expect((await as(s.otherTeacher).get(url)).statusCode).toBe(404);
      expect((await as(s.stranger).get(url)).statusCode).toBe(404);
    }
    const link = `/api/diagnoses/${diagnosis.id}/link`;
    expect((await as(s.moderator).delete(link)).statusCode).toBe(403);
    expect((await as(s.otherTeacher).delete(link)).statusCode).toBe(404);
    expect((await as(s.stranger).delete(link)).statusCode).toBe(404);
    expect((await as(s.stranger).post(`${link}/rotate`)).statusCode).toBe(404);
    expect((await send(s.teacher, 2_147_483_647)).statusCode).toBe(404);
  });
});

describe("the parents' page", () => {
  it('shows the filled card in readable form and only the results meant for parents', async () => {
    const s = await school();
    const { token } = await sent(s);
    const response = await publicCard(token);
    expect(response.headers['cache-control']).toBe('no-store');
    const shown = dataOf<ParentDiagnosis>(response);
    expect(parentDiagnosisSchema.parse(shown)).toEqual(shown);
    expect(shown).toMatchObject({
      language: 'uk',
      card_title: 'Мовленнєвий скринінг',
      child_name: CHILD,
      diagnosed_on: '2026-10-20',
    });
    const answers = shown.blocks[0]!.questions.map((question) => question.answer);
    expect(answers).toEqual([
      { kind: 'text', text: 'Марко' },
      { kind: 'text', text: 'Кіт сидить на вікні.' },
      { kind: 'variants', labels: ['Замінює'] },
      { kind: 'variants', labels: ['Заміна'] },
      { kind: 'scale', value: 3, scale: s.card.blocks[0]!.questions[4]!.scale },
      {
        kind: 'table',
        rows: [
          { label: 'ра', picked: ['так'] },
          { label: 'ро', picked: ['ні'] },
        ],
      },
    ]);
    // 0 (R replaced) + 1 (one syllable) + 3 (clarity) = 4: the low band, pointing at the program.
    expect(shown.results).toEqual([
      expect.objectContaining({
        title: 'Загальний бал',
        value: 4,
        band: { from: 0, to: 5, label: 'Значні труднощі', kind: 'violation' },
        program: 'Програма «Звук Р»',
      }),
    ]);
    const body = response.body;
    for (const secret of Object.values(HIDDEN)) expect(body).not.toContain(secret);
    expect(body).not.toContain('further');
    expect(body).not.toContain('formula');
  });

  it('answers 404 with its own message to a wrong link and to a withdrawn one', async () => {
    const s = await school();
    const { diagnosis, token } = await sent(s);
    for (const wrong of ['x'.repeat(43), 'short', `${token}x`]) {
      const refused = errorOf(await publicCard(wrong), 404);
      expect(refused).toMatchObject({ code: 'not_found' });
      expect(refused.message).toMatch(/not valid or was withdrawn/);
    }
    const revoked = dataOf<PublicLink>(await as(s.teacher).delete(`/api/diagnoses/${diagnosis.id}/link`));
    expect(revoked).toMatchObject({ url: null, link_state: 'withdrawn' });
    expect(revoked.withdrawn_at).not.toBeNull();
    const state = dataOf<DiagnosisSharing>(await as(s.teacher).get(`/api/diagnoses/${diagnosis.id}/link`));
    expect(state).toMatchObject({ url: null, status: 'sent', withdrawn_at: revoked.withdrawn_at });
    for (const url of [
      `/api/public/dc/${token}`,
      `/api/public/dc/${token}/progress`,
      `/api/public/dc/${token}/pdf`,
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
    // Sending again makes a new link; the withdrawn one stays dead.
    const again = dataOf<SentDiagnosis>(await send(s.teacher, diagnosis.id));
    expect(tokenOf(again.url)).not.toBe(token);
    expect((await publicCard(tokenOf(again.url))).statusCode).toBe(200);
    expect((await publicCard(token)).statusCode).toBe(404);
  });
});

describe('progress', () => {
  it('gives a point per completed diagnosis on the card up to the link’s, oldest first, per result and per scale', async () => {
    const s = await school();
    // Completed and never sent: still the child's history, which the sent one continues.
    await s.diagnose({ diagnosedOn: '2026-09-20', answers: answersFor(s.card, false, 2) });
    // A draft of the same card is no progress yet.
    await s.diagnose({ diagnosedOn: '2026-10-01', completedAt: null });
    const { token } = await sent(s, { diagnosedOn: '2026-10-20', answers: answersFor(s.card, true, 4) });
    // A later diagnosis is not the parents' until it is sent.
    await s.diagnose({ diagnosedOn: '2026-11-10', answers: answersFor(s.card, true, 5) });
    const progress = dataOf<DiagnosisProgress>(await publicProgress(token));
    expect(diagnosisProgressSchema.parse(progress)).toEqual(progress);
    expect(progress.dates).toEqual(['2026-09-20', '2026-10-20']);
    expect(progress.series.map((series) => [series.kind, series.title, series.points])).toEqual([
      [
        'computed',
        'Загальний бал',
        [
          { date: '2026-09-20', value: 3 },
          { date: '2026-10-20', value: 7 },
        ],
      ],
      [
        'scale',
        'Розбірливість мовлення',
        [
          { date: '2026-09-20', value: 2 },
          { date: '2026-10-20', value: 4 },
        ],
      ],
    ]);
    expect(JSON.stringify(progress)).not.toContain(HIDDEN.block);
  });

  it('says the language mismatch when the card is not in the student’s language', async () => {
    const s = await school({ language: 'pl' }, 'uk');
    const { token } = await sent(s);
    expect((await publicCard(token)).statusCode).toBe(200);
    const refused = errorOf(await publicProgress(token, 'pl'), 409);
    expect(refused.code).toBe('diagnosis_language_mismatch');
    expect(refused.message).toMatch(/postęp/);
  });
});

describe('the PDF', () => {
  /** The PDF's text as poppler reads it (pdfkit compresses its text: a byte search finds nothing). */
  const pdfText = (bytes: Buffer) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');
  const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

  it('gives the diagnostician and the parents the filled card, with the Cyrillic name as text', async () => {
    const s = await school();
    const { diagnosis, token } = await sent(s);
    const own = await as(s.teacher).get(`/api/diagnoses/${diagnosis.id}/pdf`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('attachment; filename="');
    expect(own.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Мовленнєвий скринінг - ${CHILD} - 2026-10-20.pdf`)}`,
    );
    const bytes = own.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parents = await t.app.inject({ url: `/api/public/dc/${token}/pdf` });
    expect(parents.statusCode).toBe(200);
    expect(parents.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (hasPdftotext) {
      const text = pdfText(bytes);
      expect(text).toContain(CHILD);
      expect(text).toContain('Мовленнєвий скринінг');
      expect(text).toContain('Значні труднощі');
      expect(text).not.toContain(HIDDEN.notes);
      expect(text).not.toContain(HIDDEN.block);
    }
    expect((await t.app.inject({ url: `/api/public/dc/${'x'.repeat(43)}/pdf` })).statusCode).toBe(404);
  });
});

describe('sending over SMTP', () => {
  let smtp: TestSmtpServer;
  let refusing: TestSmtpServer;
  const apps = {} as { smtp: App; refusing: App };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    refusing = await startSmtpServer({ refuse: true });
    for (const [name, server] of [
      ['smtp', smtp],
      ['refusing', refusing],
    ] as const) {
      apps[name] = await buildApp({
        config: testConfig({ SMTP_URL: server.url, PUBLIC_URL }),
        database: t.testDb.database,
      });
      await apps[name].ready();
    }
  });
  afterAll(async () => {
    await apps.smtp?.close();
    await apps.refusing?.close();
    await smtp?.close();
    await refusing?.close();
  });

  it('records a refused mail as not sent with the reason, says the mail failed, and sends again', async () => {
    const s = await school();
    const diagnosis = await s.diagnose();
    const failed = dataOf<SentDiagnosis>(await send(s.teacher, diagnosis.id, apps.refusing));
    expect(failed).toMatchObject({ status: 'not_sent', mail_delivery: 'failed', sent_at: null });
    const state = dataOf<DiagnosisSharing>(await as(s.teacher).get(`/api/diagnoses/${diagnosis.id}/link`));
    expect(state.status).toBe('not_sent');
    expect(state.send_error).toMatch(/denied|reject/i);
    expect(state.sent_at).toBeNull();
    // The link was made: it works, to pass on by hand.
    expect((await publicCard(tokenOf(state.url))).statusCode).toBe(200);

    const again = dataOf<SentDiagnosis>(await send(s.teacher, diagnosis.id, apps.smtp));
    expect(again).toMatchObject({ status: 'sent', send_error: null, mail_delivery: 'smtp', url: state.url });
    const received = smtp.received.find((mail) => mail.to && JSON.stringify(mail.to).includes(s.parentEmail));
    expect(received?.text).toContain(again.url);
    // The copy kept of a delivered mail hides the live link.
    expect((await lastMailTo(s.parentEmail))?.text).not.toContain(tokenOf(again.url));
  });
});
