import type { FamilyReferral, ReferralDetail, ReferralRow } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { ReferralSection } from './referral-section.tsx';
import { ReferralsPage } from './referrals-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const anna = { client_id: 1, child_name: 'Anna Petrenko', parent_name: 'Olena Petrenko' };
const marko = { client_id: 2, child_name: 'Marko Koval', parent_name: 'Iryna Koval' };

const rows: ReferralRow[] = [
  { ...anna, referrer: null, referred_count: 1, bonus: 2 },
  { ...marko, referrer: anna, referred_count: 0, bonus: 2 },
];

function detailOf(overrides: Partial<ReferralDetail> = {}): ReferralDetail {
  return {
    ...marko,
    referrer: anna,
    referred_count: 0,
    bonus: 2,
    referred: [],
    reasons: [{ kind: 'joined_by_referral', sessions: 2, other: anna, at: '2026-11-20T10:00:00.000Z' }],
    history: [
      {
        id: 5,
        kind: 'renewal',
        on: '2026-11-21',
        sessions: null,
        note: 'second course',
        removes: null,
        removed: false,
        by: 'Maria Manager',
        at: '2026-11-21T10:00:00.000Z',
      },
    ],
    linked_by: 'booking',
    ...overrides,
  };
}

function referralsApi(detail = detailOf()) {
  return fakeApi({
    'GET /referrals': (call: SentCall) => {
      const search = call.query.get('search')?.toLowerCase() ?? '';
      const found = rows.filter((row) => row.child_name.toLowerCase().includes(search));
      return json({ data: found, meta: { total: found.length, page: 1, per_page: 20 } });
    },
    'GET /referrals/2': () => json({ data: detail }),
    'GET /referrals/1': () =>
      json({ data: detailOf({ ...anna, referrer: null, linked_by: null, history: [], referred: [marko] }) }),
    'POST /referrals/2/events': () => json({ data: detail }),
    'POST /referrals/2/bonuses': (call: SentCall) =>
      (call.body as { sessions: number }).sessions > 2
        ? json(
            {
              message: 'Validation failed',
              code: 'validation_failed',
              errors: { sessions: ['The family has only 2 bonus lessons.'] },
            },
            422,
          )
        : json({ data: detail }),
    'POST /referrals/2/events/5/removal': () => json({ data: detail }),
    'POST /referrals/1/referrer': () =>
      json(
        {
          message: 'Validation failed',
          code: 'validation_failed',
          errors: { referrer_client_id: ['A family cannot be its own referrer.'] },
        },
        422,
      ),
    'POST /referrals/2/code/rotate': () => json({ data: detail }),
  });
}

const asManager = { as: { roles: ['manager' as const] } };

