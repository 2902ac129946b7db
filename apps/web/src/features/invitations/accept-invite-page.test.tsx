import { fireEvent, screen } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, sessionOf, type SentCall } from '../../testing/render.tsx';
import { AcceptInvitePage } from './accept-invite-page.tsx';

const signedOut = sessionOf(null);
const signIn = vi.mocked(signedOut.signIn);
vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useSearchParams: () => [new URLSearchParams('token=the-token')],
}));

afterEach(() => {
  vi.unstubAllGlobals();
  signIn.mockReset();
  document.body.innerHTML = '';
});

const preview = (existing: boolean) => () =>
  json({
    data: {
      email: 'olena@example.test',
      workspace_title: 'Demo school',
      roles: ['teacher'],
      expires_at: '2030-01-01T00:00:00.000Z',
      existing_account: existing,
    },
  });

const session = { token: 'session', user: { id: 5 } };

describe('the accept-invite page', () => {
  it('lets the owner of an existing account join by signing in, without registering', async () => {
    const calls = fakeApi({
      'GET /invitations/invite/accept': preview(true),
      'POST /invitations/invite/accept/sign-in': () => json({ data: session }, 201),
    });
    await renderInApp(<AcceptInvitePage />, { as: signedOut });
    expect(await screen.findByText(/This address already has an account/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in and join' }));
    await vi.waitFor(() => expect(signIn).toHaveBeenCalledWith('session', session.user));
    const sent = calls.find((call: SentCall) => call.method === 'POST');
    expect(sent).toMatchObject({
      path: '/invitations/invite/accept/sign-in',
      body: { token: 'the-token', password: 'my-password' },
    });
  });

  it('tells a wrong password in the words of sign-in', async () => {
    fakeApi({
      'GET /invitations/invite/accept': preview(true),
      'POST /invitations/invite/accept/sign-in': () =>
        json({ code: 'invalid_credentials', message: 'Wrong email or password.' }, 401),
    });
    await renderInApp(<AcceptInvitePage />, { as: signedOut });
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in and join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it("tells the contract's rules of signing up before sending them", async () => {
    const calls = fakeApi({ 'GET /invitations/invite/accept': preview(false) });
    await renderInApp(<AcceptInvitePage />, { as: signedOut });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your name' }), { target: { value: 'N' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the password/), { target: { value: 'different' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('At least 2 characters.')).toBeTruthy();
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('asks a new address to register', async () => {
    fakeApi({ 'GET /invitations/invite/accept': preview(false) });
    await renderInApp(<AcceptInvitePage />, { as: signedOut });
    expect(await screen.findByRole('textbox', { name: 'Your name' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  // Formerly e2e/invitations.spec.ts: “a link with a made-up token says the registration cannot go
  // on”; that the API answers an unknown token 404 is invitations.test.ts'.
  it('says a link the API does not know cannot go on, and leads to the sign-in page', async () => {
    const calls = fakeApi({
      'GET /invitations/invite/accept': () =>
        json({ code: 'invitation_not_found', message: 'The invitation was not found.' }, 404),
    });
    await renderInApp(<AcceptInvitePage />, { as: signedOut });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Registration failed: the invitation may have expired/,
    );
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /invitations/invite/accept']);
  });
});
