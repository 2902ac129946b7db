import { rolesMay, type Action } from '../access/permissions.ts';
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
  // The contractors' reports and acts (/reports): spec §2 lists the screen with no item, which
  // would leave moderators no way to it.
  'contractorReports',
  'protocolsTemplates',
  'courseTemplates',
  'histories',
  'games',
  'diagnosticCards',
  'themesAndTags',
  'students',
  'diagnosticianClients',
  'prepareExercises',
  'bookings',
  'availability',
  'bookingSettings',
  'referrals',
  'callRequests',
  'merchandise',
  'localization',
  'settings',
] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

/**
 * Who may open a route. A staff screen names the permission its main call needs and opens to
 * exactly the roles that permission allows (the route and the API cannot disagree); `signed-in` is
 * any role (the profile); `public` is outside the login guard; `planned` is a screen not built
 * yet (`{ path, access: 'planned', listed, built: false }`), until the issue that builds it adds
 * its permission. Every screen of spec §2 is built now (issue 33).
 */
export type RouteAccess = Action | 'signed-in' | 'public' | 'planned';

export interface AppRoute {
  /** The URL pattern, React Router syntax (`:id?` is an optional segment). */
  path: string;
  access: RouteAccess;
  /**
   * The roles under whose heading spec §2 lists the route: its navigation item shows to these (a
   * role that may open a screen through its permission does not always get it in its navigation).
   */
  listed: readonly RoleName[];
  /** Its side-navigation item, if any. */
  nav?: NavItem;
  /**
   * Whether its screen exists. A route that is not built is not mounted: its path goes to
   * /not-found and it has no navigation item, until the issue that builds it sets this.
   */
  built: boolean;
  /** A staff screen that fills the window, outside the shell (the lesson player). */
  fullScreen?: boolean;
}

const STAFF: readonly RankedRole[] = ['author', 'moderator', 'teacher', 'root', 'manager'];
type Extra = Partial<Pick<AppRoute, 'nav' | 'built' | 'fullScreen'>>;
/** A built staff screen: opened by a permission, listed under spec §2's headings `listed`. */
const screen = (path: string, access: Action | 'signed-in', listed: readonly RoleName[], extra: Extra = {}) =>
  ({ path, access, listed, built: true, ...extra }) satisfies AppRoute;
/** A page outside the login guard. */
const open = (path: string, built = false): AppRoute => ({ path, access: 'public', listed: [], built });

