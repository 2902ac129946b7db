import { API, type AcceptInvitationSignInBody } from '@logoschool/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { invitationToken, rootIn, unique, type MemberRole, type Person, type School } from './school.ts';

/** An address nobody has used, for someone a test invites or signs up by hand. */
export const newEmail = (prefix: string) => `${unique(prefix).replace(' ', '-').toLowerCase()}@e2e.test`;

/** A pattern that finds the text as it is: an address's dots are no wildcards. */
export const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * Someone with an account joins another school, as an existing user does: root invites their
 * address with these roles, and they accept by signing in with their password. They then belong to
 * both schools, which their sessions list by title (the app starts in the first).
 */
export async function joinSchool(
  request: APIRequestContext,
  school: Pick<School, 'workspaceId'>,
  person: Person,
  roles: MemberRole[],
): Promise<void> {
  const token = await invitationToken(await rootIn(request, school), person.email, roles);
  const accepted = await request.post(`/api${API.inviteAcceptSignIn}`, {
    data: { token, password: person.password } satisfies AcceptInvitationSignInBody,
  });
  expect(accepted.status(), `${person.email} accepts by signing in: ${await accepted.text()}`).toBe(201);
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

/** Searches root's projects list for one project: the list holds every spec's, a page at a time. */
export const findProject = (page: Page, title: string) => page.getByPlaceholder('Search by name').fill(title);
