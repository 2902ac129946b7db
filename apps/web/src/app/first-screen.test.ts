import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadFirstScreen } from './first-screen.ts';
import { SCREENS, SHELL } from './screens.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** What `preloadFirstScreen` loads for a path, by screen: the paths of the route table, and `shell`. */
async function preloaded(path: string, signedIn: boolean): Promise<string[]> {
  const loaded: string[] = [];
  for (const [route, screen] of Object.entries(SCREENS)) {
    vi.spyOn(screen, 'preload').mockImplementation(async () => loaded.push(route));
  }
  vi.spyOn(SHELL, 'preload').mockImplementation(async () => loaded.push('shell'));
  await preloadFirstScreen(path, signedIn);
  return loaded.sort();
}

describe('preloadFirstScreen', () => {
  it('loads a public route’s screen, signed in or not', async () => {
    expect(await preloaded('/login', false)).toEqual(['/login']);
    expect(await preloaded('/accept-invite', true)).toEqual(['/accept-invite']);
  });

  it('loads the login page for a staff route without a token', async () => {
    expect(await preloaded('/categories', false)).toEqual(['/login']);
    expect(await preloaded('/', false)).toEqual(['/login']);
  });

  it('loads the shell and the screen for a staff route with a token', async () => {
    expect(await preloaded('/categories', true)).toEqual(['/categories', 'shell']);
    expect(await preloaded('/edit-client/7', true)).toEqual(['/edit-client/:clientId?', 'shell']);
    expect(await preloaded('/', true)).toEqual(['shell']);
  });

  it('loads the 404 screen for a path the table does not know', async () => {
    expect(await preloaded('/nowhere', true)).toEqual(['/not-found']);
  });
});
