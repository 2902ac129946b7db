import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, sessionOf } from '../../testing/render.tsx';
import { LoginPage } from './login-page.tsx';

const signedOut = sessionOf(null);
const signIn = vi.mocked(signedOut.signIn);

afterEach(() => {
  vi.unstubAllGlobals();
  signIn.mockReset();
  document.body.innerHTML = '';
});

const fill = async (email: string, password: string) => {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('the login form', () => {
  it("tells the contract's rules under the fields before sending them", async () => {
    const calls = fakeApi({ 'POST /login': () => json({ data: {} }) });
    await renderInApp(<LoginPage />, { as: signedOut });
    await fill('not-an-email', 'short');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends what passes and signs in', async () => {
    const session = { token: 'session', user: { id: 5 } };
    const calls = fakeApi({ 'POST /login': () => json({ data: session }) });
    await renderInApp(<LoginPage />, { as: signedOut });
    await fill('olena@example.test', 'long enough');
    await vi.waitFor(() => expect(signIn).toHaveBeenCalledWith('session', session.user));
    expect(calls[0]).toMatchObject({ body: { email: 'olena@example.test', password: 'long enough' } });
  });

  // Formerly e2e/auth.spec.ts's “a wrong password is told in the form, and the token is not stored”;
  // the server's refusal itself is apps/server/src/modules/auth/auth.test.ts's.
  it('tells a wrong password in the form, and signs nobody in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({
      'POST /login': () => json({ message: 'Invalid credentials', code: 'invalid_credentials' }, 401),
    });
    await renderInApp(<LoginPage />, { as: signedOut });
    await fill('olena@example.test', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password.');
    expect(signIn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
