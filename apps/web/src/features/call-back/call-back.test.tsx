import type { CallAgent, CallRequestRow, ParentCallRequest } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { CallRequestsPage } from './call-requests-page.tsx';
import { CallBackSection } from './components/call-back-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const asked = (answer: ParentCallRequest, status = 201) =>
  fakeApi({ 'POST /appointment/tok/call-requests': () => json({ data: answer }, status) });

async function fillAndSend() {
  fireEvent.change(screen.getByRole('textbox', { name: /Number to call/ }), {
    target: { value: '+380 50 123 4567' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree to be called/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Call me' }));
}

describe('call me', () => {
  it('needs a phone in international form and the consent before asking', async () => {
    const calls = asked({ status: 'waiting', reason: null, retrying: false, existing: false });
    await renderInApp(<CallBackSection token="tok" via="appointment" />, { as: null });
    fireEvent.change(screen.getByRole('textbox', { name: /Number to call/ }), {
      target: { value: '050 123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Call me' }));
    expect(await screen.findAllByText(/phone|Required/i)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the phone, the window, the zone and the consent; without an agent, says the school will call', async () => {
    const calls = asked({ status: 'waiting', reason: null, retrying: false, existing: false });
    await renderInApp(<CallBackSection token="tok" via="appointment" />, { as: null });
    await fillAndSend();
    expect(await screen.findByText('We will call you back at the time you chose.')).toBeTruthy();
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ phone: '+380 50 123 4567', window: 'asap', consent: true });
    expect(typeof body.time_zone).toBe('string');
  });

  it('shows the call initialization error when the agent could not start the call (retried later)', async () => {
    asked({ status: 'requested', reason: 'agent_error', retrying: true, existing: false });
    await renderInApp(<CallBackSection token="tok" via="appointment" />, { as: null });
    await fillAndSend();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Call initialization error');
    expect(alert.textContent).toContain('We will try again in a few minutes');
  });

  it('says the call is starting, or what became of the request already open for this number', async () => {
    asked({ status: 'started', reason: null, retrying: false, existing: true }, 200);
    await renderInApp(<CallBackSection token="tok" via="appointment" />, { as: null });
    await fillAndSend();
    expect(await screen.findByText('The call is starting')).toBeTruthy();
    expect(screen.getByText('You have already asked to be called at this number.')).toBeTruthy();
  });
});

const rowOf = (overrides: Partial<CallRequestRow>): CallRequestRow => ({
  id: 5,
  status: 'failed',
  source: 'booking',
  phone: '+380501234567',
  window: 'evening',
  time_zone: 'Europe/Kyiv',
  child_name: 'Taras',
  client: null,
  language: 'uk',
  attempts: 5,
  reason: 'timeout',
  detail: 'no answer in 5 s',
  next_attempt_at: null,
  created_at: '2026-11-25T10:00:00.000Z',
  done_at: null,
  done_by: null,
  ...overrides,
});

const AGENT: CallAgent = {
  url: 'https://agent.example/calls',
  token_set: true,
  timeout_seconds: 5,
  configured: true,
};

function requestsApi(rows: CallRequestRow[]) {
  return fakeApi({
    'GET /call-requests': () => json({ data: rows, meta: { total: rows.length, page: 1, per_page: 20 } }),
    'GET /call-requests/counts': () =>
      json({ data: { waiting: 0, requested: 0, started: 0, failed: rows.length, done: 0 } }),
    'GET /call-requests/agent': () => json({ data: AGENT }),
    'PUT /call-requests/agent': (call: SentCall) => json({ data: { ...AGENT, ...(call.body as object) } }),
    'POST /call-requests/5/retry': () =>
      json({ data: rowOf({ status: 'started', reason: null, attempts: 1 }) }),
    'POST /call-requests/5/done': () => json({ data: rowOf({ status: 'done', done_by: 'Maria' }) }),
  });
}

describe('the call-back requests screen', () => {
  it('shows a manager the failed requests with why, counts per status, and marks one done', async () => {
    const calls = requestsApi([rowOf({})]);
    await renderInApp(<CallRequestsPage />, { as: { roles: ['manager'] } });
    fireEvent.click(await screen.findByRole('tab', { name: /Failed/ }));
    const table = await screen.findByRole('table', { name: 'Call-back requests' });
    const row = within(table).getByRole('row', { name: /\+380501234567/ });
    expect(row.textContent).toMatch(/Evening.*Europe\/Kyiv/);
    expect(row.textContent).toMatch(/No answer from the phone agent \(no answer in 5 s\) · 5 attempts/);
    expect(screen.getByRole('tab', { name: /Failed/ }).textContent).toContain('1');
    // A manager who is no admin does not set the agent.
    expect(screen.queryByRole('button', { name: 'Phone agent' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Mark the request of +380501234567 done' }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/call-requests/5/done')).toBe(true));
  });

  it('lets an admin retry a failed request and set the agent, the token never shown', async () => {
    const calls = requestsApi([rowOf({})]);
    await renderInApp(<CallRequestsPage />, { as: { roles: ['admin'] } });
    fireEvent.click(await screen.findByRole('tab', { name: /Failed/ }));
    expect(
      await screen.findByText('Requests go to the phone agent at https://agent.example/calls.'),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Call-back requests' });
    fireEvent.click(within(table).getByRole('button', { name: 'Try again to call +380501234567' }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/call-requests/5/retry')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Phone agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone agent' });
    expect(within(dialog).getByText('A token is set. Leave empty to keep it.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Address of the agent'), { target: { value: 'ftp://x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/format/i)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Address of the agent'), {
      target: { value: 'https://agent.example/v2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ url: 'https://agent.example/v2', timeout_seconds: 5 });
  });
});
