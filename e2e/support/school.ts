import { randomUUID } from 'node:crypto';
import {
  API,
  ROLE,
  inWorkspace,
  type AcceptInvitationBody,
  type InviteBody,
  type LoginResult,
  type RoleName,
  type SentInvitation,
  type WorkspaceInput,
  type WorkspaceListItem,
} from '@logoschool/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in.ts';

/** A role a project's member holds: any but root, which no invitation gives. */
export type MemberRole = Exclude<RoleName, 'root'>;

/** Someone a spec made for itself, who signs in with `password`. */
export interface Person {
  email: string;
  password: string;
  name: string;
}

/** Calls to the API as one person, acting in one project as one role. */
export interface Caller {
  workspaceId: number;
  call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown): Promise<T>;
  /** A form with one file under `file` (`POST`), as the browser's upload sends it. */
  upload<T>(path: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<T>;
}

/** A project a spec made for itself, its people by role, and their calls. */
export interface School {
  workspaceId: number;
  title: string;
  /** The project's members, one per role asked for. */
  people: Partial<Record<MemberRole, Person>>;
  /** The member of this role, or a clear failure when the spec did not ask for one. */
  person(role: MemberRole): Person;
  /** The calls of the member of this role, in this project, as that role. */
  as(role: MemberRole): Promise<Caller>;
  /**
   * Root's calls in this project (root acts in any project), through the `request` the school was
   * made with: a school made in `beforeAll` gives its tests `rootIn(request, school)` instead.
   */
  root: Caller;
}

/** Root of every project: the demo seed's, the one account that creates projects. */
export const ROOT = { email: 'root@demo.test', password: DEMO_PASSWORD } as const;
/** The environment of the demo's projects (the seed's first). */
const ENVIRONMENT = 1;
/** The password of everyone a spec makes: long enough for the contract's rule. */
export const PERSON_PASSWORD = 'e2e-person-12345';

/** A name no other spec and no earlier run uses. */
export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** A session's token for this account. */
export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post(`/api${API.login}`, { data: { email, password } });
  expect(login.status(), `sign-in of ${email}: ${await login.text()}`).toBe(200);
  return ((await login.json()).data as LoginResult).token;
}

/** Calls to the API with a session's token, acting in `workspaceId` as `role`. */
export function callerOf(
  request: APIRequestContext,
  token: string,
  workspaceId: number,
  role: RoleName,
): Caller {
  const params = { workspace_id: String(workspaceId), role_id: String(ROLE[role]) };
  const headers = { authorization: `Bearer ${token}` };
  return {
    workspaceId,
    async call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown): Promise<T> {
      const response = await request[method](`/api${path}`, { params, headers, data });
      expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
      return (await response.json()).data as T;
    },
    async upload<T>(path: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<T> {
      const response = await request.post(`/api${path}`, { params, headers, multipart: { file } });
      expect(response.ok(), `upload to ${path}: ${await response.text()}`).toBe(true);
      return (await response.json()).data as T;
    },
  };
}

/**
 * Root invites an address to the project with these roles, and passes the link's token on, as the
 * invitation's answer gives it when no mail server listens: make people before a spec's `Mailbox`
 * starts.
 */
export async function invitationToken(root: Caller, email: string, roles: MemberRole[]): Promise<string> {
  const sent = await root.call<SentInvitation>('post', API.invite, {
    email,
    workspace_id: root.workspaceId,
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

/** Someone invited by root to root's project with these roles, registered by the link. */
async function registered(
  request: APIRequestContext,
  root: Caller,
  roles: MemberRole[],
  name: string,
): Promise<Person> {
  const person = {
    email: `${name.replace(' ', '-').toLowerCase()}@e2e.test`,
    password: PERSON_PASSWORD,
    name,
  };
  const accepted = await request.post(`/api${API.inviteAccept}`, {
    data: {
      token: await invitationToken(root, person.email, roles),
      name: person.name,
      password: person.password,
      password_confirmation: person.password,
    } satisfies AcceptInvitationBody,
  });
  expect(accepted.status(), `${person.email} registers: ${await accepted.text()}`).toBe(201);
  return person;
}

/**
 * Root's session on this worker's server, made once and kept: a worker process tests one server
 * (`serverPort`), and every spec's school is made by root, so each school's making need not sign
 * root in again (a sign-in is a scrypt hash, a third of a second here).
 */
let rootSession: Promise<string> | undefined;

/** Root's token on this worker's server (see `rootSession`). */
export function rootToken(request: APIRequestContext): Promise<string> {
  rootSession ??= tokenOf(request, ROOT.email, ROOT.password).catch((error: unknown) => {
    rootSession = undefined;
    throw error;
  });
  return rootSession;
}

/** Root's calls in the school through this `request` (a test's own, when the school came from `beforeAll`). */
export async function rootIn(
  request: APIRequestContext,
  school: Pick<School, 'workspaceId'>,
): Promise<Caller> {
  return callerOf(request, await rootToken(request), school.workspaceId, 'root');
}

/**
 * Makes a project of the spec's own through the API, as root would by hand: the project, then one
 * member per role asked for, each invited and registered with the invitation's link. Its people
 * and objects are nobody else's, so specs never see each other's data (decision 027).
 */
export async function newSchool(
  request: APIRequestContext,
  roles: MemberRole[],
  title = unique('School'),
): Promise<School> {
  const token = await rootToken(request);
  const made = await request.post(`/api${API.workspaces}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { title, env_id: ENVIRONMENT } satisfies WorkspaceInput,
  });
  expect(made.status(), `the project: ${await made.text()}`).toBe(201);
  const workspaceId = ((await made.json()).data as WorkspaceListItem).workspaceId;
  const root = callerOf(request, token, workspaceId, 'root');

  // Registered side by side: each registration hashes a password, and the server has two cores.
  const people: School['people'] = Object.fromEntries(
    await Promise.all(
      roles.map(async (role) => [
        role,
        await registered(request, root, [role], unique(`${role[0]!.toUpperCase()}${role.slice(1)}`)),
      ]),
    ),
  );
  /** Each member's calls, signed in once. */
  const sessions: Partial<Record<MemberRole, Promise<Caller>>> = {};
  const person = (role: MemberRole): Person => {
    const found = people[role];
    if (!found) throw new Error(`This school has no ${role}: ask newSchool for one.`);
    return found;
  };
  return {
    workspaceId,
    title,
    people,
    person,
    root,
    as(role) {
      return (sessions[role] ??= (async () => {
        const { email, password } = person(role);
        return callerOf(request, await tokenOf(request, email, password), workspaceId, role);
      })());
    },
  };
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
  return registered(request, await rootIn(request, school), roles, name);
}

/** A path under this school's project (`/workspaces/:id/…`). */
export const inSchool = (school: School, path: string) => inWorkspace(school.workspaceId, path);
