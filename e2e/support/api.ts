import { API, ROLE, inWorkspace, type Category } from '@logoschool/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in.ts';

/** A demo user's calls through the API, in their first project as the role given (setting a test up). */
export async function apiOf(request: APIRequestContext, email: string, role: keyof typeof ROLE) {
  const login = await request.post(`/api${API.login}`, { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()).data as {
    token: string;
    user: { assignments: { workspaceId: number }[] };
  };
  const workspaceId = user.assignments[0]!.workspaceId;
  const params = { workspace_id: String(workspaceId), role_id: String(ROLE[role]) };
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api${path}`, { params, headers, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()).data as T;
  };
  return { workspaceId, call };
}

export type ApiOf = Awaited<ReturnType<typeof apiOf>>;

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
