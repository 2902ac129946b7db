import {
  TICKET_ACTIONS,
  TICKET_ACTION_STATUS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_STATUSES,
  ticketActions,
  type Ticket,
  type TicketFile,
  type TicketsPage,
} from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../db/demo/encode.ts';
import { auditLog, mails } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildExercise, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import { filePart } from '../../test/multipart.ts';
import { stories } from '../stories/index.ts';
import { tickets } from './tickets.schema.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};
const refusal = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  code: (response.json() as { code: string }).code,
  fields: Object.keys((response.json() as { errors?: object }).errors ?? {}),
});

const PNG = encodePng(2, 2, new Uint8Array(16).fill(120));
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

/** A school with a moderator, a teacher, an author and an exercise; and another school. */
async function school() {
  const workspace = await buildWorkspace(t.db, { title: 'Sunny school' });
  const moderator = await buildSignedInMember(t.db, workspace, 'moderator');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher', {
    email: `teacher-${workspace.id}@school.test`,
    name: 'Iryna Koval',
  });
  const author = await buildSignedInMember(t.db, workspace, 'author', { name: 'Olena Shevchuk' });
  const exercise = await buildExercise(t.db, workspace.id, author.user.id, { title: 'Drum roll [R]' });
  return { workspace, moderator, teacher, author, exercise };
}
type School = Awaited<ReturnType<typeof school>>;

const upload = async (who: Member, content = PNG, name = 'screen.png', type = 'image/png') =>
  dataOf<TicketFile>(await as(who).upload('/api/report-tickets/files', [filePart(content, name, type)]), 201);

/** A report of `who` about the school's exercise, on its second slide. */
async function report(s: School, who: Member = s.teacher, extra: Record<string, unknown> = {}) {
  return dataOf<Ticket>(
    await as(who).post(
      '/api/report-tickets',
      {
        key: randomUUID(),
        description: 'The second slide shows a cat instead of a drum',
        context: {
          screen: '/conduct-lesson/7',
          object: { kind: 'exercise', id: s.exercise.id },
          slide: 2,
          place: '',
        },
        ...extra,
      },
      { headers: { 'user-agent': BROWSER } },
    ),
    201,
  );
}

const act = (who: Member, id: number, action: string, reason?: string) =>
  as(who).post(`/api/report-tickets/${id}/actions`, { action, ...(reason === undefined ? {} : { reason }) });

