import type { ActsReport, ContractorReport } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { ContractorReportCard } from './components/contractor-report-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const RANGE = { from: '2026-10-01', to: '2026-10-31' };
const item = (id: number, title: string, extra: object = {}) => ({
  exercise_id: id,
  type: 'presentation' as const,
  title,
  accepted_at: '2026-10-05T09:00:00.000Z',
  content_link: `http://localhost/moderate-exercise/${id}`,
  excluded: false,
  act: null,
  amount_cents: 150_000,
  ...extra,
});
const contractorOf = (overrides: Partial<ContractorReport>): ContractorReport => ({
  user_id: 7,
  name: 'Olena',
  email: 'olena@school.test',
  details: {
    user_id: 7,
    name_uk: 'Олена Коваль',
    name_en: 'Olena Koval',
    passport: '••••3456',
    tax_country: 'UA',
    tax_number: '••••••0691',
    address_uk: 'Київ',
    address_en: 'Kyiv',
    contract_number: 'K-17',
    contract_date: '2026-01-05',
    currency: 'UAH',
    personal_data: 'masked',
  },
  items: [
    item(1, 'Sound R'),
    item(2, 'Lisp', { excluded: true }),
    item(3, 'Breath', { act: { id: 4, number: '1/2026' } }),
  ],
  billable: 1,
  total_cents: 150_000,
  currency: 'UAH',
  ...overrides,
});

describe("a contractor's report", () => {
  it('shows each item as billable, excluded or in an act, and excludes or includes one', async () => {
    const calls = fakeApi({
      'POST /acts/exclusions': () => json({ data: { exercise_id: 1, excluded: true } }),
      'DELETE /acts/exclusions/2': () => json({ data: { exercise_id: 2, excluded: false } }),
      'GET /acts/report': () => json({ data: { ...RANGE, contractors: [] } satisfies ActsReport }),
    });
    await renderInApp(<ContractorReportCard contractor={contractorOf({})} range={RANGE} />, {
      as: { roles: ['moderator'] },
    });
    const [, sound, lisp, breath] = screen.getAllByRole('row');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(within(sound as HTMLElement).getByText('For the act')).toBeTruthy();
    expect(within(lisp as HTMLElement).getByText('Excluded')).toBeTruthy();
    expect(within(breath as HTMLElement).getByText('In act No. 1/2026')).toBeTruthy();
    // An item in an act cannot be excluded any more.
    expect(within(breath as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Next act: 1 item/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make the act' })).not.toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Exclude “Sound R” from the act' }));
    fireEvent.click(screen.getByRole('button', { name: 'Include “Lisp” in the act again' }));
    await waitFor(() => expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(2));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ exercise_id: 1 });
  });

  it('says why no act can be made yet', async () => {
    fakeApi({});
    await renderInApp(
      <ContractorReportCard
        contractor={contractorOf({ details: null, total_cents: null, currency: null })}
        range={RANGE}
      />,
      { as: { roles: ['moderator'] } },
    );
    expect(screen.getByText("Add the contractor's details first.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make the act' })).toHaveProperty('disabled', true);
    expect(screen.getAllByText('No amount')).toHaveLength(3);
  });
});
