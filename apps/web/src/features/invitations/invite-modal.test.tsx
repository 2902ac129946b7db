import type { MailDelivery, RoleName } from '@logoschool/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { InviteModal } from './invite-modal.tsx';

const notified = vi.hoisted(() => ({
  success: [] as string[],
  warning: [] as string[],
  error: [] as string[],
}));

vi.mock('../../lib/notify.ts', () => ({
  notifySuccess: (message: string) => notified.success.push(message),
  notifyWarning: (message: string) => notified.warning.push(message),
  notifyError: (message: string) => notified.error.push(message),
}));

const LINK = 'http://school.test/accept-invite?token=abc-123';

/** The API's answer to an invitation whose mail went the given way. */
const sentInvitation = (delivery: MailDelivery) => ({
  id: 7,
  workspace_id: 1,
  email: 'new@example.test',
  roles: ['teacher'],
  status: 'pending',
  invited_by: { id: 1, name: 'The manager' },
  expires_at: '2030-01-08T10:00:00.000Z',
  sent_at: delivery === 'failed' ? null : '2030-01-01T10:00:00.000Z',
  accepted_at: null,
  created_at: '2030-01-01T10:00:00.000Z',
  mail_delivered: delivery === 'smtp',
  mail_delivery: delivery,
  invitation_link: delivery === 'smtp' ? null : LINK,
});

/** Invites new@example.test as a speech therapist, the API answering with `delivery`. */
async function inviteWith(delivery: MailDelivery, roles: RoleName[] | 'root', onClose = () => {}) {
  fakeApi({ 'POST /invitations/invite': () => json({ data: sentInvitation(delivery) }, 201) });
  await renderInApp(<InviteModal opened onClose={onClose} />, { as: { roles } });
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
    target: { value: 'new@example.test' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  notified.success = [];
  notified.warning = [];
  notified.error = [];
});

const offered = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'));

describe('the invite dialog', () => {
  it('offers a manager only the roles below manager', async () => {
    await renderInApp(<InviteModal opened onClose={() => {}} />, { as: { roles: ['manager'] } });
    expect(await screen.findByRole('checkbox', { name: 'Moderator' })).toBeTruthy();
    expect(offered()).toEqual(['moderator', 'author', 'teacher', 'diagnostician']);
    expect(screen.queryByRole('checkbox', { name: 'Administrator' })).toBeNull();
  });

  it('offers an admin every role but root', async () => {
    await renderInApp(<InviteModal opened onClose={() => {}} />, { as: { roles: ['manager', 'admin'] } });
    await screen.findByRole('checkbox', { name: 'Administrator' });
    expect(offered()).toEqual(['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician']);
  });

  it("tells the contract's rules before sending: a valid e-mail and at least one role", async () => {
    const calls = fakeApi({ 'POST /invitations/invite': () => json({ data: {} }, 201) });
    await renderInApp(<InviteModal opened onClose={() => {}} />, { as: { roles: ['manager'] } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Speech therapist' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Choose at least 1 option.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of a role the caller may not grant", async () => {
    fakeApi({
      'POST /invitations/invite': () =>
        json(
          { code: 'role_not_grantable', message: 'You may not grant or change these roles: Manager.' },
          403,
        ),
    });
    await renderInApp(<InviteModal opened onClose={() => {}} />, { as: { roles: ['manager'] } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'someone@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You may not grant or change these roles: Manager.',
    );
  });
  it('says in green that the mail was sent, and closes', async () => {
    const onClose = vi.fn();
    await inviteWith('smtp', ['manager'], onClose);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notified.success).toEqual(['The invitation was sent to new@example.test by mail.']);
    expect(notified.warning).toEqual([]);
  });

  it('says a mail kept in the outbox was not sent, and gives a manager the link to pass on', async () => {
    const onClose = vi.fn();
    await inviteWith('outbox', ['manager'], onClose);
    const link = await screen.findByRole('textbox', { name: 'Invitation link' });
    expect((link as HTMLInputElement).value).toBe(LINK);
    expect(screen.getByRole('button', { name: 'Copy the link' })).toBeTruthy();
    expect(screen.getByText(/no mail went to new@example\.test: it is kept in the outbox/)).toBeTruthy();
    expect(notified.success).toEqual([]);
    expect(notified.warning).toHaveLength(1);
    expect(notified.warning[0]).toMatch(
      /not mailed: no mail server is set up.*root can read it \(\/outbox\)/,
    );
    // No "ask root" for a manager: the outbox is not theirs to open.
    expect(screen.queryByRole('link', { name: 'Open the outbox' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says in red that the mail could not be sent, with the link; root also gets the outbox', async () => {
    await inviteWith('failed', 'root');
    expect(await screen.findByText('The mail to new@example.test could not be sent.')).toBeTruthy();
    expect(notified.error).toEqual([
      'The invitation to new@example.test is saved, but its mail could not be sent.',
    ]);
    expect((screen.getByRole('textbox', { name: 'Invitation link' }) as HTMLInputElement).value).toBe(LINK);
    expect(screen.getByRole('link', { name: 'Open the outbox' }).getAttribute('href')).toBe('/outbox');
  });
});
