import type { FamilySharing } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { ShareDashboardSection } from './share-dashboard-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LINK = `https://school.example/parent-dashboard-demo/${'a'.repeat(43)}`;
const state = (values: Partial<FamilySharing> = {}): FamilySharing => ({
  url: null,
  link_state: values.url ? 'live' : 'none',
  issued_at: values.url ? '2030-05-01T09:00:00.000Z' : null,
  withdrawn_at: null,
  sent_at: null,
  email: 'mama@example.test',
  ...values,
});

describe("the family's dashboard on the student's page", () => {
  it("mails the link to the parent's address, which the teacher may change, and shows when", async () => {
    const calls = fakeApi({
      'GET /clients/7/link': () => json({ data: state() }),
      'POST /clients/7/link/send': ({ body }: SentCall) =>
        json({
          data: {
            ...state({ url: LINK, sent_at: '2030-05-01T10:00:00.000Z' }),
            email: (body as { email: string }).email,
            mail_delivery: 'smtp',
          },
        }),
    });
    await renderInApp(<ShareDashboardSection clientId={7} />, { as: { roles: ['teacher'] } });
    const email = await screen.findByRole('textbox', { name: 'Parents’ e-mail' });
    expect((email as HTMLInputElement).value).toBe('mama@example.test');
    expect(screen.getByText('Not sent to the parents yet.')).toBeTruthy();
    expect(screen.getByText('No link yet')).toBeTruthy();

    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the parents' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: ' tato@example.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the parents' }));
    expect(await screen.findByText(/^Sent to the parents on /)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/clients/7/link/send',
      body: { email: 'tato@example.test' },
    });
  });
});
