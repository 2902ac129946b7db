import { ROLE_RANKING, effectiveRoles, type RoleName } from './roles.ts';

/**
 * Where an action applies. A `workspace` action is done in one project: the caller names it with
 * `workspace_id` and the role it acts as with `role_id`. A `global` action is not tied to a project
 * and is allowed by the roles the caller holds anywhere (in practice: root).
 */
export type PermissionScope = 'workspace' | 'global';

export interface Permission {
  scope: PermissionScope;
  roles: readonly RoleName[];
}

/** Every role that has its own screens (spec §2). */
const STAFF: readonly RoleName[] = ROLE_RANKING;

/**
 * Who may do what: the one permission table (STYLE §4). The server enforces it in one preValidation hook;
 * the web reads it only to hide what the user cannot do. Later areas add their actions here.
 */
export const PERMISSIONS = {
  /** Read a project's details (title, description, environment). */
  'workspaces.read': { scope: 'workspace', roles: STAFF },
  /** Sign in as another user (spec §6). */
  'auth.loginAsUser': { scope: 'global', roles: ['root'] },
  /** Change the environment's app settings (storage key `app_settings`, spec §7). */
  'settings.write': { scope: 'global', roles: ['root'] },
  /** Read the audit log of sensitive actions. */
  'auditLog.read': { scope: 'global', roles: ['root'] },
  /** See every project, archived ones too; create, edit and restore projects (spec §6). */
  'workspaces.manage': { scope: 'global', roles: ['root'] },
  /** Archive a project (spec §6: an admin can archive projects). */
  'workspaces.archive': { scope: 'workspace', roles: ['root', 'admin'] },
  /** See a project's users with their roles and status; export them as CSV (spec §2 /users). */
  'users.list': { scope: 'workspace', roles: ['root', 'manager'] },
  /** Activate or deactivate a user in a project, change or remove their roles (spec §6: admin). */
  'users.manage': { scope: 'workspace', roles: ['root', 'admin'] },
  /** Move a user to another environment (spec §6: root). */
  'users.changeEnvironment': { scope: 'global', roles: ['root'] },
  /** Invite people to the project by mail, resend or cancel invitations, add existing users (spec §6). */
  'users.invite': { scope: 'workspace', roles: ['root', 'manager'] },
  /** Read the outbox: every mail the platform sent or kept (DESIGN §2 mail). */
  'mails.read': { scope: 'global', roles: ['root'] },
  /** The root dashboard's figures (spec §2 /dashboard). */
  'dashboard.read': { scope: 'global', roles: ['root'] },
  /** Keep one's own students: list, create, edit (spec §3 Client; issue: teachers see only their own). */
  'clients.manage': { scope: 'workspace', roles: ['teacher'] },
  /**
   * Copy a student with their plans to another teacher (spec §7 /replicate-client): a teacher her own
   * students, root and admins any student of the project (`replicateScope`).
   */
  'clients.replicate': { scope: 'workspace', roles: ['root', 'admin', 'teacher'] },
  /** Create, replace and revoke the project's CRM API token (DESIGN §4 machine clients; spec §6). */
  'crm.manage': { scope: 'workspace', roles: ['root', 'admin'] },
  /** See the project's category tree (spec §6: teachers get a read-only view of categories). */
  'categories.read': { scope: 'workspace', roles: ['root', 'moderator', 'author', 'teacher'] },
  /** Create, edit, move, reorder and delete the project's categories (spec §2: moderator's screens). */
  'categories.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /** See and search the project's tags (authors and teachers pick them for exercises). */
  'tags.read': { scope: 'workspace', roles: ['root', 'moderator', 'author', 'teacher'] },
  /** Create, rename, merge and delete the project's tags. */
  'tags.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /**
   * Read the project's exercises: moderators all, authors their own, open requests and the accepted
   * library, teachers the accepted library (`exerciseReadScope`).
   */
  'exercises.read': { scope: 'workspace', roles: ['moderator', 'author', 'teacher'] },
  /** Write exercises as an author: create drafts, take requests, edit and submit one's own (spec §6). */
  'exercises.author': { scope: 'workspace', roles: ['author'] },
  /** Moderate: file requests, accept and decline, edit and delete any exercise, bulk actions, stats. */
  'exercises.moderate': { scope: 'workspace', roles: ['moderator'] },
  /**
   * Theme accepted exercises per interest (spec §1 themed variants): check and generate, read,
   * toggle read-only and delete the variants.
   */
  'exercises.generate': { scope: 'workspace', roles: ['moderator'] },
  /** Read and change the project's auto-moderation rules (issue 6, `/auto-moderation`). */
  'exercises.autoModeration': { scope: 'workspace', roles: ['moderator', 'root'] },
  /** Like and dislike exercises one can read (spec §4). */
  'exercises.vote': { scope: 'workspace', roles: ['moderator', 'author', 'teacher'] },
  /** See the project's themes and their assets (spec §2 /preview-themes, /theme-assets-preview). */
  'themes.read': { scope: 'workspace', roles: ['root', 'moderator', 'author', 'teacher'] },
  /** Create, edit, share, toggle ready, delete themes and set their assets (spec §2 /themes, /theme-assets). */
  /** Also what sharing a theme with a project, or ending a share, needs in that project. */
  'themes.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /**
   * See protocol templates (spec §2: moderators all, teachers a read-only list): moderators every
   * template as written, teachers the published ones and their own (`templateReadScope`).
   */
  'protocolTemplates.read': { scope: 'workspace', roles: ['root', 'moderator', 'teacher'] },
  /** Write templates: create one's own, change one's own (spec §2: /edit-template is the teacher's too). */
  'protocolTemplates.write': { scope: 'workspace', roles: ['root', 'moderator', 'teacher'] },
  /** Send one's own template for review, or take it back (a moderator publishes their own instead). */
  'protocolTemplates.submit': { scope: 'workspace', roles: ['teacher'] },
  /** Keep plans (protocols) of one's own students, made from published templates (spec §2 teacher). */
  'plans.manage': { scope: 'workspace', roles: ['teacher'] },
  /**
   * Prepare, fill and finish the lessons of one's own plans (spec §2 /lessons-list, /edit-lesson;
   * a diagnostician acts as a teacher).
   */
  'lessons.manage': { scope: 'workspace', roles: ['teacher'] },
  /**
   * Read the project's lessons held, per teacher and per day, and export them as CSV (spec §2
   * /lessons-stats; root too, who reads every project's users as well).
   */
  'lessonStatistics.read': { scope: 'workspace', roles: ['root', 'manager'] },
  /** Review templates: change and delete any, publish them, return them to their writers (spec §1). */
  'protocolTemplates.moderate': { scope: 'workspace', roles: ['root', 'moderator'] },
  /**
   * Read the project's diagnostic cards: moderators every card as written, teachers (and the
   * diagnosticians among them) the published ones they fill (issue 16, `diagnosticCardReadScope`).
   */
  'diagnosticCards.read': { scope: 'workspace', roles: ['root', 'moderator', 'teacher'] },
  /** Build, change, publish and delete the project's diagnostic cards (spec §2 /diagnostic-cards). */
  'diagnosticCards.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /** Read course templates: moderators every one as written, teachers the published ones they start courses from. */
  'courseTemplates.read': { scope: 'workspace', roles: ['root', 'moderator', 'teacher'] },
  /** Build, change, publish and delete the project's course templates (spec §2 /course-templates). */
  'courseTemplates.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /** Start courses on one's own students' plans and apply or keep their templates' changes (issue 30). */
  'courses.manage': { scope: 'workspace', roles: ['teacher'] },
  /**
   * Diagnose students: start, fill, complete and send diagnoses of one's own students and of the
   * students one is assigned to as a diagnostician (spec §2 /manage-client-dc; issue 16).
   */
  'diagnoses.manage': { scope: 'workspace', roles: ['teacher'] },
  /** See the students assigned to oneself as a diagnostician, across the project's teachers (spec §2). */
  'diagnoses.assigned': { scope: 'workspace', roles: ['diagnostician'] },
  /**
   * Assign a student to the project's diagnosticians: a teacher her own students, root and admins
   * any student of the project (issue 16 item 5).
   */
  'diagnosticians.assign': { scope: 'workspace', roles: ['root', 'admin', 'teacher'] },
  /**
   * Read stories (spec §2 /histories, /histories-preview): moderators every story as written,
   * authors their own and the published ones, teachers the published ones (`storyReadScope`).
   */
  'stories.read': { scope: 'workspace', roles: ['root', 'moderator', 'author', 'teacher'] },
  /** Write stories: create one's own and change it (authors), any (moderators); upload their images and sounds. */
  'stories.write': { scope: 'workspace', roles: ['root', 'moderator', 'author'] },
  /** Send one's own story for review, or take it back (a moderator publishes their own instead). */
  'stories.submit': { scope: 'workspace', roles: ['author'] },
  /** Review stories: publish them as the next version, return them to their writers (spec §6). */
  'stories.moderate': { scope: 'workspace', roles: ['root', 'moderator'] },
  /**
   * Read games (issue 31): moderators every game as written, with its themes; teachers the
   * published ones, to give them to their students.
   */
  'games.read': { scope: 'workspace', roles: ['root', 'moderator', 'teacher'] },
  /** Build games and game themes, upload their pictures and sounds, publish them (moderators only write games). */
  'games.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /** Give a published game to one's own student, make and withdraw its link, read the child's plays and progress. */
  'games.assign': { scope: 'workspace', roles: ['teacher'] },
  /** Read recommended programs and exercise complexes (spec §3; a teacher starts lessons from one). */
  'programs.read': { scope: 'workspace', roles: ['root', 'moderator', 'teacher'] },
  /** Keep the project's recommended programs and exercise complexes (issue 16 item 7). */
  'programs.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /**
   * See the shared asset library and download its files. Global: the library belongs to no project,
   * so a role held in any project is enough.
   */
  'assets.read': { scope: 'global', roles: ['root', 'moderator', 'author', 'teacher'] },
  /** Add, rename, retype and delete library assets and their files (spec §2 /manage-assets: root). */
  'assets.manage': { scope: 'global', roles: ['root'] },
  /** Turn the project's free-lesson booking on or off, get its page's link, set its rules (issue 28). */
  'booking.settings': { scope: 'workspace', roles: ['root', 'admin'] },
  /** See bookings and a teacher's week: managers the project's, teachers their own (`bookingScope`). */
  'booking.read': { scope: 'workspace', roles: ['root', 'manager', 'teacher'] },
  /**
   * Keep availability and consultation groups, and record what became of a booking (held, no-show,
   * cancelled): managers for the project's teachers, a teacher for herself.
   */
  'booking.manage': { scope: 'workspace', roles: ['root', 'manager', 'teacher'] },
  /** Make a student of one's own booking (spec §7 /appointment/client). */
  'booking.convert': { scope: 'workspace', roles: ['teacher'] },
  /**
   * The referrals report (issue 29 item 3): families, who brought whom, bonus balances and history;
   * record renewals and payments, grant and cancel bonus sessions, link a student to its referrer.
   */
  'referrals.manage': { scope: 'workspace', roles: ['root', 'manager'] },
  /** Keep the school's contacts the parents' dashboard shows (issue 29): the project's settings. */
  'families.contacts': { scope: 'workspace', roles: ['root', 'admin'] },
  /** See the parents' call-back requests, mark them done, ask the phone agent again (issue 29). */
  'callRequests.manage': { scope: 'workspace', roles: ['root', 'manager'] },
  /** Set the project's phone agent: its address, its token (write-only) and its wait (issue 29). */
  'callRequests.agent': { scope: 'workspace', roles: ['root', 'admin'] },
  /** Keep the project's merchandise offers: kinds, sizes, photos, prices, shown or hidden (issue 29). */
  'merch.offers': { scope: 'workspace', roles: ['root', 'admin'] },
  /** See the families' merchandise orders and mark them in progress, sent or cancelled (issue 29). */
  'merch.orders': { scope: 'workspace', roles: ['root', 'manager'] },
  /**
   * Problem reports (issue 33 item 1): anyone signed in reports a problem from any screen, with
   * files, and follows and answers their own reports.
   */
  'tickets.report': { scope: 'workspace', roles: STAFF },
  /** Work the project's problem reports: spec §4's actions, comments, merging duplicates. */
  'tickets.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /**
   * Check that presentations can be shown here (issue 33 item 6, `/sharepoint-test`): render an
   * uploaded deck and see its slides and the time it took; nothing is kept. Global: it touches no
   * project. The roles that make, moderate or show decks.
   */
  'sharepointTest.run': { scope: 'global', roles: ['root', 'moderator', 'author', 'teacher'] },
  // Contractors' reports and acts (issue 33 item 2, spec §2 /reports).
  /**
   * The contractors' reports on /reports: the accepted content per contractor in a range, the rates
   * per type and currency, items excluded and included again, the contractors' details, the acts
   * issued and their PDFs.
   */
  'acts.manage': { scope: 'workspace', roles: ['root', 'moderator'] },
  /**
   * Read a contractor's passport and tax id whole, in the details and the acts' PDFs; everyone else
   * sees them masked (moderators may still type them in).
   */
  'acts.personalData': { scope: 'workspace', roles: ['root'] },
  // Running the school (issue 33 items 3 and 4): the interface's texts and the environments' settings.
  /** Find, change, publish, export and import the interface's texts, and read their history (root). */
  'translations.manage': { scope: 'global', roles: ['root'] },
  /** Read each environment's settings with those kept elsewhere, and the history of their changes (root). */
  'settings.read': { scope: 'global', roles: ['root'] },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/**
 * Whether a role, acting as itself, may do an action. Admin and diagnostician may also whatever
 * their base role (manager, teacher) may.
 */
export function roleMay(role: RoleName, action: Action): boolean {
  const allowed = PERMISSIONS[action].roles as readonly RoleName[];
  return effectiveRoles([role]).some((held) => allowed.includes(held));
}

/** Whether any of the given roles may do an action. */
export function rolesMay(roles: readonly RoleName[], action: Action): boolean {
  return roles.some((role) => roleMay(role, action));
}
