import { API, inWorkspace, type Category, type RoleName } from '@logoschool/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { callerOf, type Caller } from './school.ts';
import { DEMO_PASSWORD } from './sign-in.ts';

/** A demo user's calls through the API, in their first project as the role given (setting a test up). */
export async function apiOf(request: APIRequestContext, email: string, role: RoleName): Promise<Caller> {
  const login = await request.post(`/api${API.login}`, { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()).data as {
    token: string;
    user: { assignments: { workspaceId: number }[] };
  };
  return callerOf(request, token, user.assignments[0]!.workspaceId, role);
}

export type ApiOf = Caller;

/** The demo project's 'Sounds' category and the ids of the folders under it, by name. */
export async function soundFolders(moderator: ApiOf) {
  const tree = await moderator.call<Category[]>('get', inWorkspace(moderator.workspaceId, API.categories));
  const sounds = tree.find((category) => category.name === 'Sounds')!;
  const folder = (name: string) => sounds.children.find((category) => category.name === name)!.id;
  return {
    sounds: sounds.id,
    whistling: folder('Whistling sounds'),
    hissing: folder('Hissing sounds'),
    folder,
  };
}
