import { ROLE_BASE, type RankedRole, type RoleName } from '../access/roles.ts';

/** Side-navigation items; each is an i18n key under `nav.` (spec §2). */
export const NAV_ITEMS = [
  'dashboard',
  'manageAssets',
  'projects',
  'categories',
  // A teacher's read-only themes (/preview-themes); not in spec §2's named items, which give the
  // teacher no way to reach the screen otherwise.
  'interests',
  'outbox',
  'contentCreating',
  'users',
  'lessonsStatistic',
  'moderationList',
  'reportsTickets',
  'protocolsTemplates',
  'courseTemplates',
  'histories',
  'diagnosticCards',
  'themesAndTags',
  'students',
  'diagnosticianClients',
  'prepareExercises',
] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

export interface AppRoute {
  /** The URL pattern, React Router syntax (`:id?` is an optional segment). */
  path: string;
  /**
   * Who may open it: roles (the selected role, or a capability role held with it such as
   * diagnostician), or `public` for pages outside the login guard.
   */
  access: readonly RoleName[] | 'public';
  /** Its side-navigation item, if any. */
  nav?: NavItem;
  /**
   * Whether its screen exists. A route that is not built is not mounted: its path goes to
   * /not-found and it has no navigation item, until the issue that builds it sets this.
   */
  built: boolean;
}

const STAFF: readonly RankedRole[] = ['author', 'moderator', 'teacher', 'root', 'manager'];
const route = (path: string, access: AppRoute['access'], extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  access,
  built: false,
  ...extra,
});

/** Every path of spec §2, in its order. */
export const ROUTES: readonly AppRoute[] = [
  // Shared
  route('/profile', STAFF, { built: true }),
  route('/shared-exercise/:exerciseId?', ['author', 'moderator'], { built: true }),
  // Root
  route('/dashboard', ['root'], { nav: 'dashboard', built: true }),
  route('/manage-assets', ['root'], { nav: 'manageAssets', built: true }),
  // The projects list (spec §2 'other screens'): root creates, edits, archives and restores projects.
  route('/projects', ['root'], { nav: 'projects', built: true }),
  // Every mail the platform sent, and with no SMTP server the only place invitations can be read.
  route('/outbox', ['root'], { nav: 'outbox', built: true }),
  // Author
  route('/exercises', ['author'], { nav: 'contentCreating', built: true }),
  route('/public-exercises', ['author'], { built: true }),
  route('/create-exercise-author', ['author'], { built: true }),
  route('/edit-exercise/:exerciseId?', ['author'], { built: true }),
  // Manager
  // Root too: root signs in as users from this list (spec §6).
  route('/users', ['manager', 'root'], { nav: 'users', built: true }),
  route('/lessons-stats', ['manager'], { nav: 'lessonsStatistic' }),
  // Moderator
  route('/categories', ['moderator'], { nav: 'categories', built: true }),
  route('/moderator-list', ['moderator'], { nav: 'moderationList', built: true }),
  route('/create-exercise-moderator', ['moderator'], { built: true }),
  route('/moderate-exercise/:exerciseId?', ['moderator'], { built: true }),
  route('/auto-moderation', ['moderator'], { built: true }),
  route('/reports', ['moderator']),
  route('/reports-tickets', ['moderator'], { nav: 'reportsTickets' }),
  route('/manage-report/:ticketId?', ['moderator']),
  route('/protocols-templates', ['moderator'], { nav: 'protocolsTemplates' }),
  route('/create-template', ['moderator']),
  route('/edit-template/:templateId?', ['moderator', 'teacher']),
  route('/course-templates', ['moderator'], { nav: 'courseTemplates' }),
  route('/create-course-template', ['moderator']),
  route('/edit-course-template/:templateId?', ['moderator']),
  route('/histories', ['moderator'], { nav: 'histories' }),
  route('/create-history', ['moderator']),
  route('/edit-history/:historyId?', ['moderator']),
  route('/diagnostic-cards', ['moderator'], { nav: 'diagnosticCards' }),
  route('/create-diagnostic-card', ['moderator']),
  route('/edit-diagnostic-card/:cardId?', ['moderator']),
  route('/preview-diagnostic-card/:cardId?', ['moderator']),
  route('/generated-list/:themeId?', ['moderator']),
  route('/themes', ['moderator'], { nav: 'themesAndTags', built: true }),
  route('/theme-assets/:themeId?', ['moderator'], { built: true }),
  // Teacher
  route('/clients', ['teacher'], { nav: 'students', built: true }),
  route('/edit-client/:clientId?', ['teacher'], { built: true }),
  route('/diagnostician-clients', ['diagnostician'], { nav: 'diagnosticianClients' }),
  route('/manage-diagnostician-clients/:clientId?', ['diagnostician']),
  route('/manage-client-dc/:cardId?', ['teacher']),
  route('/preview-themes', ['teacher'], { nav: 'interests', built: true }),
  // The same navigation item as /categories: a teacher's navigation shows it, read-only.
  route('/view-categories', ['teacher'], { nav: 'categories', built: true }),
  route('/histories-preview', ['teacher']),
  route('/preview-history/:historyId?', ['teacher']),
  route('/protocols-templates-teacher', ['teacher']),
  route('/view-template/:templateId?', ['teacher']),
  route('/lessons-list', ['teacher'], { nav: 'prepareExercises' }),
  route('/edit-lesson/:lessonId?', ['teacher']),
  route('/create-protocol', ['teacher']),
  route('/edit-protocol/:protocolId?', ['teacher']),
  route('/correction-path/:clientId?', ['teacher']),
  route('/theme-assets-preview/:themeId?', ['teacher'], { built: true }),
  // Public or standalone
  route('/login', 'public', { built: true }),
  route('/logout', 'public', { built: true }),
  route('/accept-invite', 'public', { built: true }),
  route('/sharepoint-test', 'public'),
  route('/not-found', 'public', { built: true }),
  route('/dc-preview/:dcID', 'public'),
  route('/client-session/:encryptedId', 'public'),
  route('/progress-preview/:dcID', 'public'),
  route('/game/:gameID', 'public'),
  route('/view-protocol-plan/:protocolId', 'public'),
  route('/play-lesson/:lessonId', 'public'),
  route('/appointment', 'public'),
  route('/parent-dashboard-demo/:childId', 'public'),
  route('/accept-new-role', 'public'),
];

/** Each role's index screen: what `/` shows (spec §2). */
export const INDEX_PATHS: Record<RankedRole, string> = {
  root: '/dashboard',
  manager: '/users',
  moderator: '/categories',
  author: '/exercises',
  teacher: '/clients',
};

/** The route of a path pattern. */
export function routeOf(path: string): AppRoute | undefined {
  return ROUTES.find((entry) => entry.path === path);
}

/**
 * Whether a signed-in user may open a staff route, acting as `selected` while holding `held` in the
 * chosen project: the selected role is listed, or a capability role held on top of it is (a
 * diagnostician, acting as teacher, opens the diagnostician screens).
 */
export function mayOpen(route: AppRoute, selected: RankedRole, held: readonly RoleName[]): boolean {
  if (route.access === 'public') return true;
  return route.access.some(
    (role) => role === selected || (held.includes(role) && ROLE_BASE[role] === selected),
  );
}

/** The built routes a role's side navigation shows, in table order. */
export function navigationFor(selected: RankedRole, held: readonly RoleName[]): AppRoute[] {
  return ROUTES.filter((entry) => entry.built && entry.nav && mayOpen(entry, selected, held));
}
