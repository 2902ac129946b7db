import type { DiagnosisSharing } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { DiagnosisSharePanel, type SharedDiagnosis } from './diagnosis-share-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const diagnosis = (completed: boolean): SharedDiagnosis => ({
  id: 42,
  completed_at: completed ? '2026-10-20T10:00:00.000Z' : null,
  child_name: 'Marko',
  diagnosed_on: '2026-10-20',
  card: { title: 'Screening' },
});
const LINK = `https://school.example/dc-preview/${'a'.repeat(43)}`;
const state = (values: Partial<DiagnosisSharing> = {}): DiagnosisSharing => ({
  status: 'draft',
  completed: true,
  url: null,
  link_state: values.url ? 'live' : 'none',
  issued_at: values.url ? '2030-05-01T10:00:00.000Z' : null,
  withdrawn_at: null,
  sent_at: null,
  send_error: null,
  email: 'mama@example.test',
  ...values,
});

describe('the panel that sends a diagnosis to the parents', () => {
  it('offers no sending until the diagnosis is completed, and says why', async () => {
    fakeApi({ 'GET /diagnoses/42/link': () => json({ data: state({ completed: false }) }) });
    await renderInApp(<DiagnosisSharePanel diagnosis={diagnosis(false)} />);
    expect(await screen.findByText(/Complete the diagnosis first/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send to the parents' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Draft')).toBeTruthy();
  });

  it('sends, then shows the link to copy or withdraw', async () => {
    const calls = fakeApi({
      'GET /diagnoses/42/link': () => json({ data: state() }),
      'POST /clients/diagnostic-cards/send': () =>
        json({
          data: {
            ...state({ status: 'sent', url: LINK, sent_at: '2030-05-01T10:00:00.000Z' }),
            mail_delivery: 'smtp',
          },
        }),
    });
    await renderInApp(<DiagnosisSharePanel diagnosis={diagnosis(true)} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send to the parents' }));
    expect(await screen.findByText(/^Sent to mama@example.test on /)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { diagnosis_id: 42 } });
    expect((screen.getByRole('textbox', { name: 'Link for the parents' }) as HTMLInputElement).value).toBe(
      LINK,
    );
    expect(screen.getByRole('button', { name: 'Withdraw link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('shows a failed sending as not sent, with the reason', async () => {
    fakeApi({
      'GET /diagnoses/42/link': () =>
        json({ data: state({ status: 'not_sent', send_error: '550 Relay denied', url: LINK }) }),
    });
    await renderInApp(<DiagnosisSharePanel diagnosis={diagnosis(true)} />);
    expect(await screen.findByText('Not sent')).toBeTruthy();
    expect(screen.getByText(/550 Relay denied/)).toBeTruthy();
  });
});
