import { ticketActions, type Ticket, type TicketStatus } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { ObjectReports } from './components/object-reports.tsx';
import { ReportProblemButton } from './components/report-problem-button.tsx';
import { ManageTicketPage } from './manage-ticket-page.tsx';
import { MyReportsPage } from './my-reports-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ticketOf = (status: TicketStatus, overrides: Partial<Ticket> = {}): Ticket => ({
  id: 12,
  status,
  description: 'The drum is cut off',
  reporter: { id: 5, name: 'Iryna Koval' },
  assignee: null,
  object: { kind: 'exercise', id: 3, title: 'Drum roll [R]' },
  slide: 2,
  attachments: 0,
  comments: 0,
  merged_into_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  context: { screen: '/conduct-lesson/7', role: 'teacher', user_agent: 'Chrome', place: '' },
  decline_reason: '',
  merged_into: null,
  merged: [],
  files: [],
  events: [
    {
      id: 1,
      kind: 'created',
      actor: { id: 5, name: 'Iryna Koval' },
      from_status: null,
      to_status: 'new',
      text: '',
      other_ticket_id: null,
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  actions: [...ticketActions(status)],
  mergeable: status === 'new' || status === 'in_process',
  commentable: status !== 'deleted',
  ...overrides,
});

describe('the report dialog', () => {
  it('says what goes with the report, needs a description, and sends the place with one key', async () => {
    const calls = fakeApi({
      'POST /report-tickets': () => json({ data: ticketOf('new') }, 201),
    });
    await renderInApp(<ReportProblemButton object={{ kind: 'exercise', id: 3 }} slide={2} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Report this slide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    expect(within(dialog).getByText('Exercise #3 · slide 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Required.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What went wrong/ }), {
      target: { value: 'The drum is cut off' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const [sent] = calls;
    expect(sent?.body).toMatchObject({
      description: 'The drum is cut off',
      context: { screen: '/', object: { kind: 'exercise', id: 3 }, slide: 2, place: '' },
      attachment_ids: [],
    });
    expect((sent?.body as { key: string }).key).toMatch(/^[0-9a-f-]{36}$/);
    // Sent: the dialog closes (the notification says where to follow it).
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

const manage = (ticket: Ticket) =>
  fakeApi({
    'GET /report-tickets/12': () => json({ data: ticket }),
    'POST /report-tickets/12/actions': (call) =>
      json({ data: ticketOf((call.body as { action: string }).action === 'decline' ? 'declined' : 'done') }),
  });

const renderManage = () =>
  renderInApp(
    <MemoryRouter initialEntries={['/manage-report/12']}>
      <Routes>
        <Route path="/manage-report/:ticketId" element={<ManageTicketPage />} />
      </Routes>
    </MemoryRouter>,
    { as: { roles: ['moderator'] }, router: false },
  );

describe("the moderator's report", () => {
  it.each(['new', 'in_process', 'done', 'declined', 'archived', 'deleted'] as const)(
    'offers from %s exactly the actions the server allows',
    async (status) => {
      manage(ticketOf(status));
      await renderManage();
      await screen.findByRole('heading', { name: 'Report #12' });
      const group = screen.queryByRole('group', { name: 'Actions' });
      const offered = group
        ? within(group)
            .getAllByRole('button')
            .map((button) => button.textContent)
        : [];
      const labels = {
        take: 'Take in process',
        done: 'Mark done',
        decline: 'Decline',
        archive: 'Archive',
        delete: 'Delete',
      };
      expect(offered.filter((label) => label !== 'Merge as duplicate')).toEqual(
        ticketActions(status).map((action) => labels[action]),
      );
    },
  );

  it('asks why before declining, and links the exercise', async () => {
    const calls = manage(ticketOf('in_process'));
    await renderManage();
    expect((await screen.findByRole('link', { name: 'Drum roll [R]' })).getAttribute('href')).toBe(
      '/moderate-exercise/3',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Required.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why is it declined/ }), {
      target: { value: 'The slide is right' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'decline',
      reason: 'The slide is right',
    });
  });
});

describe("the reporter's report", () => {
  it('says what its status means, shows the reason and lets her answer only while it is worked', async () => {
    fakeApi({
      'GET /report-tickets/mine/12': () =>
        json({
          data: ticketOf('declined', {
            decline_reason: 'The slide is right',
            actions: [],
            commentable: false,
          }),
        }),
    });
    await renderInApp(
      <MemoryRouter initialEntries={['/my-reports/12']}>
        <Routes>
          <Route path="/my-reports/:ticketId?" element={<MyReportsPage />} />
        </Routes>
      </MemoryRouter>,
      { router: false },
    );
    expect(await screen.findByText('The moderators declined it.')).toBeTruthy();
    expect(screen.getByText('The slide is right')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });
});

describe("an exercise's reports", () => {
  const page = (rows: Ticket[]) =>
    fakeApi({
      'GET /report-tickets': (call) =>
        json({
          data: call.query.get('object_id') === '3' ? rows : [],
          meta: { total: rows.length, page: 1, per_page: 5 },
          counts: { new: rows.length, in_process: 0, done: 0, declined: 0, archived: 0, deleted: 0 },
        }),
    });

  it('lists them for a moderator, each a link to its report', async () => {
    const calls = page([ticketOf('new'), ticketOf('in_process', { id: 13, slide: null })]);
    await renderInApp(<ObjectReports object={{ kind: 'exercise', id: 3 }} />, {
      as: { roles: ['moderator'] },
    });
    expect(await screen.findByRole('heading', { name: 'Problem reports (2)' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: '#12 · slide 2 · The drum is cut off' }).getAttribute('href'),
    ).toBe('/manage-report/12');
    expect(calls[0]?.query.get('object_kind')).toBe('exercise');
  });

  it('shows nothing, and asks nothing, for an author', async () => {
    const calls = page([ticketOf('new')]);
    await renderInApp(<ObjectReports object={{ kind: 'exercise', id: 3 }} />, { as: { roles: ['author'] } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("offers a slide's own button under its thumbnail, named by the slide", async () => {
    await renderInApp(<ReportProblemButton object={{ kind: 'exercise', id: 3 }} slide={4} compact />, {
      as: { roles: ['author'] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem with slide 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    expect(within(dialog).getByText('Exercise #3 · slide 4')).toBeTruthy();
  });
});
