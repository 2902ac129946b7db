import type { PublicLink } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../api/client.ts';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { PublicLinkPanel } from './public-link-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const KEY = ['test-subject', 5];
const URL_ONE = `https://school.example/view-protocol-plan/${'a'.repeat(43)}`;
const URL_TWO = `https://school.example/view-protocol-plan/${'b'.repeat(43)}`;
const ISSUED = '2030-05-01T09:00:00.000Z';
const none: PublicLink = { url: null, link_state: 'none', issued_at: null, withdrawn_at: null };
const live = (url: string): PublicLink => ({
  url,
  link_state: 'live',
  issued_at: ISSUED,
  withdrawn_at: null,
});

/** An area's screen around the panel: its own query holds the link with a field of its own. */
function Subject({ canIssue = true, mail }: { canIssue?: boolean; mail?: string }) {
  const state = useQuery({
    queryKey: KEY,
    queryFn: () => callApi<PublicLink & { sent_at: string | null }>('/subjects/5/link'),
  });
  return (
    <>
      <p>Sent: {state.data?.sent_at ?? 'never'}</p>
      <PublicLinkPanel
        link={state.data}
        subject={{ path: '/subjects/5', permission: 'plans.manage', queryKey: KEY }}
        canIssue={canIssue}
        texts={{
          label: 'Link for the parents',
          none: 'No link yet: sending makes one.',
          withdrawQuestion: 'Marko’s parents will no longer open it.',
        }}
        mail={mail ? <button type="button">{mail}</button> : undefined}
      />
    </>
  );
}

function subjectApi(first: PublicLink, routes: Record<string, (call: SentCall) => Response> = {}) {
  return fakeApi({
    'GET /subjects/5/link': () => json({ data: { ...first, sent_at: '2030-04-01T00:00:00.000Z' } }),
    ...routes,
  });
}

const field = () => screen.getByRole('textbox', { name: 'Link for the parents' }) as HTMLInputElement;

describe('the public-link panel', () => {
  it('says there is none yet, makes one when copying, and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = subjectApi(none, { 'POST /subjects/5/link': () => json({ data: live(URL_ONE) }) });
    await renderInApp(<Subject mail="Send by mail" />);
    expect(await screen.findByText('No link yet')).toBeTruthy();
    expect(screen.getByText('No link yet: sending makes one.')).toBeTruthy();
    expect(screen.getByText('Anyone holding the link can open it, until you withdraw it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send by mail' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw link' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_ONE));
    const made = calls.find((call) => call.method === 'POST');
    expect(made?.path).toBe('/subjects/5/link');
    expect(made?.query.get('workspace_id')).toBe('1');
    expect(
      ((await screen.findByRole('textbox', { name: 'Link for the parents' })) as HTMLInputElement).value,
    ).toBe(URL_ONE);
    expect(screen.getByText('Link works')).toBeTruthy();
    expect(screen.queryByText(/copy it by hand|select the link/)).toBeNull();
    // The area's own fields stay as they were.
    expect(screen.getByText('Sent: 2030-04-01T00:00:00.000Z')).toBeTruthy();
  });

  it('offers no copy when no link may be made now, and says how to copy by hand when the browser refuses', async () => {
    subjectApi(none);
    const view = await renderInApp(<Subject canIssue={false} />);
    expect(await screen.findByText('No link yet: sending makes one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    view.unmount();

    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    subjectApi(live(URL_ONE));
    await renderInApp(<Subject canIssue={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/select the link in the field above and copy it/)).toBeTruthy();
  });

  it('replaces the link after asking: the new one shows', async () => {
    const calls = subjectApi(live(URL_ONE), {
      'POST /subjects/5/link/rotate': () => json({ data: live(URL_TWO) }),
    });
    await renderInApp(<Subject />);
    expect(
      (await screen.findByRole('textbox', { name: 'Link for the parents' })) as HTMLInputElement,
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the link?' });
    expect(calls.some((call) => call.path.endsWith('/rotate'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
    await vi.waitFor(() => expect(field().value).toBe(URL_TWO));
    expect(calls.filter((call) => call.path === '/subjects/5/link/rotate')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Replace the link?' })).toBeNull();
  });

  it('withdraws after asking in the area’s words, and says when', async () => {
    const calls = subjectApi(live(URL_ONE), {
      'DELETE /subjects/5/link': () =>
        json({
          data: {
            url: null,
            link_state: 'withdrawn',
            issued_at: ISSUED,
            withdrawn_at: '2030-05-02T09:00:00.000Z',
          },
        }),
    });
    await renderInApp(<Subject />);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the link?' });
    expect(within(dialog).getByText('Marko’s parents will no longer open it.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw link' }));
    expect(await screen.findByText('Link withdrawn')).toBeTruthy();
    expect(screen.getByText(/^Withdrawn on /)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Link for the parents' })).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the server’s refusal next to the link', async () => {
    subjectApi(none, {
      'POST /subjects/5/link': () => json({ code: 'conflict', message: 'The plan is not filled yet.' }, 409),
    });
    await renderInApp(<Subject />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The plan is not filled yet.');
    expect(screen.getByText('No link yet')).toBeTruthy();
  });
});
