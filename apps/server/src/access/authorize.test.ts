import {
  ACTIONS,
  PERMISSIONS,
  ROLE,
  ROLE_NAMES,
  roleMay,
  type Action,
  type RoleName,
} from '@logoschool/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clients, type UserRow, type WorkspaceRow } from '../db/schema/index.ts';
import { encodePng } from '../db/demo/encode.ts';
import { stories } from '../modules/stories/index.ts';
import { useTestApp } from '../test/app.ts';
import { buildBooking } from '../test/booking.ts';
import {
  addMembership,
  bearer,
  buildMember,
  buildUser,
  buildExercise,
  buildTemplate,
  buildWorkspace,
  tokenFor,
} from '../test/factories.ts';
import { filePart, multipartForm } from '../test/multipart.ts';
import { pptxDeck } from '../test/pptx.ts';
import { PPTX_MIME } from '../files/pptx-deck.ts';

const t = useTestApp();

/** What a request for an action needs: the project it acts in, the role it acts as, a target user. */
interface RequestContext {
  workspaceId: number;
  roleId: number;
  target: UserRow;
  /** An accepted exercise of the project, by the target user. */
  exerciseId: number;
  /** A draft protocol template by the caller (or the target user), its block's category and folder. */
  template: { id: number; categoryId: number; folderId: number };
  /** A student of the caller (or the target user). */
  clientId: number;
  /** A teacher of the project whose availability the caller reaches: herself when acting as a teacher. */
  teacherId: number;
  /** A confirmed free lesson of the caller (or the target user) that started an hour ago. */
  bookingId: number;
  /** A story by the caller (or the target user), in review. */
  storyId: number;
}

/**
 * One real request per action of the permission table. A workspace action names its project and
 * the role it acts as; a global action ignores both.
 */
