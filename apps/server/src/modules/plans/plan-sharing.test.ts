import {
  parentPlanSchema,
  type ParentPlan,
  type Plan,
  type PlanSharing,
  type PublicLink,
  type ProtocolTemplate,
  type SentPlan,
} from '@logoschool/contract';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { mails, protocolBlocks } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { buildSchool } from '../../test/exercises.ts';
import { buildSignedInMember, buildSoundFolders, buildWorkspace, type Member } from '../../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';

const PUBLIC_URL = 'https://school.example';
const t = useTestApp({ PUBLIC_URL });

const as = (who: Member, app: App = t.app) => apiAs(app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};

/** Texts only the educator may read: none of them may reach the parents. */
const EDUCATOR = {
  template: 'EDU-template: watch the jaw',
  block: 'EDU-block: mirror work first',
  folder: 'EDU-folder: only with the probe',
  other: 'EDU-folder-2: not picked',
};

/** The token of a plan link. */
const tokenOf = (url: string | null) => /\/view-protocol-plan\/([\w-]{43})$/.exec(url ?? '')?.[1] ?? '';

/**
 * A school with a published two-block template whose every text for the educator is marked, a
 * teacher's student (lesson language Polish, a parent's e-mail) and another teacher of the school.
 */
async function school(student: Record<string, unknown> = {}) {
  const s = await buildSchool(t.db);
  // Each school's own parent, so that a test finds its own mails.
  const parentEmail = `mama-${randomBytes(4).toString('hex')}@example.test`;
  const { sounds, words, phrases } = await buildSoundFolders(t.db, s.workspace.id);
  const template = dataOf<ProtocolTemplate>(
    await as(s.moderator).post('/api/templates', {
      title: 'Sound [R]',
      description: EDUCATOR.template,
      blocks: [
        {
          target: 'Articulation',
          category_id: sounds.id,
          description_parents: 'Exercises for the tongue, every day.',
          description_educator: EDUCATOR.block,
          min_presentations: 1,
          max_presentations: 4,
          folders: [
            {
              category_id: words.id,
              description_parents: 'Words with R',
              indications_educator: EDUCATOR.folder,
            },
            { category_id: phrases.id, description_parents: 'Phrases', indications_educator: EDUCATOR.other },
          ],
        },
        {
          target: 'Phrases',
          category_id: sounds.id,
          min_presentations: 2,
          max_presentations: 3,
          folders: [{ category_id: phrases.id, description_parents: 'Short phrases' }],
        },
      ],
    }),
    201,
  );
  dataOf(await as(s.moderator).post(`/api/templates/${template.id}/review`, { action: 'publish' }));
  const pupil = dataOf<{ id: number }>(
    await as(s.teacher).post('/api/clients', {
      client_name: 'Iryna Kowalska',
      child_name: 'Marko Kowalski',
      language: 'pl',
      parent_email: parentEmail,
      comment_for_teacher: 'EDU-note: shy at first',
      ...student,
    }),
    201,
  );
  const otherTeacher = await buildSignedInMember(t.db, s.workspace, 'teacher', { name: 'Olena Teacher' });
  return { ...s, template, pupil, parentEmail, otherTeacher, words: words.id, phrases: phrases.id };
}
type School = Awaited<ReturnType<typeof school>>;

/** A plan of the school's student, every block waiting for its folder (pending). */
const pendingPlan = async (s: School) =>
  dataOf<Plan>(
    await as(s.teacher).post('/api/protocols', {
      client_id: s.pupil.id,
      template_id: s.template.id,
      deadline: '2099-06-30',
    }),
    201,
  );

/** A plan with a folder for every block (active). */
async function filledPlan(s: School) {
  const plan = await pendingPlan(s);
  const [first, second] = plan.blocks;
  return dataOf<Plan>(
    await as(s.teacher).put(`/api/protocols/${plan.id}`, {
      deadline: plan.deadline,
      blocks: [
        { key: first!.key, folder_id: s.words, min_presentations: 1, max_presentations: 2 },
        { key: second!.key, folder_id: s.phrases, min_presentations: 2, max_presentations: 3 },
      ],
    }),
  );
}

const send = (who: Member, body: Record<string, unknown>, app: App = t.app) =>
  as(who, app).post('/api/send-plan', body);
const showPlan = (token: string, lang = 'en', app: App = t.app) =>
  app.inject({ url: `/api/show-plan/${token}`, headers: { 'accept-language': lang } });
const lastMailTo = async (to: string) => {
  const [row] = await t.db.select().from(mails).where(eq(mails.to, to)).orderBy(desc(mails.id)).limit(1);
  return row;
};

