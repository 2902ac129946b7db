import type { Plan, PlanSharing } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { SharePlanPanel } from './share-plan-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const plan = (status: Plan['status']) => ({ id: 42, status, client: { id: 7, child_name: 'Marko' } }) as Plan;
const URL_OF_PLAN = `https://school.example/view-protocol-plan/${'a'.repeat(43)}`;
const state = (values: Partial<PlanSharing> = {}): PlanSharing => ({
  url: null,
  link_state: values.url ? 'live' : 'none',
  issued_at: values.url ? '2030-05-01T09:00:00.000Z' : null,
  withdrawn_at: null,
  sent_at: null,
  email: 'mama@example.test',
  ...values,
});

describe('the panel that shares a plan with the parents', () => {
  it('offers nothing to send while the plan needs filling', async () => {
    fakeApi({ 'GET /protocols/42/link': () => json({ data: state() }) });
    await renderInApp(<SharePlanPanel plan={plan('pending')} />);
    expect(await screen.findByText(/Choose a folder for every block and save the plan/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send to the parent' }).hasAttribute('disabled')).toBe(true);
    // No link can be made to copy either.
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.getByText('No link yet')).toBeTruthy();
  });

  it("sends to the parent's address, which the teacher may change, and shows when", async () => {
    const calls = fakeApi({
      'GET /protocols/42/link': () => json({ data: state() }),
      'POST /send-plan': ({ body }: SentCall) =>
        json({
          data: {
            ...state({ url: URL_OF_PLAN, sent_at: '2030-05-01T10:00:00.000Z' }),
            email: (body as { email: string }).email,
            mail_delivery: 'smtp',
          },
        }),
    });
    await renderInApp(<SharePlanPanel plan={plan('active')} />);
    const email = await screen.findByRole('textbox', { name: "Parent's e-mail" });
    expect((email as HTMLInputElement).value).toBe('mama@example.test');
    expect(screen.getByText('Not sent to the parents yet.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the parent' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: ' tato@example.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the parent' }));
    expect(await screen.findByText(/^Sent to the parents on /)).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent).toMatchObject({ path: '/send-plan', body: { protocol_id: 42, email: 'tato@example.test' } });
    expect(sent?.query.get('workspace_id')).toBe('1');
    expect((screen.getByRole('textbox', { name: 'Link for the parents' }) as HTMLInputElement).value).toBe(
      URL_OF_PLAN,
    );
  });

  it("puts the server's refusal under the address", async () => {
    fakeApi({
      'GET /protocols/42/link': () => json({ data: state({ email: '' }) }),
      'POST /send-plan': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Please check the data you entered.',
            errors: { email: ["The student has no parent's e-mail: enter the address to send the plan to."] },
          },
          422,
        ),
    });
    await renderInApp(<SharePlanPanel plan={plan('active')} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send to the parent' }));
    expect(await screen.findByText(/The student has no parent's e-mail/)).toBeTruthy();
  });

  it('withdraws the link after asking', async () => {
    const calls = fakeApi({
      'GET /protocols/42/link': () => json({ data: state({ url: URL_OF_PLAN }) }),
      'DELETE /protocols/42/link': () =>
        json({
          data: {
            url: null,
            link_state: 'withdrawn',
            issued_at: '2030-05-01T09:00:00.000Z',
            withdrawn_at: '2030-05-02T09:00:00.000Z',
          },
        }),
    });
    await renderInApp(<SharePlanPanel plan={plan('active')} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the link?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw link' }));
    expect(await screen.findByText('Link withdrawn')).toBeTruthy();
    expect(screen.getByText(/^Withdrawn on /)).toBeTruthy();
    expect(screen.getByText(/No link yet: sending the plan or copying the link makes one/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Link for the parents' })).toBeNull();
    // The mail's part of the state stays.
    expect(screen.getByRole('textbox', { name: "Parent's e-mail" })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
