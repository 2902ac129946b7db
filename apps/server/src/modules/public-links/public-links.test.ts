import type { PublicLink } from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog, publicLinks } from '../../db/schema/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import {
  EMPTY_CARD,
  buildDiagnosis,
  buildDiagnosticCard,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { buildLessonSchool, dataOf, lessonsOfPlan } from '../../test/lessons.ts';

const PUBLIC_URL = 'https://school.example';
const t = useTestApp({ PUBLIC_URL });

const as = (who: Member) => apiAs(t.app, who);
const planLink = (planId: number) => `/api/protocols/${planId}/link`;
const tokenOf = (link: PublicLink) => /\/view-protocol-plan\/([\w-]{43})$/.exec(link.url ?? '')?.[1] ?? '';
const read = (url: string) => t.app.inject({ url, headers: { 'accept-language': 'en' } });
const showPlan = (token: string) => read(`/api/show-plan/${encodeURIComponent(token)}`);
const INVALID = 'This link is not valid or was withdrawn. Ask the speech therapist for a new one.';

/** The one answer of a token that opens nothing: the same code, text and headers whatever the cause. */
function expectInvalid(response: Response) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toEqual({ code: 'not_found', message: INVALID });
  expect(response.headers['cache-control']).toBe('no-store');
}

const auditOf = async (workspaceId: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, workspaceId)))
      .orderBy(auditLog.id)
  ).filter((row) => row.action.startsWith('public_links.'));

describe('a subject’s public link', () => {
  it('is made on demand and given again while it lives; the state says when', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const link = planLink(s.plan.id);
    const made = dataOf<PublicLink>(await as(s.teacher).post(link));
    expect(made).toMatchObject({ link_state: 'live', withdrawn_at: null });
    expect(made.url).toMatch(/^https:\/\/school\.example\/view-protocol-plan\/[\w-]{43}$/);
    expect(Date.parse(made.issued_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(dataOf<PublicLink>(await as(s.teacher).post(link))).toEqual(made);
    expect((await showPlan(tokenOf(made))).statusCode).toBe(200);
    const rows = await t.db.select().from(publicLinks).where(eq(publicLinks.subjectId, s.plan.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      workspaceId: s.workspace.id,
      kind: 'plan',
      token: tokenOf(made),
      issuedBy: s.teacher.user.id,
      withdrawnAt: null,
    });
  });

  it('rotates: a new token opens, the old one is dead at once', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const link = planLink(s.plan.id);
    const first = dataOf<PublicLink>(await as(s.teacher).post(link));
    const rotated = dataOf<PublicLink>(await as(s.teacher).post(`${link}/rotate`));
    expect(rotated.link_state).toBe('live');
    expect(tokenOf(rotated)).not.toBe(tokenOf(first));
    expectInvalid(await showPlan(tokenOf(first)));
    expect((await showPlan(tokenOf(rotated))).statusCode).toBe(200);
    // Rotating a subject without a link just makes one.
    const fresh = dataOf<PublicLink>(await as(s.otherTeacher).post(`${planLink(s.otherPlan.id)}/rotate`));
    expect(fresh.link_state).toBe('live');
  });

  it('withdraws: the token opens nothing, the state says when, the next link is new', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const link = planLink(s.plan.id);
    const made = dataOf<PublicLink>(await as(s.teacher).post(link));
    const withdrawn = dataOf<PublicLink>(await as(s.teacher).delete(link));
    expect(withdrawn).toMatchObject({ url: null, link_state: 'withdrawn', issued_at: made.issued_at });
    expect(Date.parse(withdrawn.withdrawn_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expectInvalid(await showPlan(tokenOf(made)));
    // Withdrawing again changes nothing.
    expect(dataOf<PublicLink>(await as(s.teacher).delete(link))).toEqual(withdrawn);
    const next = dataOf<PublicLink>(await as(s.teacher).post(link));
    expect(tokenOf(next)).not.toBe(tokenOf(made));
    expectInvalid(await showPlan(tokenOf(made)));
    const [row] = await t.db
      .select()
      .from(publicLinks)
      .where(eq(publicLinks.token, tokenOf(made)));
    expect(row?.withdrawnBy).toBe(s.teacher.user.id);
  });

  it('audits who issued, rotated and withdrew which kind of link of which subject', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const link = planLink(s.plan.id);
    await as(s.teacher).post(link);
    await as(s.teacher).post(link); // the live one: nothing new to audit
    await as(s.teacher).post(`${link}/rotate`);
    await as(s.teacher).delete(link);
    await as(s.teacher).delete(link); // nothing live: nothing to audit
    const [lesson] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    await as(s.teacher).post(`/api/lesson/${lesson!.id}/link`);
    const rows = await auditOf(s.workspace.id);
    expect(rows.map((row) => [row.action, row.actorId, row.details])).toEqual([
      ['public_links.issue', s.teacher.user.id, { kind: 'plan', subject_id: s.plan.id }],
      ['public_links.rotate', s.teacher.user.id, { kind: 'plan', subject_id: s.plan.id }],
      ['public_links.withdraw', s.teacher.user.id, { kind: 'plan', subject_id: s.plan.id }],
      ['public_links.issue', s.teacher.user.id, { kind: 'lesson', subject_id: lesson!.id }],
    ]);
    expect(rows.every((row) => row.ip !== null)).toBe(true);
  });

  it('is another project’s or another teacher’s subject: 404, nothing made, nothing audited', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const who of [s.otherTeacher, elsewhere]) {
      for (const call of [
        () => as(who).post(planLink(s.plan.id)),
        () => as(who).post(`${planLink(s.plan.id)}/rotate`),
        () => as(who).delete(planLink(s.plan.id)),
      ]) {
        const response = await call();
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    }
    expect(await t.db.select().from(publicLinks).where(eq(publicLinks.subjectId, s.plan.id))).toEqual([]);
    expect(await auditOf(s.workspace.id)).toEqual([]);
    expect((await apiAs(t.app, null).post(planLink(s.plan.id))).statusCode).toBe(401);
    expect((await as(s.moderator).post(`${planLink(s.plan.id)}/rotate`)).statusCode).toBe(403);
  });
});