describe('sending a plan to the parents', () => {
  it("mails the link to the parent's e-mail in the student's language and records when", async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const before = Date.now();
    const sent = dataOf<SentPlan>(await send(s.teacher, { protocol_id: plan.id }));
    expect(sent).toMatchObject({ email: s.parentEmail, mail_delivery: 'outbox' });
    expect(sent.url).toMatch(/^https:\/\/school\.example\/view-protocol-plan\/[\w-]{43}$/);
    expect(new Date(sent.sent_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Without SMTP the mail waits in the outbox, in Polish (the student's language), with the link.
    const mail = await lastMailTo(s.parentEmail);
    expect(mail?.subject).toBe('Plan lekcji „Sound [R]” — Marko');
    expect(mail?.text).toContain('Dziecko: Marko.');
    expect(mail?.text).toContain('Plan obowiązuje do 30 czerwca 2099');
    expect(mail?.text).toContain(sent.url);
    expect(mail?.text).toContain(s.teacher.user.name);
    for (const educator of Object.values(EDUCATOR)) expect(mail?.text).not.toContain(educator);

    // The plan remembers it; its link works.
    expect(dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`)).sent_at).toBe(sent.sent_at);
    expect(dataOf<PlanSharing>(await as(s.teacher).get(`/api/protocols/${plan.id}/link`))).toMatchObject({
      url: sent.url,
      link_state: 'live',
      sent_at: sent.sent_at,
      email: s.parentEmail,
    });
    expect((await showPlan(tokenOf(sent.url))).statusCode).toBe(200);
  });

  it('sends to another address when given, keeping the same link, and in the language of each student', async () => {
    const s = await school({ language: 'uk' });
    const plan = await filledPlan(s);
    const first = dataOf<SentPlan>(await send(s.teacher, { protocol_id: plan.id }));
    const second = dataOf<SentPlan>(
      await send(s.teacher, { protocol_id: plan.id, email: ' Tato@Example.TEST ' }),
    );
    expect(second.email).toBe('tato@example.test');
    expect(second.url).toBe(first.url);
    const mail = await lastMailTo('tato@example.test');
    expect(mail?.subject).toBe('План уроків «Sound [R]» — Marko');
    expect(mail?.text).toContain('Дитина: Marko.');
  });

  it('refuses a plan that is not filled (409): the parents would see empty blocks', async () => {
    const s = await school();
    const plan = await pendingPlan(s);
    const response = await send(s.teacher, { protocol_id: plan.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      message:
        'The plan is not filled yet: choose a folder for every block and save the plan before sharing it with the parents.',
    });
    expect((await as(s.teacher).post(`/api/protocols/${plan.id}/link`)).statusCode).toBe(409);
    expect(await lastMailTo(s.parentEmail)).toBeUndefined();
    expect(dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`)).sent_at).toBeNull();
  });

  it('refuses without an address when the student has no parent e-mail (422), and a malformed one', async () => {
    const s = await school({ parent_email: '' });
    const plan = await filledPlan(s);
    const response = await send(s.teacher, { protocol_id: plan.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ["The student has no parent's e-mail: enter the address to send the plan to."],
    });
    expect((await send(s.teacher, { protocol_id: plan.id, email: '' })).statusCode).toBe(422);
    expect((await send(s.teacher, { protocol_id: plan.id, email: 'not-an-address' })).statusCode).toBe(422);
    expect((await send(s.teacher, { protocol_id: 'one' })).statusCode).toBe(422);
    // Nothing was made: no link.
    expect(dataOf<PlanSharing>(await as(s.teacher).get(`/api/protocols/${plan.id}/link`)).url).toBeNull();
  });

  it('answers 401 without a token, 403 to roles that keep no plans, 404 for another teacher’s or project’s plan', async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const link = `/api/protocols/${plan.id}/link`;
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    expect((await anonymous.post('/api/send-plan', { protocol_id: plan.id })).statusCode).toBe(401);
    expect((await anonymous.get(link)).statusCode).toBe(401);
    expect((await anonymous.post(link)).statusCode).toBe(401);
    expect((await anonymous.delete(link)).statusCode).toBe(401);

    for (const who of [s.moderator, s.author, s.manager]) {
      expect((await send(who, { protocol_id: plan.id })).statusCode, who.user.name).toBe(403);
      expect((await as(who).post(link)).statusCode, who.user.name).toBe(403);
      expect((await as(who).delete(link)).statusCode, who.user.name).toBe(403);
    }

    // Another teacher of the school, and a teacher of another project naming the plan.
    const stranger = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const who of [s.otherTeacher, stranger]) {
      expect((await send(who, { protocol_id: plan.id })).statusCode).toBe(404);
      expect((await as(who).get(link)).statusCode).toBe(404);
      expect((await as(who).post(link)).statusCode).toBe(404);
      expect((await as(who).delete(link)).statusCode).toBe(404);
    }
    // The school's teacher acting in the other project does not reach her plan there either.
    const elsewhere = apiAs(t.app, s.teacher, { workspace: stranger.workspace });
    expect((await elsewhere.post('/api/send-plan', { protocol_id: plan.id })).statusCode).toBe(403);
    expect(await lastMailTo(s.parentEmail)).toBeUndefined();
  });
});

