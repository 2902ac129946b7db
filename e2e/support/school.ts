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
  people: Partial<Record<Exclude<RoleName, 'root'>, Person>>;
  /** The member of this role, or a clear failure when the spec did not ask for one. */
  person(role: Exclude<RoleName, 'root'>): Person;
  /** The calls of the member of this role, in this project, as that role. */
  as(role: Exclude<RoleName, 'root'>): Promise<Caller>;
  /** Root's calls in this project (root acts in any project). */
  root: Caller;
}

const ROOT = 'root@demo.test';
/** The environment of the demo's projects (the seed's first). */
const ENVIRONMENT = 1;
/** The password of everyone a spec makes: long enough for the contract's rule. */
export const PERSON_PASSWORD = 'e2e-person-12345';

/** A name no other spec and no earlier run uses. */
export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
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
 * Makes a project of the spec's own through the API, as root would by hand: the project, then one
 * member per role asked for, each invited and registered with the invitation's link. Its people
 * and objects are nobody else's, so specs never see each other's data (issue 25).
 *
 * The invitation's link comes back in the answer because no mail server listens while the school is
 * made (the inviter passes the link on, as a person would): make the school before a spec starts
 * its `Mailbox`.
 */
export async function newSchool(
  request: APIRequestContext,
  roles: Exclude<RoleName, 'root'>[],
  title = unique('School'),
): Promise<School> {
  const rootToken = await tokenOf(request, ROOT, DEMO_PASSWORD);
  const rootHeaders = { authorization: `Bearer ${rootToken}` };
  const made = await request.post(`/api${API.workspaces}`, {
    headers: rootHeaders,
    data: { title, env_id: ENVIRONMENT } satisfies WorkspaceInput,
  });
  expect(made.status(), `the project: ${await made.text()}`).toBe(201);
  const workspaceId = ((await made.json()).data as WorkspaceListItem).workspaceId;
  const root = callerOf(request, rootToken, workspaceId, 'root');

  const people: School['people'] = {};
  for (const role of roles) {
    const name = unique(`${role[0]!.toUpperCase()}${role.slice(1)}`);
    const person = {
      email: `${name.replace(' ', '-').toLowerCase()}@e2e.test`,
      password: PERSON_PASSWORD,
      name,
    };
    const sent = await root.call<SentInvitation>('post', API.invite, {
      email: person.email,
      workspace_id: workspaceId,
      roles: [role],
    } satisfies InviteBody);
    const token = sent.invitation_link && new URL(sent.invitation_link).searchParams.get('token');
    if (!token) {
      throw new Error(
        `The invitation of ${person.email} was mailed (${sent.mail_delivery}): make the school before starting a Mailbox.`,
      );
    }
    const accepted = await request.post(`/api${API.inviteAccept}`, {
      data: {
        token,
        name: person.name,
        password: person.password,
        password_confirmation: person.password,
      } satisfies AcceptInvitationBody,
    });
    expect(accepted.ok(), `${person.email} registers: ${await accepted.text()}`).toBe(true);
    people[role] = person;
  }

  const person = (role: Exclude<RoleName, 'root'>): Person => {
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
    async as(role) {
      const { email, password } = person(role);
      return callerOf(request, await tokenOf(request, email, password), workspaceId, role);
    },
  };
}

/** A path under this school's project (`/workspaces/:id/…`). */
export const inSchool = (school: School, path: string) => inWorkspace(school.workspaceId, path);