describe('a token that opens nothing', () => {
  it('gets the same 404 on every public read: malformed, unknown, withdrawn, or another kind’s', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const plan = dataOf<PublicLink>(await as(s.teacher).post(planLink(s.plan.id)));
    const withdrawn = dataOf<PublicLink>(await as(s.otherTeacher).post(planLink(s.otherPlan.id)));
    await as(s.otherTeacher).delete(planLink(s.otherPlan.id));
    const card = await buildDiagnosticCard(t.db, s.workspace.id, s.moderator.user.id, EMPTY_CARD);
    const diagnosis = await buildDiagnosis(t.db, {
      workspaceId: s.workspace.id,
      cardId: card.id,
      clientId: s.student.id,
      filledBy: s.teacher.user.id,
    });
    const diagnosisLink = dataOf<PublicLink>(await as(s.teacher).post(`/api/diagnoses/${diagnosis.id}/link`));
    const diagnosisToken = /\/dc-preview\/([\w-]{43})$/.exec(diagnosisLink.url ?? '')?.[1] ?? '';
    expect((await read(`/api/public/dc/${diagnosisToken}`)).statusCode).toBe(200);

    const tokens = [
      'short',
      `${tokenOf(plan)}x`,
      'x'.repeat(43),
      'a.b/c',
      '%00',
      tokenOf(withdrawn),
      // A plan's token is not a lesson's nor a diagnosis' (and the reverse).
      tokenOf(plan),
      diagnosisToken,
    ];
    const reads = (token: string) => [
      `/api/play-lesson/${encodeURIComponent(token)}`,
      `/api/play-lesson/${encodeURIComponent(token)}/slide?position=0&slide=0`,
      `/api/play-lesson/${encodeURIComponent(token)}/events`,
      `/api/public/dc/${encodeURIComponent(token)}`,
      `/api/public/dc/${encodeURIComponent(token)}/progress`,
      `/api/public/dc/${encodeURIComponent(token)}/pdf`,
      `/api/show-plan/${encodeURIComponent(token)}`,
    ];
    for (const token of tokens) {
      for (const url of reads(token)) {
        // Each kind's own token opens its own page.
        if (token === tokenOf(plan) && url.startsWith('/api/show-plan/')) continue;
        if (token === diagnosisToken && url.startsWith('/api/public/dc/')) continue;
        expectInvalid(await read(url));
      }
    }
  });
});

describe('the public reads', () => {
  it('share one rate limit per address, all kinds together', async () => {
    const app = await buildApp({
      config: testConfig({ PUBLIC_URL, PUBLIC_LINK_RATE_LIMIT: '3' }),
      database: t.testDb.database,
    });
    try {
      await app.ready();
      const answers = [];
      for (const url of [
        `/api/show-plan/${'x'.repeat(43)}`,
        `/api/play-lesson/${'x'.repeat(43)}`,
        `/api/public/dc/${'x'.repeat(43)}`,
        `/api/public/dc/${'x'.repeat(43)}/progress`,
      ]) {
        answers.push(await app.inject({ url }));
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 429]);
      expect(answers[3]!.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own budget; signed-in calls are not counted against it.
      const other = await app.inject({ url: `/api/show-plan/${'x'.repeat(43)}`, remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(404);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