describe('the link', () => {
  it('is made on demand without mailing, kept until withdrawn, and a new one comes after', async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const link = `/api/protocols/${plan.id}/link`;
    expect(dataOf<PlanSharing>(await as(s.teacher).get(link))).toEqual({
      url: null,
      link_state: 'none',
      issued_at: null,
      withdrawn_at: null,
      sent_at: null,
      email: s.parentEmail,
    });
    const made = dataOf<PublicLink>(await as(s.teacher).post(link));
    const token = tokenOf(made.url);
    expect(token).toHaveLength(43);
    // Not made again while it lives.
    expect(dataOf<PublicLink>(await as(s.teacher).post(link)).url).toBe(made.url);
    expect(dataOf<PlanSharing>(await as(s.teacher).get(link)).sent_at).toBeNull();
    expect(await lastMailTo(s.parentEmail)).toBeUndefined();
    expect((await showPlan(token)).statusCode).toBe(200);

    const revoked = dataOf<PublicLink>(await as(s.teacher).delete(link));
    expect(revoked).toMatchObject({ url: null, link_state: 'withdrawn', issued_at: made.issued_at });
    expect(dataOf<PlanSharing>(await as(s.teacher).get(link))).toMatchObject({
      url: null,
      link_state: 'withdrawn',
      withdrawn_at: revoked.withdrawn_at,
      sent_at: null,
      email: s.parentEmail,
    });
    const gone = await showPlan(token);
    expect(gone.statusCode).toBe(404);

    // The next send makes a new link; the withdrawn one stays dead.
    const sent = dataOf<SentPlan>(await send(s.teacher, { protocol_id: plan.id }));
    expect(tokenOf(sent.url)).toHaveLength(43);
    expect(tokenOf(sent.url)).not.toBe(token);
    expect((await showPlan(token)).statusCode).toBe(404);
    expect((await showPlan(tokenOf(sent.url))).statusCode).toBe(200);
  });

  it('differs from plan to plan', async () => {
    const s = await school();
    const tokens = new Set<string>();
    for (let index = 0; index < 3; index += 1) {
      const plan = await filledPlan(s);
      tokens.add(
        tokenOf(dataOf<PlanSharing>(await as(s.teacher).post(`/api/protocols/${plan.id}/link`)).url),
      );
    }
    expect(tokens.size).toBe(3);
  });
});