const ACTION_REQUESTS: Record<Action, (ctx: RequestContext) => InjectOptions> = {
  'workspaces.read': (ctx) => ({
    method: 'GET',
    url: `/api/workspaces/${ctx.workspaceId}?role_id=${ctx.roleId}`,
  }),
  'auth.loginAsUser': (ctx) => ({
    method: 'POST',
    url: '/api/login-as-user',
    payload: { user_id: ctx.target.id },
  }),
  'settings.write': () => ({
    method: 'POST',
    url: '/api/storage/app_settings',
    payload: { vacancy_url: 'https://x.test' },
  }),
  'auditLog.read': () => ({ method: 'GET', url: '/api/audit-log' }),
  'workspaces.manage': () => ({ method: 'GET', url: '/api/workspaces' }),
  'workspaces.archive': (ctx) => ({
    method: 'POST',
    url: `/api/workspaces/${ctx.workspaceId}/archive?role_id=${ctx.roleId}`,
  }),
  'clients.manage': (ctx) => ({
    method: 'GET',
    url: `/api/clients?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'dashboard.read': () => ({ method: 'GET', url: '/api/dashboard' }),
  'users.list': (ctx) => ({
    method: 'GET',
    url: `/api/users?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'users.manage': (ctx) => ({
    method: 'PUT',
    url: `/api/users/user?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { user_id: ctx.target.id, roles: ['teacher'], is_active: true },
  }),
  'users.changeEnvironment': (ctx) => ({
    method: 'POST',
    url: '/api/users/user/environment',
    payload: { user_id: ctx.target.id, env_id: 2 },
  }),
  'users.invite': (ctx) => ({
    method: 'POST',
    url: `/api/invitations/invite?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: {
      email: `invitee-${ctx.target.id}@example.test`,
      workspace_id: ctx.workspaceId,
      roles: ['teacher'],
    },
  }),
  'mails.read': () => ({ method: 'GET', url: '/api/mails' }),
  'categories.read': (ctx) => ({
    method: 'GET',
    url: `/api/workspaces/${ctx.workspaceId}/categories?role_id=${ctx.roleId}`,
  }),
  'categories.manage': (ctx) => ({
    method: 'PUT',
    url: `/api/workspaces/${ctx.workspaceId}/categories?role_id=${ctx.roleId}`,
    payload: { workspace_id: ctx.workspaceId, items: [] },
  }),
  'tags.read': (ctx) => ({
    method: 'GET',
    url: `/api/workspaces/${ctx.workspaceId}/tags?role_id=${ctx.roleId}`,
  }),
  'tags.manage': (ctx) => ({
    method: 'POST',
    url: `/api/workspaces/${ctx.workspaceId}/tags?role_id=${ctx.roleId}`,
    payload: { name: 'warm-up' },
  }),
  'exercises.read': (ctx) => ({
    method: 'GET',
    url: `/api/exercises?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'exercises.author': (ctx) => ({
    method: 'GET',
    url: `/api/exercises/for-author?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'exercises.moderate': (ctx) => ({
    method: 'GET',
    url: `/api/exercises/stats?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}&start_date=2025-01-01&end_date=2025-12-31`,
  }),
  'exercises.generate': (ctx) => ({
    method: 'GET',
    url: `/api/exercises/${ctx.exerciseId}/generated?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'exercises.autoModeration': (ctx) => ({
    method: 'GET',
    url: `/api/exercises/auto-moderation?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'exercises.vote': (ctx) => ({
    method: 'POST',
    url: `/api/exercises/${ctx.exerciseId}/like?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'themes.read': (ctx) => ({
    method: 'GET',
    url: `/api/themes?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'themes.manage': (ctx) => ({
    method: 'POST',
    url: `/api/themes?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { name: 'Cars', genders: ['boy'], age_from: 4, age_to: 7, type: 'general' },
  }),
  'protocolTemplates.read': (ctx) => ({
    method: 'GET',
    url: `/api/templates?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'protocolTemplates.write': (ctx) => ({
    method: 'POST',
    url: `/api/templates?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: {
      title: 'Sound [R]',
      description: 'Setting the sound',
      blocks: [
        {
          target: 'Articulation',
          category_id: ctx.template.categoryId,
          min_presentations: 1,
          max_presentations: 2,
          folders: [{ category_id: ctx.template.folderId }],
        },
      ],
    },
  }),
  'protocolTemplates.submit': (ctx) => ({
    method: 'POST',
    url: `/api/templates/${ctx.template.id}/status?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { action: 'submit' },
  }),
  'plans.manage': (ctx) => ({
    method: 'GET',
    url: `/api/protocols?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}&filter=toFill`,
  }),
  'lessons.manage': (ctx) => ({
    method: 'GET',
    url: `/api/lessons?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}&status=open`,
  }),
  'lessonStatistics.read': (ctx) => ({
    method: 'GET',
    url: `/api/users/lesson-statistic/all?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}&from=2026-01-01&to=2026-01-31`,
  }),
  'protocolTemplates.moderate': (ctx) => ({
    method: 'POST',
    url: `/api/templates/${ctx.template.id}/review?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { action: 'publish' },
  }),
  'assets.read': () => ({ method: 'GET', url: '/api/assets?type=background' }),
  'assets.manage': () => ({
    method: 'POST',
    url: '/api/assets',
    ...multipartForm([
      { name: 'name', value: 'Sky' },
      { name: 'type', value: 'background' },
      filePart(encodePng(1, 1, new Uint8Array([90, 160, 255, 255])), 'sky.png', 'image/png'),
    ]),
  }),
  'clients.replicate': (ctx) => ({
    method: 'GET',
    url: `/api/replicate-client/teachers?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'programs.read': (ctx) => ({
    method: 'GET',
    url: `/api/recommended-programs?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}&kind=program`,
  }),
  'programs.manage': (ctx) => ({
    method: 'POST',
    url: `/api/recommended-programs?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: {
      kind: 'program',
      name: 'Sound [R]',
      items: [{ exercise_id: ctx.exerciseId, note: 'Daily' }],
    },
  }),
  'diagnosticCards.read': (ctx) => ({
    method: 'GET',
    url: `/api/diagnostic-cards?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'diagnosticCards.manage': (ctx) => ({
    method: 'POST',
    url: `/api/diagnostic-cards?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: {
      title: 'Speech screening',
      language: 'en',
      blocks: [
        {
          title: 'Sounds',
          questions: [{ code: 'q1', text: 'How does the child say R?', type: 'short_text' }],
        },
      ],
    },
  }),
  'courseTemplates.read': (ctx) => ({
    method: 'GET',
    url: `/api/course-templates?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'courseTemplates.manage': (ctx) => ({
    method: 'POST',
    url: `/api/course-templates?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: {
      name: 'Sound [R] course',
      language: 'en',
      lessons: [{ title: 'First', exercise_ids: [ctx.exerciseId] }],
    },
  }),
  'courses.manage': (ctx) => ({
    method: 'GET',
    url: `/api/courses?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'stories.read': (ctx) => ({
    method: 'GET',
    url: `/api/histories?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'stories.write': (ctx) => ({
    method: 'POST',
    url: `/api/histories?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { title: 'The fox and the drum', language: 'en', age_from: 4, age_to: 7 },
  }),
  'stories.submit': (ctx) => ({
    method: 'POST',
    url: `/api/histories/${ctx.storyId}/submit?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { action: 'withdraw' },
  }),
  'stories.moderate': (ctx) => ({
    method: 'POST',
    url: `/api/histories/${ctx.storyId}/review?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { action: 'return', comment: 'Shorter slides, please.' },
  }),
  'games.read': (ctx) => ({
    method: 'GET',
    url: `/api/games?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'games.manage': (ctx) => ({
    method: 'POST',
    url: `/api/games/files?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    ...multipartForm([
      filePart(encodePng(1, 1, new Uint8Array([250, 160, 0, 255])), 'coin.png', 'image/png'),
    ]),
  }),
  'games.assign': (ctx) => ({
    method: 'GET',
    url: `/api/game-progresses?client_id=${ctx.clientId}&workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'diagnoses.manage': (ctx) => ({
    method: 'GET',
    url: `/api/clients/${ctx.clientId}/diagnoses?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'diagnoses.assigned': (ctx) => ({
    method: 'GET',
    url: `/api/diagnostician/clients?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'diagnosticians.assign': (ctx) => ({
    method: 'GET',
    url: `/api/diagnosticians?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'crm.manage': (ctx) => ({
    method: 'GET',
    url: `/api/workspaces/${ctx.workspaceId}/crm-token?role_id=${ctx.roleId}`,
  }),
  'booking.settings': (ctx) => ({
    method: 'GET',
    url: `/api/booking/settings?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'families.contacts': (ctx) => ({
    method: 'GET',
    url: `/api/school-contacts?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'booking.read': (ctx) => ({
    method: 'GET',
    url: `/api/booking/teachers?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'booking.manage': (ctx) => ({
    method: 'POST',
    url: `/api/bookings/${ctx.bookingId}/status?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { status: 'held' },
  }),
  'booking.convert': (ctx) => ({
    method: 'POST',
    url: `/api/appointment/client?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
    payload: { booking_id: ctx.bookingId },
  }),
  'referrals.manage': (ctx) => ({
    method: 'GET',
    url: `/api/referrals?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'callRequests.manage': (ctx) => ({
    method: 'GET',
    url: `/api/call-requests?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'callRequests.agent': (ctx) => ({
    method: 'GET',
    url: `/api/call-requests/agent?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'merch.offers': (ctx) => ({
    method: 'GET',
    url: `/api/merch/offers?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'merch.orders': (ctx) => ({
    method: 'GET',
    url: `/api/merch/orders?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'tickets.report': (ctx) => ({
    method: 'GET',
    url: `/api/report-tickets/mine?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'tickets.manage': (ctx) => ({
    method: 'GET',
    url: `/api/report-tickets?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  // A deck without slides: answered at once, without a LibreOffice run per role.
  'sharepointTest.run': () => ({
    method: 'POST',
    url: '/api/sharepoint-test',
    ...multipartForm([filePart(pptxDeck([]), 'empty.pptx', PPTX_MIME)]),
  }),
  'acts.manage': (ctx) => ({
    method: 'GET',
    url: `/api/acts/rates?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'acts.personalData': (ctx) => ({
    method: 'GET',
    url: `/api/acts/contractors/${ctx.target.id}/personal-data?workspace_id=${ctx.workspaceId}&role_id=${ctx.roleId}`,
  }),
  'translations.manage': () => ({ method: 'GET', url: '/api/translations/summary' }),
  'settings.read': () => ({ method: 'GET', url: '/api/settings' }),
};

const WORKSPACE_ACTIONS = ACTIONS.filter((action) => PERMISSIONS[action].scope === 'workspace');

/** Actions whose request above creates something, answered 201; the others answer 200. */
const CREATING: ReadonlySet<Action> = new Set<Action>([
  'tags.manage',
  'protocolTemplates.write',
  'diagnosticCards.manage',
  'courseTemplates.manage',
  'stories.write',
  'games.manage',
  'users.invite',
  'themes.manage',
  'assets.manage',
  'programs.manage',
  'booking.convert',
]);
const successStatus = (action: Action) => (CREATING.has(action) ? 201 : 200);

/** A caller holding one role: root is a root user, every other role a member of the project. */
async function callerWith(role: RoleName, workspace: WorkspaceRow) {
  return role === 'root' ? buildUser(t.db, { isRoot: true }) : buildMember(t.db, workspace, [role]);
}

async function send(action: Action, ctx: RequestContext, token: string | null) {
  const options = ACTION_REQUESTS[action](ctx);
  // A form's own header (its content type) stays; the token is added to it.
  return t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
}

/** The objects the requests name; the template is the caller's own when a caller is given. */
async function context(workspace: WorkspaceRow, roleId: number, caller?: UserRow): Promise<RequestContext> {
  const target = await buildMember(t.db, workspace, ['teacher']);
  const exercise = await buildExercise(t.db, workspace.id, target.id);
  const { template, category, folder } = await buildTemplate(t.db, workspace.id, (caller ?? target).id);
  const [client] = await t.db
    .insert(clients)
    .values({
      workspaceId: workspace.id,
      teacherId: (caller ?? target).id,
      clientName: 'Iryna',
      childName: 'Taras',
    })
    .returning();
  const [story] = await t.db
    .insert(stories)
    .values({
      workspaceId: workspace.id,
      writerId: (caller ?? target).id,
      status: 'moderation',
      title: 'The fox',
      language: 'en',
      content: {
        title: 'The fox',
        description: '',
        language: 'en',
        age_from: 4,
        age_to: 7,
        sounds: [],
        category_ids: [],
        episodes: [],
      },
    })
    .returning();
  return {
    workspaceId: workspace.id,
    roleId,
    target,
    storyId: story!.id,
    exerciseId: exercise.id,
    template: { id: template.id, categoryId: category.id, folderId: folder.id },
    clientId: client!.id,
    teacherId: caller && (roleId === ROLE.teacher || roleId === ROLE.diagnostician) ? caller.id : target.id,
    bookingId: (
      await buildBooking(t.db, {
        workspaceId: workspace.id,
        teacherId: (caller ?? target).id,
        startsAt: new Date(Date.now() - 3600_000),
      })
    ).id,
  };
}

/**
 * How a project the caller cannot act in at all is refused: named in the path, it is an object the
 * caller cannot see (404); named in the query (`workspace_id`), a role not held there (403).
 */
function refusedProject(action: Action, ctx: RequestContext) {
  return String(ACTION_REQUESTS[action](ctx).url).includes('workspace_id=')
    ? { status: 403, code: 'role_not_held' }
    : { status: 404, code: 'not_found' };
}

describe('the request table', () => {
  it('has one request for every action of the permission table', () => {
    expect(Object.keys(ACTION_REQUESTS).sort()).toEqual([...ACTIONS].sort());
  });
});

/**
 * Every role × every action, each role acting as itself (`role_id` of that role). Admin and
 * diagnostician may what the table gives them or their base role; acting as the base role itself
 * is tested below.
 */
describe.each(ACTIONS)('%s', (action) => {
  it.each(ROLE_NAMES)(`as %s: allowed exactly when the permission table says so`, async (role) => {
    const workspace = await buildWorkspace(t.db);
    const caller = await callerWith(role, workspace);
    const response = await send(
      action,
      await context(workspace, ROLE[role], caller),
      await tokenFor(t.db, caller),
    );
    if (roleMay(role, action)) {
      expect(response.statusCode, response.body).toBe(successStatus(action));
      expect(response.json()).toHaveProperty('data');
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });

  it('answers 401 without a token', async () => {
    const workspace = await buildWorkspace(t.db);
    const response = await send(action, await context(workspace, ROLE.root), null);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('answers 401 for an unknown token', async () => {
    const workspace = await buildWorkspace(t.db);
    const response = await send(action, await context(workspace, ROLE.root), 'x'.repeat(43));
    expect(response.statusCode).toBe(401);
  });

  it('does not let an assignment that lists the root role act as root', async () => {
    const workspace = await buildWorkspace(t.db);
    const caller = await buildMember(t.db, workspace, ['root']);
    const ctx = await context(workspace, ROLE.root);
    const response = await send(action, ctx, await tokenFor(t.db, caller));
    // A workspace action sees no role held there at all; a global one is refused (403).
    expect(response.statusCode).toBe(
      PERMISSIONS[action].scope === 'workspace' ? refusedProject(action, ctx).status : 403,
    );
  });
});

describe.each(WORKSPACE_ACTIONS)('%s in a project', (action) => {
  const withRole = (workspace: WorkspaceRow, roleId: number, caller?: UserRow) =>
    context(workspace, roleId, caller);

  it.each([
    ['admin', 'manager'],
    ['diagnostician', 'teacher'],
  ] as const)('lets a %s act as a %s', async (role, base) => {
    const workspace = await buildWorkspace(t.db);
    const caller = await buildMember(t.db, workspace, [role]);
    const token = await tokenFor(t.db, caller);
    const response = await send(action, await withRole(workspace, ROLE[base], caller), token);
    expect(response.statusCode).toBe(roleMay(base, action) ? successStatus(action) : 403);
  });

  it('refuses a project the caller is not a member of (404 when the path names it)', async () => {
    const own = await buildWorkspace(t.db);
    const other = await buildWorkspace(t.db);
    const caller = await buildMember(t.db, own, ['manager']);
    const ctx = await withRole(other, ROLE.manager);
    const response = await send(action, ctx, await tokenFor(t.db, caller));
    expect(response.statusCode).toBe(refusedProject(action, ctx).status);
    expect(response.json().code).toBe(refusedProject(action, ctx).code);
  });

  it('answers 403 role_not_held for a role the caller does not hold there', async () => {
    const workspace = await buildWorkspace(t.db);
    const other = await buildWorkspace(t.db);
    const caller = await buildMember(t.db, workspace, ['teacher']);
    await addMembership(t.db, caller, other, ['manager']);
    const token = await tokenFor(t.db, caller);
    for (const role of ['manager', 'moderator', 'author', 'admin', 'diagnostician', 'root'] as const) {
      const response = await send(action, await withRole(workspace, ROLE[role]), token);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().code, role).toBe('role_not_held');
    }
    // Root acts only as root, in every project.
    const root = await buildUser(t.db, { isRoot: true });
    const asManager = await send(action, await withRole(workspace, ROLE.manager), await tokenFor(t.db, root));
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().code).toBe('role_not_held');
  });

  it('answers 422 for a role_id that is no role', async () => {
    const workspace = await buildWorkspace(t.db);
    const caller = await buildMember(t.db, workspace, ['manager']);
    const response = await send(action, await withRole(workspace, 99), await tokenFor(t.db, caller));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['role_id']);
  });

  it.each([
    ['an inactive assignment', { isActive: false }],
    ['an archived assignment', { archived: true }],
  ])('refuses %s as a project the caller is not in', async (_case, options) => {
    const workspace = await buildWorkspace(t.db);
    const caller = await buildMember(t.db, workspace, ['manager'], options);
    // Another project keeps the caller able to sign in at all.
    await addMembership(t.db, caller, await buildWorkspace(t.db), ['teacher']);
    const ctx = await withRole(workspace, ROLE.manager);
    const response = await send(action, ctx, await tokenFor(t.db, caller));
    expect(response.statusCode).toBe(refusedProject(action, ctx).status);
    expect(response.json().code).toBe(refusedProject(action, ctx).code);
  });

  it('refuses a member of an archived project as one not in it', async () => {
    const workspace = await buildWorkspace(t.db, { archived: true });
    const caller = await buildMember(t.db, workspace, ['manager']);
    const ctx = await withRole(workspace, ROLE.manager);
    const response = await send(action, ctx, await tokenFor(t.db, caller));
    expect(response.statusCode).toBe(refusedProject(action, ctx).status);
  });

  it('lets root into any existing project, archived or not, and answers 404 for a missing one', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const token = await tokenFor(t.db, root);
    for (const workspace of [await buildWorkspace(t.db), await buildWorkspace(t.db, { archived: true })]) {
      const response = await send(action, await withRole(workspace, ROLE.root), token);
      // Root is let in, and the permission table decides; archiving a project that already is
      // archived, or inviting people to it, is then refused for its state.
      const refusedForState =
        workspace.archived && (action === 'workspaces.archive' || action === 'users.invite');
      const expected = !roleMay('root', action) ? 403 : refusedForState ? 409 : successStatus(action);
      expect(response.statusCode, response.body).toBe(expected);
    }
    const missingCtx = {
      workspaceId: 2_000_000_000,
      roleId: ROLE.root,
      target: await buildUser(t.db),
      exerciseId: 2_000_000_000,
      template: { id: 2_000_000_000, categoryId: 2_000_000_000, folderId: 2_000_000_000 },
      clientId: 2_000_000_000,
      teacherId: 2_000_000_000,
      bookingId: 2_000_000_000,
      storyId: 2_000_000_000,
    };
    const missing = await send(action, missingCtx, token);
    expect(missing.statusCode).toBe(refusedProject(action, missingCtx).status);
    expect(missing.json().code).toBe(refusedProject(action, missingCtx).code);
  });
});

describe('a workspace id in the path', () => {
  it.each(['abc', '-1', '0', '1.5', '2147483648', '99999999999999999999'])(
    'answers 404 for %j',
    async (id) => {
      const root = await buildUser(t.db, { isRoot: true });
      const response = await t.app.inject({
        url: `/api/workspaces/${id}?role_id=${ROLE.root}`,
        headers: bearer(await tokenFor(t.db, root)),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    },
  );
});

describe('without role_id', () => {
  it('acts as the highest role held in the named project, not in another', async () => {
    const school = await buildWorkspace(t.db);
    const second = await buildWorkspace(t.db);
    const caller = await buildMember(t.db, school, ['moderator']);
    await addMembership(t.db, caller, second, ['diagnostician']);
    const token = await tokenFor(t.db, caller);
    for (const workspace of [school, second]) {
      const response = await t.app.inject({ url: `/api/workspaces/${workspace.id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.workspaceId).toBe(workspace.id);
    }
    const asModerator = await t.app.inject({
      url: `/api/workspaces/${second.id}?role_id=${ROLE.moderator}`,
      headers: bearer(token),
    });
    expect(asModerator.json().code).toBe('role_not_held');
  });
});

describe('global actions', () => {
  it.each(ACTIONS.filter((action) => PERMISSIONS[action].scope === 'global'))(
    '%s: refused to a manager and admin of every project, allowed to root without any project',
    async (action) => {
      const school = await buildWorkspace(t.db);
      const manager = await buildMember(t.db, school, ['manager', 'admin']);
      await addMembership(t.db, manager, await buildWorkspace(t.db), ['manager', 'admin']);
      const ctx = await context(school, ROLE.manager);
      expect((await send(action, ctx, await tokenFor(t.db, manager))).statusCode).toBe(403);
      const root = await buildUser(t.db, { isRoot: true });
      expect((await send(action, ctx, await tokenFor(t.db, root))).statusCode).toBe(successStatus(action));
    },
  );
});