/** Every path of spec §2, in its order. */
export const ROUTES: readonly AppRoute[] = [
  // Shared
  screen('/profile', 'signed-in', STAFF),
  // The reporter's own problem reports (issue 33 item 1; not in spec §2): the profile menu links it.
  screen('/my-reports/:ticketId?', 'tickets.report', STAFF),
  // Teachers read the accepted library too, so they may open a shared link (not in their menu).
  screen('/shared-exercise/:exerciseId?', 'exercises.read', ['author', 'moderator']),
  // Root
  screen('/dashboard', 'dashboard.read', ['root'], { nav: 'dashboard' }),
  screen('/manage-assets', 'assets.manage', ['root'], { nav: 'manageAssets' }),
  // The projects list (spec §2 'other screens'): root creates, edits, archives and restores projects.
  screen('/projects', 'workspaces.manage', ['root'], { nav: 'projects' }),
  // Every mail the platform sent, and with no SMTP server the only place invitations can be read.
  screen('/outbox', 'mails.read', ['root'], { nav: 'outbox' }),
  // The localization editor (spec §2 'other screens'; issue 33 item 3): the interface's texts.
  screen('/localization', 'translations.manage', ['root'], { nav: 'localization' }),
  // The environments' settings (spec §3 Settings, `app_settings`; issue 33 item 4).
  screen('/settings', 'settings.read', ['root'], { nav: 'settings' }),
  // Author
  screen('/exercises', 'exercises.author', ['author'], { nav: 'contentCreating' }),
  // The author's library of approved exercises, to learn from (the teacher's library comes with lessons).
  screen('/public-exercises', 'exercises.author', ['author']),
  screen('/create-exercise-author', 'exercises.author', ['author']),
  screen('/edit-exercise/:exerciseId?', 'exercises.author', ['author']),
  // Manager
  // Root too: root signs in as users from this list (spec §6).
  screen('/users', 'users.list', ['manager', 'root'], { nav: 'users' }),
  // Root too, as lessonStatistics.read allows (outside its menu).
  screen('/lessons-stats', 'lessonStatistics.read', ['manager'], { nav: 'lessonsStatistic' }),
  // Free-lesson booking (issue 28; spec §1, §2 "public booking form"): not named in spec §2's
  // lists, which have no school side for it. The bookings and a teacher's week; the teachers'
  // availability (a teacher her own); the project's rules and its page's link (admins and root).
  screen('/bookings', 'booking.read', ['manager', 'teacher'], { nav: 'bookings' }),
  screen('/availability/:teacherId?', 'booking.manage', ['manager', 'teacher'], { nav: 'availability' }),
  screen('/booking-settings', 'booking.settings', ['admin', 'root'], { nav: 'bookingSettings' }),
  // Referrals (issue 29 item 3; spec §9's bonus): who brought whom, balances, renewals and payments.
  screen('/referrals', 'referrals.manage', ['manager', 'root'], { nav: 'referrals' }),
  // The parents' side (issue 29, decision 040): the call-back requests (the phone agent's settings
  // on the same screen, for admins and root); the merchandise orders, and the offers for admins and root.
  screen('/call-requests', 'callRequests.manage', ['manager', 'root'], { nav: 'callRequests' }),
  screen('/merchandise', 'merch.orders', ['manager', 'root'], { nav: 'merchandise' }),
  // Moderator (root, who may do all of it, opens these screens too, outside its menu)
  screen('/categories', 'categories.manage', ['moderator'], { nav: 'categories' }),
  screen('/moderator-list', 'exercises.moderate', ['moderator'], { nav: 'moderationList' }),
  screen('/create-exercise-moderator', 'exercises.moderate', ['moderator']),
  screen('/moderate-exercise/:exerciseId?', 'exercises.moderate', ['moderator']),
  screen('/auto-moderation', 'exercises.autoModeration', ['moderator']),
  // Contractors' reports and acts (issue 33 item 2).
  screen('/reports', 'acts.manage', ['moderator'], { nav: 'contractorReports' }),
  screen('/reports-tickets', 'tickets.manage', ['moderator'], { nav: 'reportsTickets' }),
  screen('/manage-report/:ticketId?', 'tickets.manage', ['moderator']),
  screen('/protocols-templates', 'protocolTemplates.moderate', ['moderator'], { nav: 'protocolsTemplates' }),
  screen('/create-template', 'protocolTemplates.moderate', ['moderator']),
  // A teacher writes her own templates here too (spec §2), which a moderator then publishes.
  screen('/edit-template/:templateId?', 'protocolTemplates.write', ['moderator', 'teacher']),
  screen('/course-templates', 'courseTemplates.manage', ['moderator'], { nav: 'courseTemplates' }),
  screen('/create-course-template', 'courseTemplates.manage', ['moderator']),
  screen('/edit-course-template/:templateId?', 'courseTemplates.manage', ['moderator']),
  // Authors write their own stories here too and send them for review; moderators publish them.
  screen('/histories', 'stories.write', ['moderator', 'author'], { nav: 'histories' }),
  screen('/create-history', 'stories.write', ['moderator', 'author']),
  screen('/edit-history/:historyId?', 'stories.write', ['moderator', 'author']),
  // Games (issue 31; spec §1 "games with characters", not in spec §2's moderator list): the games,
  // their editor, and the game themes (reached from the games list).
  screen('/games', 'games.manage', ['moderator'], { nav: 'games' }),
  screen('/create-game', 'games.manage', ['moderator']),
  screen('/edit-game/:gameId?', 'games.manage', ['moderator']),
  screen('/game-themes', 'games.manage', ['moderator']),
  screen('/diagnostic-cards', 'diagnosticCards.manage', ['moderator'], { nav: 'diagnosticCards' }),
  screen('/create-diagnostic-card', 'diagnosticCards.manage', ['moderator']),
  screen('/edit-diagnostic-card/:cardId?', 'diagnosticCards.manage', ['moderator']),
  screen('/preview-diagnostic-card/:cardId?', 'diagnosticCards.manage', ['moderator']),
  screen('/generated-list/:themeId?', 'exercises.generate', ['moderator']),
  screen('/themes', 'themes.manage', ['moderator'], { nav: 'themesAndTags' }),
  screen('/theme-assets/:themeId?', 'themes.manage', ['moderator']),
  // Teacher (the read-only views open to every role that may read what they show)
  screen('/clients', 'clients.manage', ['teacher'], { nav: 'students' }),
  screen('/edit-client/:clientId?', 'clients.manage', ['teacher']),
  screen('/diagnostician-clients', 'diagnoses.assigned', ['diagnostician'], { nav: 'diagnosticianClients' }),
  screen('/manage-diagnostician-clients/:clientId?', 'diagnoses.assigned', ['diagnostician']),
  screen('/manage-client-dc/:cardId?', 'diagnoses.manage', ['teacher']),
  screen('/preview-themes', 'themes.read', ['teacher'], { nav: 'interests' }),
  // The same navigation item as /categories: a teacher's navigation shows it, read-only.
  screen('/view-categories', 'categories.read', ['teacher'], { nav: 'categories' }),
  screen('/histories-preview', 'stories.read', ['teacher'], { nav: 'histories' }),
  screen('/preview-history/:historyId?', 'stories.read', ['teacher'], { fullScreen: true }),
  // No navigation item in spec §2: the teacher's /clients links it.
  screen('/protocols-templates-teacher', 'protocolTemplates.read', ['teacher']),
  screen('/view-template/:templateId?', 'protocolTemplates.read', ['teacher']),
  screen('/lessons-list', 'lessons.manage', ['teacher'], { nav: 'prepareExercises' }),
  screen('/edit-lesson/:lessonId?', 'lessons.manage', ['teacher']),
  // The teacher's signed-in player; the child follows it under /client-session (decision 021). Spec
  // §2's /play-lesson/:lessonId is the parent's home practice (decision 038); old links lead here.
  screen('/conduct-lesson/:lessonId', 'lessons.manage', ['teacher'], { fullScreen: true }),
  screen('/create-protocol', 'plans.manage', ['teacher']),
  // A student's course on one of their plans (issue 30 item 2; not in spec §2): the plan's page links it.
  screen('/plan-course/:protocolId', 'courses.manage', ['teacher']),
  screen('/edit-protocol/:protocolId?', 'plans.manage', ['teacher']),
  screen('/correction-path/:clientId?', 'clients.manage', ['teacher']),
  screen('/theme-assets-preview/:themeId?', 'themes.read', ['teacher']),
  // Public or standalone
  open('/login', true),
  open('/logout', true),
  open('/accept-invite', true),
  // Spec §2 lists it as standalone; it renders an uploaded deck on the server (LibreOffice, seconds
  // of CPU), so it is a signed-in screen of the roles that make, moderate or show decks, inside the
  // shell, with no navigation item (issue 33 item 6).
  screen('/sharepoint-test', 'sharepointTest.run', ['author', 'moderator', 'teacher', 'root']),
  open('/not-found', true),
  // The public links' pages: the parameter is the link's token (the public-link kit, decision 029).
  open('/dc-preview/:token', true),
  // The child's screen: the lesson's session link (decision 021).
  open('/client-session/:token', true),
  open('/progress-preview/:token', true),
  // The child's game under an assignment's link (issue 31): the parameter is the link's token.
  open('/game/:token', true),
  open('/view-protocol-plan/:token', true),
  // Home practice by an assignment's link (issue 29 item 2, decision 038); digits: an old player link.
  open('/play-lesson/:token', true),
  // The parents' booking page under the project's link, and a booking's own link to cancel or move it.
  open('/appointment/:token', true),
  open('/appointment/manage/:token', true),
  // A family's dashboard under its link (issue 29): the parameter is the link's token.
  open('/parent-dashboard-demo/:token', true),
  // The mail's link to an invitation for an address that has an account (issue 33 item 6): signed
  // in, it accepts as that account and goes on to the project; signed out, the invitation's page.
  open('/accept-new-role', true),
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
 * The held roles that act when `selected` is the selected role: itself, and a capability role held
 * on top of it (an admin with manager selected, a diagnostician with teacher selected).
 */
function actingRoles(selected: RankedRole, held: readonly RoleName[]): RoleName[] {
  return [selected, ...held.filter((role) => ROLE_BASE[role] === selected)];
}

/**
 * Whether a signed-in user may open a route, acting as `selected` while holding `held` in the
 * chosen project: the route's permission allows the selected role or a capability role held on top
 * of it. A route still to build opens to nobody.
 */
export function mayOpen(route: AppRoute, selected: RankedRole, held: readonly RoleName[]): boolean {
  switch (route.access) {
    case 'public':
    case 'signed-in':
      return true;
    case 'planned':
      return false;
    default:
      return rolesMay(actingRoles(selected, held), route.access);
  }
}

/** Whether spec §2 lists the route under the selected role (or a capability held on top of it). */
function listedFor(route: AppRoute, selected: RankedRole, held: readonly RoleName[]): boolean {
  return actingRoles(selected, held).some((role) => route.listed.includes(role));
}

/** The built routes a role's side navigation shows, in table order: listed for it, and openable. */
export function navigationFor(selected: RankedRole, held: readonly RoleName[]): AppRoute[] {
  return ROUTES.filter(
    (entry) => entry.built && entry.nav && listedFor(entry, selected, held) && mayOpen(entry, selected, held),
  );
}