describe('the referrals report', () => {
  it('lists the families with who brought them, whom they brought and their bonus sessions', async () => {
    const calls = referralsApi();
    await renderInApp(<ReferralsPage />, asManager);
    expect(screen.getByRole('heading', { level: 1, name: 'Referrals' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Families and their referrals' });
    const row = within(table).getByRole('row', { name: /Marko Koval/ });
    expect(row.textContent).toMatch(/Marko Koval.*Iryna Koval.*Anna Petrenko.*0.*2/);
    expect(calls[0]?.query.get('workspace_id')).toBe('1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by child or parent' }), {
      target: { value: 'anna' },
    });
    expect(await within(table).findByText('Olena Petrenko')).toBeTruthy();
  });

  it("opens a family's reasons and history", async () => {
    referralsApi();
    await renderInApp(<ReferralsPage />, asManager);
    const table = await screen.findByRole('table', { name: 'Families and their referrals' });
    fireEvent.click(within(table).getByRole('button', { name: 'Details of Marko Koval' }));
    const panel = await screen.findByRole('region', { name: 'Marko Koval' });
    expect(within(panel).getByText('2 lessons — on referral: Anna Petrenko', { exact: false })).toBeTruthy();
    expect(within(panel).getByText('Anna Petrenko · through a booking')).toBeTruthy();
    const history = within(panel).getByRole('table', { name: 'History' });
    expect(history.textContent).toMatch(/Renewal on .*second course.*Maria Manager/);
    // Linked already: no link by hand.
    expect(within(panel).queryByRole('button', { name: 'Link to referrer' })).toBeNull();
  });

  it('records a renewal through its dialog, checked by the contract first', async () => {
    const calls = referralsApi();
    await renderInApp(<ReferralsPage />, asManager);
    fireEvent.click(
      within(await screen.findByRole('table', { name: 'Families and their referrals' })).getByRole('button', {
        name: 'Details of Marko Koval',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Record renewal or payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renewal or payment of Marko Koval' });
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText(/real date/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: '2026-11-25' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'spring course' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path === '/referrals/2/events')?.body).toEqual({
        kind: 'renewal',
        on: '2026-11-25',
        note: 'spring course',
      }),
    );
  });

  it("shows the server's refusal of a cancellation under the sessions", async () => {
    const calls = referralsApi();
    await renderInApp(<ReferralsPage />, asManager);
    fireEvent.click(
      within(await screen.findByRole('table', { name: 'Families and their referrals' })).getByRole('button', {
        name: 'Details of Marko Koval',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Grant or cancel lessons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus lessons of Marko Koval' });
    expect(within(dialog).getByText('The family has 2 bonus lessons now.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(
        within(dialog)
          .getByLabelText(/^Reason/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Lessons' }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'used' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The family has only 2 bonus lessons.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/referrals/2/bonuses')?.body).toEqual({
      kind: 'grant',
      sessions: 3,
      reason: 'used',
    });
  });

  it('takes a renewal back with a reason', async () => {
    const calls = referralsApi();
    await renderInApp(<ReferralsPage />, asManager);
    fireEvent.click(
      within(await screen.findByRole('table', { name: 'Families and their referrals' })).getByRole('button', {
        name: 'Details of Marko Koval',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Take back' }));
    const dialog = await screen.findByRole('dialog', { name: /Take back: Renewal on/ });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'by mistake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take back' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path === '/referrals/2/events/5/removal')?.body).toEqual({
        reason: 'by mistake',
      }),
    );
  });

  it("links a family by hand, and shows the server's refusal under the referrer", async () => {
    const calls = referralsApi();
    await renderInApp(<ReferralsPage />, asManager);
    fireEvent.click(
      within(await screen.findByRole('table', { name: 'Families and their referrals' })).getByRole('button', {
        name: 'Details of Anna Petrenko',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Link to referrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who brought Anna Petrenko' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Referrer family' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Marko Koval (Iryna Koval)' }));
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'told us' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('A family cannot be its own referrer.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/referrals/1/referrer')?.body).toEqual({
      referrer_client_id: 2,
      reason: 'told us',
    });
  });
});

describe("the family's referral section", () => {
  const referral = (overrides: Partial<FamilyReferral> = {}): FamilyReferral => ({
    url: 'https://school.example/appointment/page?ref=code',
    unavailable: null,
    bonus: 3,
    reasons: [
      { kind: 'friend_joined', sessions: 2, first_name: 'Marko', at: '2026-11-20T10:00:00.000Z' },
      { kind: 'renewal', sessions: 1, first_name: 'Marko', at: '2026-11-21T10:00:00.000Z' },
    ],
    brought: [{ first_name: 'Marko' }],
    brought_by: null,
    ...overrides,
  });

  it('shows the link to pass on, the bonus sessions in words and whom the family brought', async () => {
    const calls = fakeApi({ 'GET /parent-dashboard/tok/referral': () => json({ data: referral() }) });
    await renderInApp(<ReferralSection token="tok" />, { as: null });
    expect((await screen.findByRole('textbox', { name: 'Your referral link' })).getAttribute('value')).toBe(
      'https://school.example/appointment/page?ref=code',
    );
    expect(screen.getByText('You have 3 bonus lessons')).toBeTruthy();
    const reasons = screen.getByRole('list', { name: 'Why' });
    expect(reasons.textContent).toMatch(
      /2 — your friends \(Marko\) joined the school.*1 — your friends \(Marko\) renewed/,
    );
    expect(screen.getByText('You brought 1 family: Marko.')).toBeTruthy();
    expect(calls[0]?.query.toString()).toBe('');
  });

  it('says why there is no link when the school takes no bookings', async () => {
    fakeApi({
      'GET /parent-dashboard/tok/referral': () =>
        json({
          data: referral({
            url: null,
            unavailable: 'booking_off',
            bonus: 0,
            reasons: [],
            brought: [],
            brought_by: 'Anna',
          }),
        }),
    });
    await renderInApp(<ReferralSection token="tok" />, { as: null });
    expect(await screen.findByText(/not taking bookings online/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your referral link' })).toBeNull();
    expect(screen.getByText("You came on your friends' recommendation (Anna).")).toBeTruthy();
    expect(screen.getByText('You have 0 bonus lessons')).toBeTruthy();
  });

  it('offers to try again when the read fails', async () => {
    fakeApi({
      'GET /parent-dashboard/tok/referral': () => json({ message: 'x', code: 'internal_error' }, 500),
    });
    await renderInApp(<ReferralSection token="tok" />, { as: null });
    expect(await screen.findByText('Your referral could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
