import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, sessionOf, userWith } from '../../testing/render.tsx';
import { AcceptNewRolePage } from './accept-new-role-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The page at the mail's link, with where it may lead. */
function atLink(as: ReturnType<typeof sessionOf>) {
  return renderInApp(
    <MemoryRouter initialEntries={['/accept-new-role?token=the-token']}>
      <Routes>
        <Route path="/accept-new-role" element={<AcceptNewRolePage />} />
        <Route path="/" element={<p>The first screen</p>} />
        <Route path="/accept-invite" element={<p>The invitation page</p>} />
      </Routes>
    </MemoryRouter>,
    { as, router: false },
  );
}

const joined = () => {
  const user = userWith({ roles: ['author'] });
  return {
    ...user,
    assignments: [
      ...user.assignments,
      {
        workspaceId: 7,
        workspaceTitle: 'Second school',
        description: '',
        env_id: 1,
        roles: ['teacher'],
        isActive: true,
        archived: false,
      },
    ],
  };
};

describe('the /accept-new-role link', () => {
  it('signed in as the invited account, joins at once, selects the project and goes on', async () => {
    const session = sessionOf({ roles: ['author'] });
    const user = joined();
    const calls = fakeApi({
      'POST /invitations/invite/accept/new-role': () => json({ data: { user, workspace_id: 7 } }),
    });
    await atLink(session);
    expect(await screen.findByText('The first screen')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/invitations/invite/accept/new-role', body: { token: 'the-token' } }),
    ]);
    expect(session.updateUser).toHaveBeenCalledWith(user);
    expect(session.selectWorkspace).toHaveBeenCalledWith(7);
  });

  it('signed out, is the invitation’s own page, which takes the password', async () => {
    const calls = fakeApi({});
    await atLink(sessionOf(null));
    expect(await screen.findByText('The invitation page')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('signed in as another account, says whose invitation it is and offers to sign in as that one', async () => {
    const session = sessionOf({ roles: ['author'] });
    fakeApi({
      'POST /invitations/invite/accept/new-role': () =>
        json(
          {
            code: 'invitation_other_account',
            message: 'The invitation is for olena@example.test: sign in as that account to accept it.',
          },
          403,
        ),
    });
    await atLink(session);
    expect((await screen.findByRole('alert')).textContent).toContain('olena@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with the invited address' }));
    expect(session.signOut).toHaveBeenCalled();
    expect(await screen.findByText('The invitation page')).toBeTruthy();
    expect(session.selectWorkspace).not.toHaveBeenCalled();
  });

  it('tells a used link in the server’s words, with the way into the app', async () => {
    fakeApi({
      'POST /invitations/invite/accept/new-role': () =>
        json({ code: 'invitation_accepted', message: 'The invitation has already been accepted.' }, 409),
    });
    await atLink(sessionOf({ roles: ['author'] }));
    expect((await screen.findByRole('alert')).textContent).toBe('The invitation has already been accepted.');
    expect(screen.getByRole('link', { name: 'Go to Logoschool' })).toBeTruthy();
  });
});