describe('the plan for the parents (public)', () => {
  it("shows only the parents' texts, in the student's language, to anyone with the link", async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const { url } = dataOf<PlanSharing>(await as(s.teacher).post(`/api/protocols/${plan.id}/link`));
    const response = await showPlan(tokenOf(url));
    expect(response.headers['cache-control']).toBe('no-store');
    const shown = dataOf<ParentPlan>(response);
    expect(shown).toEqual({
      language: 'pl',
      child_name: 'Marko',
      template_title: 'Sound [R]',
      deadline: '2099-06-30',
      therapist_name: s.teacher.user.name,
      school_name: s.workspace.title,
      lessons: 10,
      schedule: Array.from({ length: 10 }, (_, index) => ({
        number: index + 1,
        starts_at: null,
        duration_minutes: 45,
        held: false,
      })),
      blocks: [
        {
          target: 'Articulation',
          description: 'Exercises for the tongue, every day.',
          at_home: 'Words with R',
        },
        { target: 'Phrases', description: '', at_home: 'Short phrases' },
      ],
    });
    // Nothing for the educator, no teacher's note, no surname, no folder's internal name, no
    // e-mail, no id of anything.
    for (const hidden of [
      ...Object.values(EDUCATOR),
      'EDU-note',
      'Kowalsk',
      'mama@example',
      'Iryna',
      '[R] words',
      '[R] phrases',
      s.teacher.user.email,
      '@',
    ])
      expect(response.body).not.toContain(hidden);
    expect(response.body).not.toMatch(/"\w*_?id"|"key"|educator|indications/);
    // Exactly these fields, and the contract's schema holds no other.
    expect(Object.keys(shown).sort()).toEqual(Object.keys(parentPlanSchema.shape).sort());
    expect(Object.keys(shown.blocks[0]!).sort()).toEqual(['at_home', 'description', 'target']);
    expect(Object.keys(shown.schedule[0]!).sort()).toEqual([
      'duration_minutes',
      'held',
      'number',
      'starts_at',
    ]);
    const fields = [
      ...Object.keys(parentPlanSchema.shape),
      ...Object.keys(parentPlanSchema.shape.blocks.element.shape),
      ...Object.keys(parentPlanSchema.shape.schedule.element.shape),
    ];
    expect(fields.filter((field) => /educator|indication|note|comment|id$|email|folder/.test(field))).toEqual(
      [],
    );
  });

  it('shows the lessons’ dates once the teacher schedules them', async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const { url } = dataOf<PlanSharing>(await as(s.teacher).post(`/api/protocols/${plan.id}/link`));
    dataOf(
      await as(s.teacher).post(`/api/protocols/${plan.id}/schedule`, {
        weekdays: [1, 3],
        time: '16:00',
        start_date: '2030-01-01',
        time_zone: 'Europe/Kyiv',
      }),
    );
    const shown = dataOf<ParentPlan>(await showPlan(tokenOf(url)));
    expect(shown.schedule.slice(0, 2)).toEqual([
      { number: 1, starts_at: '2030-01-02T14:00:00.000Z', duration_minutes: 45, held: false },
      { number: 2, starts_at: '2030-01-07T14:00:00.000Z', duration_minutes: 45, held: false },
    ]);
  });

  it('answers a wrong or withdrawn link with the same 404 and its own message', async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const { url } = dataOf<PlanSharing>(await as(s.teacher).post(`/api/protocols/${plan.id}/link`));
    const token = tokenOf(url);
    await as(s.teacher).delete(`/api/protocols/${plan.id}/link`);
    for (const wrong of [token, 'x'.repeat(43), String(plan.id), `${token}x`, 'a%20b']) {
      const response = await showPlan(wrong);
      expect(response.statusCode, wrong).toBe(404);
      expect(response.json(), wrong).toEqual({
        code: 'not_found',
        message: 'This link is not valid or was withdrawn. Ask the speech therapist for a new one.',
      });
    }
    // A character no token holds is refused before any lookup: a 404 all the same.
    expect((await showPlan('%00')).statusCode).toBe(404);
    const inUkrainian = await showPlan('x'.repeat(43), 'uk');
    expect(inUkrainian.json().message).toBe(
      'Це посилання недійсне або його відкликано. Попросіть логопеда надіслати нове.',
    );
  });

  it('shows a block whose folder waits (after a template update) without a folder', async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const { url } = dataOf<PlanSharing>(await as(s.teacher).post(`/api/protocols/${plan.id}/link`));
    // A template update taken later leaves a new block waiting: the page shows what there is.
    await t.db
      .update(protocolBlocks)
      .set({ folderId: null })
      .where(and(eq(protocolBlocks.protocolId, plan.id), eq(protocolBlocks.key, plan.blocks[1]!.key)));
    const shown = dataOf<ParentPlan>(await showPlan(tokenOf(url)));
    expect(shown.blocks.map((block) => block.at_home)).toEqual(['Words with R', null]);
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

  it('delivers the mail with the live link; the kept copy hides it', async () => {
    const s = await school({ language: 'ru', parent_email: 'papa@example.test' });
    const plan = await filledPlan(s);
    const sent = dataOf<SentPlan>(await send(s.teacher, { protocol_id: plan.id }, apps.smtp));
    expect(sent.mail_delivery).toBe('smtp');
    const received = smtp.received.find((mail) => mail.subject === 'План уроков «Sound [R]» — Marko');
    expect(received?.text).toContain(sent.url);
    expect(received?.html).toContain(sent.url);
    const kept = await lastMailTo('papa@example.test');
    expect(kept?.text).not.toContain(tokenOf(sent.url));
  });

  it('records no sending when the mail failed, and says so; the link still works', async () => {
    const s = await school();
    const plan = await filledPlan(s);
    const sent = dataOf<SentPlan>(await send(s.teacher, { protocol_id: plan.id }, apps.refusing));
    expect(sent).toMatchObject({ mail_delivery: 'failed', sent_at: null });
    expect((await showPlan(tokenOf(sent.url))).statusCode).toBe(200);
  });
});