describe('reporting a problem', () => {
  it('keeps the description, the files, the context the screen sent, the role and the browser', async () => {
    const s = await school();
    const file = await upload(s.teacher);
    expect(file).toMatchObject({ kind: 'image', mime: 'image/png', original_name: 'screen.png' });
    const ticket = await report(s, s.teacher, { attachment_ids: [file.id] });
    expect(ticket).toMatchObject({
      status: 'new',
      reporter: { id: s.teacher.user.id },
      assignee: null,
      object: { kind: 'exercise', id: s.exercise.id, title: 'Drum roll [R]' },
      slide: 2,
      attachments: 1,
      context: { screen: '/conduct-lesson/7', role: 'teacher', user_agent: BROWSER, place: '' },
      actions: [],
      commentable: true,
    });
    expect(ticket.files.map((entry) => entry.id)).toEqual([file.id]);
    expect(ticket.events.map((event) => event.kind)).toEqual(['created']);
    // The reporter reads her own file; nobody else reads it by that address.
    const own = await as(s.teacher).get(`/api/report-tickets/files/${file.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await as(s.moderator).get(`/api/report-tickets/files/${file.id}`)).statusCode).toBe(404);
    // The moderator reads it through the report.
    const attached = await as(s.moderator).get(`/api/report-tickets/${ticket.id}/files/${file.id}`);
    expect(attached.statusCode).toBe(200);
    expect(attached.rawPayload.equals(PNG)).toBe(true);
  });

  it('gives the report already made for the same key, once', async () => {
    const s = await school();
    const body = {
      key: randomUUID(),
      description: 'Twice',
      context: { screen: '/profile' },
    };
    const [first, second] = await Promise.all([
      as(s.teacher).post('/api/report-tickets', body),
      as(s.teacher).post('/api/report-tickets', body),
    ]);
    expect(dataOf<Ticket>(first, 201).id).toBe(dataOf<Ticket>(second, 201).id);
    const rows = await t.db.select().from(tickets).where(eq(tickets.workspaceId, s.workspace.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ objectKind: null, objectId: null, slide: null });
  });

  it('lets every role report, a story too; refuses 401 without a token', async () => {
    const s = await school();
    const [story] = await t.db
      .insert(stories)
      .values({
        workspaceId: s.workspace.id,
        writerId: s.author.user.id,
        title: 'The fox',
        language: 'en',
        content: {
          title: 'The fox',
          description: '',
          language: 'en',
          age_from: 4,
          age_to: 7,
          sounds: [],
          category_ids: [],
          episodes: [],
        },
      })
      .returning();
    for (const role of ['manager', 'admin', 'diagnostician', 'root'] as const) {
      const who = await buildSignedInMember(t.db, s.workspace, role);
      const ticket = await report(s, who, {
        context: {
          screen: '/preview-history/1',
          object: { kind: 'story', id: story!.id },
          slide: 3,
          place: 'Part 1',
        },
      });
      expect(ticket.object).toEqual({ kind: 'story', id: story!.id, title: 'The fox' });
      expect(ticket.context.role).toBe(role);
    }
    const anonymous = await apiAs(t.app, s.teacher, { token: null }).post('/api/report-tickets', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses another project's object, someone else's file, a file already in a report, too many files", async () => {
    const s = await school();
    const other = await school();
    const bad = (extra: Record<string, unknown>) =>
      as(s.teacher).post('/api/report-tickets', {
        key: randomUUID(),
        description: 'Wrong',
        context: { screen: '/profile' },
        ...extra,
      });
    expect(
      refusal(await bad({ context: { screen: '/x', object: { kind: 'exercise', id: other.exercise.id } } })),
    ).toEqual({ status: 422, code: 'validation_failed', fields: ['context.object.id'] });
    const theirs = await upload(other.teacher);
    const colleague = await buildSignedInMember(t.db, s.workspace, 'teacher');
    const colleagues = await upload(colleague);
    for (const id of [theirs.id, colleagues.id]) {
      expect(refusal(await bad({ attachment_ids: [id] }))).toEqual({
        status: 422,
        code: 'validation_failed',
        fields: ['attachment_ids'],
      });
    }
    const mine = await upload(s.teacher);
    await report(s, s.teacher, { attachment_ids: [mine.id] });
    expect(refusal(await bad({ attachment_ids: [mine.id] })).fields).toEqual(['attachment_ids']);
    const six = await Promise.all(Array.from({ length: 6 }, () => upload(s.teacher)));
    expect(refusal(await bad({ attachment_ids: six.map((file) => file.id) })).fields).toEqual([
      'attachment_ids',
    ]);
    expect(refusal(await bad({ attachment_ids: [six[0]!.id, six[0]!.id] })).fields).toEqual([
      'attachment_ids',
    ]);
    expect(refusal(await bad({ description: '   ' })).fields).toEqual(['description']);
    expect(refusal(await bad({ context: { screen: 'https://evil.test/' } })).fields).toEqual([
      'context.screen',
    ]);
    expect(refusal(await bad({ key: 'not-a-uuid' })).fields).toEqual(['key']);
    // Nothing was made of the refused ones.
    const made = await t.db.select().from(tickets).where(eq(tickets.workspaceId, s.workspace.id));
    expect(made).toHaveLength(1);
  });

  it('takes images and PDF by their bytes, whatever they are called; refuses what lies, and what is too large', async () => {
    const s = await school();
    expect(await upload(s.teacher, PDF, 'notes.txt', 'text/plain')).toMatchObject({
      kind: 'document',
      mime: 'application/pdf',
    });
    const lies = [
      filePart(Buffer.from('just text, honestly'), 'screen.png', 'image/png'),
      filePart(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'a.png',
        'image/png',
      ),
      filePart(Buffer.from('<html><script>alert(1)</script></html>'), 'report.pdf', 'application/pdf'),
      filePart(Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), 'song.png', 'image/png'),
    ];
    for (const part of lies) {
      expect(refusal(await as(s.teacher).upload('/api/report-tickets/files', [part])).status).toBe(415);
    }
    const huge = Buffer.concat([PDF, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES)]);
    expect(
      refusal(
        await as(s.teacher).upload('/api/report-tickets/files', [
          filePart(huge, 'big.pdf', 'application/pdf'),
        ]),
      ).status,
    ).toBe(413);
    expect(refusal(await as(s.teacher).upload('/api/report-tickets/files', [])).fields).toEqual(['file']);
  });
});

describe('the reporter', () => {
  it("sees only her own reports, in her own project; 404 for anyone else's", async () => {
    const s = await school();
    const other = await school();
    const own = await report(s);
    const theirs = await report(s, s.author);
    const page = await as(s.teacher).get('/api/report-tickets/mine');
    expect(page.json().data.map((row: { id: number }) => row.id)).toEqual([own.id]);
    expect((await as(s.teacher).get(`/api/report-tickets/mine/${theirs.id}`)).statusCode).toBe(404);
    const foreign = await report(other);
    expect((await as(s.teacher).get(`/api/report-tickets/mine/${foreign.id}`)).statusCode).toBe(404);
    expect(dataOf<Ticket>(await as(s.teacher).get(`/api/report-tickets/mine/${own.id}`)).id).toBe(own.id);
  });

  it("may not work reports: 403 on the moderators' routes", async () => {
    const s = await school();
    const ticket = await report(s);
    for (const call of [
      as(s.teacher).get('/api/report-tickets'),
      as(s.teacher).get(`/api/report-tickets/${ticket.id}`),
      act(s.teacher, ticket.id, 'done'),
      as(s.author).post(`/api/report-tickets/${ticket.id}/comments`, { text: 'Hi' }),
      as(s.author).get('/api/report-tickets/assignees'),
    ]) {
      expect(refusal(await call)).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });
});

describe('working reports', () => {
  it("answers 404 for another project's report and its files", async () => {
    const s = await school();
    const other = await school();
    const file = await upload(other.teacher);
    const foreign = await report(other, other.teacher, { attachment_ids: [file.id] });
    expect((await as(s.moderator).get(`/api/report-tickets/${foreign.id}`)).statusCode).toBe(404);
    expect((await act(s.moderator, foreign.id, 'take')).statusCode).toBe(404);
    expect((await as(s.moderator).get(`/api/report-tickets/${foreign.id}/files/${file.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(s.moderator).post(`/api/report-tickets/${foreign.id}/comments`, { text: 'Hi' })).statusCode,
    ).toBe(404);
    // A file of one report is not read through another.
    const ownReport = await report(s);
    expect(
      (await as(other.moderator).get(`/api/report-tickets/${ownReport.id}/files/${file.id}`)).statusCode,
    ).toBe(404);
  });

  it.each(TICKET_STATUSES)(
    'from %s allows exactly the actions of the contract, each audited',
    async (from) => {
      const s = await school();
      for (const action of TICKET_ACTIONS) {
        const ticket = await report(s);
        await t.db.update(tickets).set({ status: from }).where(eq(tickets.id, ticket.id));
        const response = await act(
          s.moderator,
          ticket.id,
          action,
          action === 'decline' ? 'Not a problem' : undefined,
        );
        if (ticketActions(from).includes(action)) {
          expect(dataOf<Ticket>(response).status).toBe(TICKET_ACTION_STATUS[action]);
          const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tickets.status'));
          expect(
            entries.filter((entry) => (entry.details as { ticket_id?: number }).ticket_id === ticket.id),
          ).toEqual([
            expect.objectContaining({
              actorId: s.moderator.user.id,
              targetUserId: s.teacher.user.id,
              details: { ticket_id: ticket.id, from, to: TICKET_ACTION_STATUS[action] },
            }),
          ]);
        } else {
          expect(refusal(response), `${from} → ${action}`).toMatchObject({
            status: 409,
            code: 'transition_refused',
          });
        }
      }
    },
  );

  it('takes, asks, hears back, marks done and mails the reporter; the history says it all', async () => {
    const s = await school();
    const ticket = await report(s);
    const taken = dataOf<Ticket>(await act(s.moderator, ticket.id, 'take'));
    expect(taken).toMatchObject({ status: 'in_process', assignee: { id: s.moderator.user.id } });
    expect(taken.actions).toEqual(ticketActions('in_process'));
    dataOf(
      await as(s.moderator).post(`/api/report-tickets/${ticket.id}/comments`, { text: 'Which lesson?' }),
    );
    const seen = dataOf<Ticket>(await as(s.teacher).get(`/api/report-tickets/mine/${ticket.id}`));
    expect(seen.events.find((event) => event.kind === 'comment')?.text).toBe('Which lesson?');
    dataOf(await as(s.teacher).post(`/api/report-tickets/mine/${ticket.id}/comments`, { text: 'Lesson 3' }));
    const done = dataOf<Ticket>(await act(s.moderator, ticket.id, 'done'));
    expect(done.events.map((event) => [event.kind, event.to_status, event.text])).toEqual([
      ['created', 'new', ''],
      ['status', 'in_process', ''],
      ['comment', null, 'Which lesson?'],
      ['comment', null, 'Lesson 3'],
      ['status', 'done', ''],
    ]);
    expect(done.comments).toBe(2);
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, s.teacher.user.email));
    expect(mail?.subject).toBe(`Your problem report #${ticket.id} is resolved`);
    expect(mail?.text).toContain(`/my-reports/${ticket.id}`);
    // Closed: the reporter may not answer any more; the moderator still may.
    expect(
      refusal(await as(s.teacher).post(`/api/report-tickets/mine/${ticket.id}/comments`, { text: 'More' })),
    ).toMatchObject({ status: 409, code: 'conflict' });
    dataOf(await as(s.moderator).post(`/api/report-tickets/${ticket.id}/comments`, { text: 'Fixed in v2' }));
    expect(dataOf<Ticket>(await as(s.teacher).get(`/api/report-tickets/mine/${ticket.id}`)).status).toBe(
      'done',
    );
  });

  it('needs a reason to decline, and mails it', async () => {
    const s = await school();
    const ticket = await report(s);
    expect(refusal(await act(s.moderator, ticket.id, 'decline'))).toEqual({
      status: 422,
      code: 'validation_failed',
      fields: ['reason'],
    });
    expect(refusal(await act(s.moderator, ticket.id, 'decline', '   ')).fields).toEqual(['reason']);
    expect(refusal(await act(s.moderator, ticket.id, 'close')).fields).toEqual(['action']);
    const declined = dataOf<Ticket>(await act(s.moderator, ticket.id, 'decline', 'The slide is right'));
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'The slide is right' });
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, s.teacher.user.email));
    expect(mail?.subject).toBe(`Your problem report #${ticket.id} was declined`);
    expect(mail?.text).toContain('The slide is right');
  });

  it('lets one of two moderators acting at once win; the other gets 409', async () => {
    const s = await school();
    const second = await buildSignedInMember(t.db, s.workspace, 'moderator');
    const ticket = await report(s);
    const answers = await Promise.all([act(s.moderator, ticket.id, 'done'), act(second, ticket.id, 'done')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const sent = await t.db.select().from(mails).where(eq(mails.to, s.teacher.user.email));
    expect(sent).toHaveLength(1);
  });

  it('merges a duplicate into an open report; the reporters of both are mailed when it is done', async () => {
    const s = await school();
    const target = await report(s);
    const duplicate = await report(s, s.author);
    const merged = dataOf<Ticket>(
      await as(s.moderator).post(`/api/report-tickets/${duplicate.id}/merge`, { into_id: target.id }),
    );
    expect(merged).toMatchObject({
      status: 'archived',
      merged_into_id: target.id,
      merged_into: { id: target.id, status: 'new' },
    });
    expect(merged.events.at(-1)).toMatchObject({ kind: 'merged_into', other_ticket_id: target.id });
    const shown = dataOf<Ticket>(await as(s.moderator).get(`/api/report-tickets/${target.id}`));
    expect(shown.merged).toEqual([duplicate.id]);
    // The duplicate's reporter follows it, and may not answer on it any more.
    const followed = dataOf<Ticket>(await as(s.author).get(`/api/report-tickets/mine/${duplicate.id}`));
    expect(followed).toMatchObject({ commentable: false, merged_into: { id: target.id } });
    dataOf(await act(s.moderator, target.id, 'done'));
    const sent = await t.db
      .select()
      .from(mails)
      .where(inArray(mails.to, [s.author.user.email, s.teacher.user.email]));
    expect(sent.map((mail) => mail.to).sort()).toEqual([s.author.user.email, s.teacher.user.email].sort());
  });

  it("refuses to merge into itself, a closed report or another project's, and a closed one at all", async () => {
    const s = await school();
    const other = await school();
    const open = await report(s);
    const closed = await report(s);
    dataOf(await act(s.moderator, closed.id, 'done'));
    const merge = (id: number, into: number) =>
      as(s.moderator).post(`/api/report-tickets/${id}/merge`, { into_id: into });
    const foreign = await report(other);
    for (const into of [open.id, closed.id, foreign.id, 2_000_000_000]) {
      expect(refusal(await merge(open.id, into))).toEqual({
        status: 422,
        code: 'validation_failed',
        fields: ['into_id'],
      });
    }
    expect(refusal(await merge(closed.id, open.id))).toMatchObject({
      status: 409,
      code: 'transition_refused',
    });
    expect((await merge(foreign.id, open.id)).statusCode).toBe(404);
  });

  it('lists by status with counts, searches, filters by assignee and object', async () => {
    const s = await school();
    const second = await buildExercise(t.db, s.workspace.id, s.author.user.id);
    const a = await report(s);
    const b = await report(s, s.author, { description: 'Typo in the instruction' });
    const c = await report(s, s.teacher, {
      context: { screen: '/edit-exercise/1', object: { kind: 'exercise', id: second.id } },
    });
    dataOf(await act(s.moderator, a.id, 'take'));
    dataOf(await act(s.moderator, c.id, 'delete'));
    const list = async (query: string) =>
      (await as(s.moderator).get('/api/report-tickets', { query })).json() as TicketsPage;
    const all = await list('');
    expect(all.data.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    expect(all.counts).toEqual({ new: 1, in_process: 1, done: 0, declined: 0, archived: 0, deleted: 1 });
    expect((await list('status=deleted')).data.map((row) => row.id)).toEqual([c.id]);
    expect((await list('term=typo')).data.map((row) => row.id)).toEqual([b.id]);
    expect((await list(`term=%23${b.id}`)).data.map((row) => row.id)).toEqual([b.id]);
    expect((await list('term=typo')).counts.new).toBe(1);
    expect((await list(`term=${encodeURIComponent(s.author.user.name)}`)).data.map((row) => row.id)).toEqual([
      b.id,
    ]);
    expect((await list('assignee=none')).data.map((row) => row.id)).toEqual([b.id]);
    expect((await list(`assignee=${s.moderator.user.id}`)).data.map((row) => row.id)).toEqual([a.id]);
    expect(
      (await list(`object_kind=exercise&object_id=${s.exercise.id}`)).data.map((row) => row.id).sort(),
    ).toEqual([a.id, b.id].sort());
    expect(dataOf<{ id: number }[]>(await as(s.moderator).get('/api/report-tickets/assignees'))).toEqual([
      { id: s.moderator.user.id, name: s.moderator.user.name },
    ]);
    const bad = await as(s.moderator).get('/api/report-tickets', { query: 'status=closed&assignee=me' });
    expect(refusal(bad).fields.sort()).toEqual(['assignee', 'status']);
  });
});
