import {
  API,
  type AcceptInvitationBody,
  type AcceptInvitationSignInBody,
  type InviteBody,
  type LoginBody,
  type LoginResult,
  type RoleName,
  type SentInvitation,
} from '@logoschool/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PERSON_PASSWORD, callerOf, unique, type Caller, type Person, type School } from './school.ts';
import { DEMO_PASSWORD } from './sign-in.ts';

/** A role a project's member holds: any but root, which no invitation gives. */
export type MemberRole = Exclude<RoleName, 'root'>;

/** An address nobody has used, for someone a test invites or signs up by hand. */
export const newEmail = (prefix: string) => `${unique(prefix).replace(' ', '-').toLowerCase()}@e2e.test`;

/** A pattern that finds the text as it is: an address's dots are no wildcards. */
export const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * Root invites an address to the school with these roles, and passes the link's token on, as the
 * invitation's answer gives it when no mail server listens (make people before a `Mailbox` starts).
 */
async function invitationToken(school: School, email: string, roles: MemberRole[]): Promise<string> {
  const sent = await school.root.call<SentInvitation>('post', API.invite, {
    email,
    workspace_id: school.workspaceId,
    roles,
  } satisfies InviteBody);
  const token = sent.invitation_link && new URL(sent.invitation_link).searchParams.get('token');
  if (!token) {
    throw new Error(
      `The invitation of ${email} was mailed (${sent.mail_delivery}): invite before a Mailbox starts.`,
    );
  }
  return token;
}

/**
 * One more member of the school, besides the one per role `newSchool` makes: invited by root with
 * these roles (two at once, if need be) and registered by the link.
 */
export async function newMember(
  request: APIRequestContext,
  school: School,
  roles: MemberRole[],
  name = unique('Member'),
): Promise<Person> {
  const person = {
    email: `${name.replace(' ', '-').toLowerCase()}@e2e.test`,
    password: PERSON_PASSWORD,
    name,
  };
  const token = await invitationToken(school, person.email, roles);
  const registered = await request.post(`/api${API.inviteAccept}`, {
    data: {
      token,
      name: person.name,
      password: person.password,
      password_confirmation: person.password,
    } satisfies AcceptInvitationBody,
  });
  expect(registered.status(), `${person.email} registers: ${await registered.text()}`).toBe(201);
  return person;
}

/**
 * Someone with an account joins another school, as an existing user does: root invites their
 * address with these roles, and they accept by signing in with their password. They then belong to
 * both schools, which their sessions list by title (the app starts in the first).
 */
export async function joinSchool(
  request: APIRequestContext,
  school: School,
  person: Person,
  roles: MemberRole[],
): Promise<void> {
  const token = await invitationToken(school, person.email, roles);
  const accepted = await request.post(`/api${API.inviteAcceptSignIn}`, {
    data: { token, password: person.password } satisfies AcceptInvitationSignInBody,
  });
  expect(accepted.status(), `${person.email} accepts by signing in: ${await accepted.text()}`).toBe(201);
}

/**
 * Root's calls in the school through the test's own `request`: a school made in `beforeAll` holds
 * calls through the hook's, which no test may use.
 */
export async function rootIn(request: APIRequestContext, school: School): Promise<Caller> {
  const login = await request.post(`/api${API.login}`, {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD } satisfies LoginBody,
  });
  expect(login.status(), `root's sign-in: ${await login.text()}`).toBe(200);
  return callerOf(request, ((await login.json()).data as LoginResult).token, school.workspaceId, 'root');
}

/**
 * Chooses a project in root's project picker (/users) by typing its title: the picker lists only
 * the first projects by title, and every spec's projects are in it.
 */
export async function chooseProject(page: Page, title: string) {
  const picker = page.getByRole('combobox', { name: 'Project' });
  await picker.fill(title);
  await page.getByRole('option', { name: title, exact: true }).click();
  await expect(picker).toHaveValue(title);
}
