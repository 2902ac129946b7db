import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp, sessionOf } from '../../testing/render.tsx';
import { RequireAuth } from '../guards.tsx';
import { ServerUnreachable } from './server-unreachable.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

// With session.test.tsx's “keeps the token when the server cannot be reached”: formerly
// e2e/auth.spec.ts' “when the server cannot be reached the token is kept and the check can be tried again”.
describe('the server-unreachable screen', () => {
  it('says the server cannot be reached and checks the token again on “Try again”', async () => {
    const session = sessionOf({ roles: ['teacher'] });
    await renderInApp(<ServerUnreachable />, { as: session });
    expect(screen.getByRole('heading', { name: 'The server cannot be reached' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(session.recheck).toHaveBeenCalledTimes(1);
  });

  it('stands in for a signed-in screen while the token cannot be checked', async () => {
    await renderInApp(
      <RequireAuth>
        <h1>The screen</h1>
      </RequireAuth>,
      { as: { ...sessionOf({ roles: ['teacher'] }), status: 'unreachable' } },
    );
    expect(screen.getByRole('heading', { name: 'The server cannot be reached' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The screen' })).toBeNull();
  });
});
