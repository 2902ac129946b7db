import type { Assignment, RoleName } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderBar } from './header-bar.tsx';
import { actingOf } from '../../session/session.tsx';
import { fakeApi, json, renderInApp, sessionOf, userWith, type SignedIn } from '../../testing/render.tsx';

const CONFIG = { data: { chat: null, vacancy_urls: {}, environment: 'production' } };

async function renderHeader(
  as: SignedIn | ReturnType<typeof sessionOf>,
  { environment = 'production', godMode = false } = {},
) {
  fakeApi({ 'GET /app-config': () => json({ data: { ...CONFIG.data, environment } }) });
  await renderInApp(
    <HeaderBar navigationOpened={false} onToggleNavigation={() => {}} godMode={godMode} hasNavigation />,
    { as },
  );
}

/** A project of the API's shape, where the user holds `roles`. */
const project = (workspaceId: number, workspaceTitle: string, roles: RoleName[]): Assignment => ({
  workspaceId,
  workspaceTitle,
  description: '',
  env_id: 1,
  roles,
  isActive: true,
  archived: false,
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the header', () => {
  // Formerly the role labels of e2e/shell.spec.ts's landing tests, one per role.
  it.each([
    ['root', 'root', 'Super admin'],
    ['a manager', ['manager'], 'Manager'],
    ['an admin', ['admin'], 'Manager'],
    ['a moderator', ['moderator'], 'Moderator'],
    ['an author', ['author'], 'Author'],
    ['a teacher', ['teacher'], 'Speech therapist'],
    ['a diagnostician', ['diagnostician'], 'Speech therapist'],
  ] as const)('names the role %s acts in', async (_who, roles, label) => {
    await renderHeader({ roles: roles === 'root' ? 'root' : [...roles] });
    expect((await screen.findByTestId('role-label')).textContent).toBe(`Role: ${label}`);
  });

  // Formerly e2e/shell.spec.ts: “users with one project see no project switcher” and “root has no
  // project switcher”.
  it('offers no project switcher to a member of one project, nor to root', async () => {
    await renderHeader({ roles: ['moderator'] });
    await screen.findByTestId('role-label');
    expect(screen.queryByRole('combobox', { name: 'Project' })).toBeNull();
    document.body.innerHTML = '';
    await renderHeader({ roles: 'root' });
    await screen.findByTestId('role-label');
    expect(screen.queryByRole('combobox', { name: 'Project' })).toBeNull();
  });

  // Spec §1, issue 33 item 5: the server says where it runs; `npm start` is not production.
  it.each([
    ['development', false, true],
    ['test', false, true],
    ['production', false, false],
    ['production', true, true],
  ])('with a server in %s (god mode: %s) shows the dev badge: %s', async (environment, godMode, shown) => {
    await renderHeader({ roles: ['teacher'] }, { environment, godMode });
    await screen.findByTestId('role-label');
    if (shown) expect((await screen.findByTestId('dev-badge')).textContent).toContain('/api');
    else {
      // The configuration has come: the badge would be there by now.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId('dev-badge')).toBeNull();
    }
  });

  // Formerly e2e/shell.spec.ts: “the project switcher says which role each project gives”.
  it("says in the project switcher which role each of someone's projects gives", async () => {
    const user = {
      ...userWith({ roles: ['moderator'] }),
      assignments: [project(1, 'First school', ['moderator']), project(2, 'Second school', ['teacher'])],
    };
    await renderHeader({ ...sessionOf({ roles: ['moderator'] }), user, ...actingOf(user, 1) });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Project' }));
    const first = await screen.findByRole('option', { name: /First school/ });
    expect(first.textContent).toContain('Moderator');
    expect(screen.getByRole('option', { name: /Second school/ }).textContent).toContain('Speech therapist');
  });
});
