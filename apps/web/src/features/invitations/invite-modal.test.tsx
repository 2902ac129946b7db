import type { RoleName } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { InviteModal } from './invite-modal.tsx';

const session = vi.hoisted(() => ({ held: [] as RoleName[] }));

vi.mock('../../app/session.tsx', () => ({
  useActingFor: () => ({ workspace_id: 1, role_id: 2 }),
  useSession: () => ({ held: session.held }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const offered = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'));

describe('the invite dialog', () => {
  it('offers a manager only the roles below manager', async () => {
    session.held = ['manager'];
    await renderInApp(<InviteModal opened onClose={() => {}} />);
    expect(await screen.findByRole('checkbox', { name: 'Moderator' })).toBeTruthy();
    expect(offered()).toEqual(['moderator', 'author', 'teacher', 'diagnostician']);
    expect(screen.queryByRole('checkbox', { name: 'Administrator' })).toBeNull();
  });

  it('offers an admin every role but root', async () => {
    session.held = ['manager', 'admin'];
    await renderInApp(<InviteModal opened onClose={() => {}} />);
    await screen.findByRole('checkbox', { name: 'Administrator' });
    expect(offered()).toEqual(['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician']);
  });

  it("tells the contract's rules before sending: a valid e-mail and at least one role", async () => {
    session.held = ['manager'];
    const calls = fakeApi({ 'POST /invitations/invite': () => json({ data: {} }, 201) });
    await renderInApp(<InviteModal opened onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Speech therapist' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Choose at least 1.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of a role the caller may not grant", async () => {
    session.held = ['manager'];
    fakeApi({
      'POST /invitations/invite': () =>
        json(
          { code: 'role_not_grantable', message: 'You may not grant or change these roles: Manager.' },
          403,
        ),
    });
    await renderInApp(<InviteModal opened onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'someone@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You may not grant or change these roles: Manager.',
    );
  });
});
