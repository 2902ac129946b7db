import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer } from '../test/factories.ts';
import fs from 'node:fs';
import path from 'node:path';
import {
  ANSWER_TYPES,
  ROLE,
  checkCard,
  diagnosticCardInput,
  todayIso,
  weekStart,
  type Lesson,
  type LessonCheck,
  type LessonListItem,
  type Plan,
  type PlanFillResultView,
  type PlanSupplyView,
  type StudentProgress,
  type Theme,
} from '@logoschool/contract';
import { detectFileType } from '../files/file-type.ts';
import { DEMO_ASSETS, DEMO_THEMES } from './demo-assets.ts';
import { DEMO_CATEGORIES, DEMO_PASSWORD, DEMO_TAGS, DEMO_USERS, isEmpty, seedDemo } from './seed.ts';
import { DEMO_STUDENTS, DEMO_TEMPLATES } from './demo/demo-plans.ts';
import { DEMO_PLAYED, DEMO_WEEK } from './seed-lessons.ts';
import { DEMO_DIAGNOSED_CHILD, DEMO_DIAGNOSES, DEMO_PROGRAMS, demoCardInput } from './seed-diagnostics.ts';
import { computedValues } from '../modules/diagnostics/index.ts';
import {
  assetFiles,
  assets,
  categories,
  clientDiagnosticians,
  clients,
  diagnoses,
  diagnosticCards,
  exercises,
  recommendedProgramItems,
  recommendedPrograms,
  lessonPresentations,
  lessons,
  protocolTemplates,
  protocols,
  tags,
  themeAssets,
  themes,
  themeShares,
  users,
  publicLinks,
} from './schema/index.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../test/database.ts';

const t = useTestApp();

describe('the demo school', { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('is created once into an empty database, and a second run adds nothing', async () => {
    expect(await isEmpty(t.db)).toBe(true);
    expect(await seedDemo(t.db, t.app.files)).toBe(DEMO_USERS.length);
    expect(await isEmpty(t.db)).toBe(false);
    expect(await seedDemo(t.db, t.app.files)).toBe(0);
    const [row] = await t.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(row?.count).toBe(DEMO_USERS.length);
  });

  it.each(DEMO_USERS.map((user) => [user.email, user] as const))(
    '%s signs in and check-token lists their projects and roles',
    async (email, demo) => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const me = await t.app.inject({ url: '/api/check-token', headers: bearer(login.json().data.token) });
      expect(me.statusCode).toBe(200);
      const user = me.json().data;
      expect(user.is_root).toBe(demo.isRoot ?? false);
      const held = Object.fromEntries(
        user.assignments.map((a: { workspaceTitle: string; roles: string[] }) => [a.workspaceTitle, a.roles]),
      );
      expect(held).toEqual(demo.roles);
    },
  );

  it('writes no vacancy link into the app settings (the server configures them)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'root@demo.test', password: DEMO_PASSWORD },
    });
    const token = login.json().data.token;
    for (const envId of [1, 2]) {
      const settings = await t.app.inject({
        url: '/api/storage/app_settings',
        headers: { ...bearer(token), 'x-env-id': String(envId) },
      });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().data?.vacancy_url).toBeUndefined();
    }
  });

  it('gives the Demo school its category tree, three levels deep, and its tags, once', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'moderator@demo.test', password: DEMO_PASSWORD },
    });
    const { token, user } = login.json().data;
    const school = user.assignments[0].workspaceId;
    const tree = await t.app.inject({ url: `/api/workspaces/${school}/categories`, headers: bearer(token) });
    expect(tree.statusCode).toBe(200);
    const nodes: { name: string; order: number; children: unknown[] }[] = tree.json().data;
    expect(nodes.map((node) => node.name)).toEqual(DEMO_CATEGORIES.map((node) => node.name));
    expect(nodes.map((node) => node.order)).toEqual(DEMO_CATEGORIES.map((_, index) => index));
    const sounds = tree.json().data[0];
    expect(sounds.children[0].name).toBe('Свистячі звуки');
    expect(sounds.children[0].children.map((node: { name: string }) => node.name)).toEqual([
      '[С]',
      '[З]',
      '[Ц]',
    ]);
    const list = await t.app.inject({ url: `/api/workspaces/${school}/tags`, headers: bearer(token) });
    const tagNames: string[] = list.json().data.map((tag: { name: string }) => tag.name);
    expect(tagNames.sort()).toEqual([...DEMO_TAGS].sort());

    const counts = async () =>
      Promise.all(
        [categories, tags].map(async (table) => {
          const [row] = await t.db.select({ count: sql<number>`count(*)::int` }).from(table);
          return row?.count;
        }),
      );
    const before = await counts();
    await seedDemo(t.db, t.app.files);
    expect(await counts()).toEqual(before);
  });

  it('gives the Demo school its themes with assets from a library of real files, once', async () => {
    const signIn = async (email: string) => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      return login.json().data as {
        token: string;
        user: { assignments: { workspaceId: number; workspaceTitle: string }[] };
      };
    };
    const moderator = await signIn('moderator@demo.test');
    const school = moderator.user.assignments[0]!.workspaceId;
    const list = await t.app.inject({
      url: `/api/themes?workspace_id=${school}&role_id=${ROLE.moderator}`,
      headers: bearer(moderator.token),
    });
    const shown: Theme[] = list.json().data;
    expect(shown.map((theme) => theme.name).sort()).toEqual(DEMO_THEMES.map((theme) => theme.name).sort());
    for (const demo of DEMO_THEMES) {
      const theme = shown.find((candidate) => candidate.name === demo.name)!;
      expect(theme.assets.map((asset) => asset.name).sort(), demo.name).toEqual([...demo.assets].sort());
      expect(theme.genders.length).toBeGreaterThan(0);
      expect(theme.age_from).toBeLessThanOrEqual(theme.age_to);
    }
    const library = await t.app.inject({ url: '/api/assets', headers: bearer(moderator.token) });
    expect(library.json().data).toHaveLength(DEMO_ASSETS.length);
    for (const asset of library.json().data as { files: { file_url: string; mime: string }[] }[]) {
      const file = await t.app.inject({ url: asset.files[0]!.file_url, headers: bearer(moderator.token) });
      expect(file.statusCode).toBe(200);
      expect((await detectFileType(file.rawPayload))?.mime).toBe(asset.files[0]!.mime);
    }
    // A theme shared with the Second school is read there.
    const multi = await signIn('multi@demo.test');
    const second = multi.user.assignments.find((a) => a.workspaceTitle === 'Second school')!.workspaceId;
    const shared = await t.app.inject({
      url: `/api/themes?workspace_id=${second}&role_id=${ROLE.teacher}`,
      headers: bearer(multi.token),
    });
    expect(shared.json().data.map((theme: Theme) => theme.name)).toEqual(
      DEMO_THEMES.filter((theme) => theme.shared).map((theme) => theme.name),
    );

    const counts = async () =>
      Promise.all(
        [themes, themeShares, themeAssets, assets, assetFiles].map(async (table) => {
          const [row] = await t.db.select({ count: sql<number>`count(*)::int` }).from(table);
          return row?.count;
        }),
      );
    const stored = () => fs.readdirSync(path.join(t.app.config.dataDir, 'files', 'assets')).length;
    const [before, filesBefore] = [await counts(), stored()];
    await seedDemo(t.db, t.app.files);
    expect(await counts()).toEqual(before);
    expect(stored()).toBe(filesBefore);
  });

  it("has published templates and a draft, the teacher's students, and a plan in every status, one sent", async () => {
    await seedDemo(t.db, t.app.files);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'teacher@demo.test', password: DEMO_PASSWORD },
    });
    const { token, user } = login.json().data as {
      token: string;
      user: { assignments: { workspaceId: number; workspaceTitle: string }[] };
    };
    const school = user.assignments.find((a) => a.workspaceTitle === 'Demo school')!.workspaceId;
    const query = `workspace_id=${school}&role_id=${ROLE.teacher}`;
    const read = async (url: string) => {
      const response = await t.app.inject({
        url: `${url}${url.includes('?') ? '&' : '?'}${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    // The teacher reads the published templates (the moderator's draft is not hers to see).
    const templates = (await read('/api/templates')).data as { title: string; status: string }[];
    expect(templates.map((template) => template.status).sort()).toEqual(
      DEMO_TEMPLATES.filter((template) => template.publish).map(() => 'published'),
    );
    const [draft] = await t.db
      .select()
      .from(protocolTemplates)
      .where(sql`status = 'draft'`);
    expect(draft?.title).toBe(DEMO_TEMPLATES.find((template) => !template.publish)?.title);
    const students = (await read('/api/clients')).data as { child_name: string; themes: unknown[] }[];
    expect(students.map((student) => student.child_name).sort()).toEqual(
      DEMO_STUDENTS.map((student) => student.child).sort(),
    );
    expect(students.every((student) => student.themes.length > 0)).toBe(true);
    const plans = (await read('/api/protocols')).data as { status: string; sent_at: string | null }[];
    expect(new Set(plans.map((plan) => plan.status))).toEqual(new Set(['pending', 'active', 'expired']));
    expect(plans.filter((plan) => plan.sent_at !== null)).toHaveLength(1);
    // Each plan comes from the template written in its student's language (its parents read it).
    const made = await t.db
      .select({ language: clients.language, title: protocolTemplates.title })
      .from(protocols)
      .innerJoin(clients, eq(clients.id, protocols.clientId))
      .innerJoin(protocolTemplates, eq(protocolTemplates.id, protocols.templateId));
    expect(made).toHaveLength(plans.length);
    for (const plan of made) {
      expect(DEMO_TEMPLATES.find((template) => template.title === plan.title)?.language, plan.title).toBe(
        plan.language,
      );
    }
    expect(new Set(made.map((plan) => plan.language))).toEqual(
      new Set(DEMO_STUDENTS.map((student) => student.language)),
    );
    // A second run adds nothing.
    await seedDemo(t.db, t.app.files);
    expect((await read('/api/protocols')).meta.total).toBe(plans.length);
  });

  it('gives the demo teacher a week of lessons, Monday to Friday, filled by the rules, two finished', async () => {
    await seedDemo(t.db, t.app.files);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'teacher@demo.test', password: DEMO_PASSWORD },
    });
    const { token, user } = login.json().data as {
      token: string;
      user: { assignments: { workspaceId: number; workspaceTitle: string }[] };
    };
    const school = user.assignments.find((a) => a.workspaceTitle === 'Demo school')!.workspaceId;
    const read = async (url: string) => {
      const response = await t.app.inject({
        url: `${url}${url.includes('?') ? '&' : '?'}workspace_id=${school}&role_id=${ROLE.teacher}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const week = (await read(`/api/lessons?week=${todayIso()}`)).data as LessonListItem[];
    expect(week).toHaveLength(DEMO_WEEK.length);
    const monday = weekStart(todayIso());
    expect(week.map((lesson) => lesson.starts_at!.slice(0, 10))).toEqual(
      [0, 1, 2, 3, 4].map((day) =>
        new Date(Date.parse(`${monday}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    expect(week.map((lesson) => [lesson.client.child_name, lesson.number, lesson.status])).toEqual(
      DEMO_WEEK.map((demo) => [demo.child, demo.number, demo.finished ? 'finished' : 'open']),
    );
    for (const item of week) {
      const check = (await read(`/api/lessons/check-lesson?lesson_id=${item.id}`)).data as LessonCheck;
      expect(check.valid, JSON.stringify(check)).toBe(true);
      expect(item.blocks_ready).toBe(item.blocks_total);
    }
    // Each finished lesson left one presentation to its next lesson, which holds it at the end of its block.
    for (const item of week.filter((lesson) => lesson.status === 'finished')) {
      const finished = (await read(`/api/lesson/${item.id}`)).data as Lesson;
      const next = (await read(`/api/lesson/${finished.next_lesson_id}`)).data as Lesson;
      const kept = finished.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id));
      const moved = next.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id));
      expect(kept.length).toBeGreaterThan(0);
      expect(moved.some((id) => !kept.includes(id))).toBe(true);
    }
    // A second run adds nothing and changes nothing.
    const before = await t.db.select().from(lessonPresentations);
    await seedDemo(t.db, t.app.files);
    expect(await t.db.select().from(lessonPresentations)).toEqual(before);
    expect((await read('/api/lessons?per_page=100')).meta.total).toBe(
      (await t.db.select().from(lessons)).length,
    );
  });

  it('gives every demo plan enough exercises in its student’s language for all ten lessons, and fills them in it', async () => {
    await seedDemo(t.db, t.app.files);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'teacher@demo.test', password: DEMO_PASSWORD },
    });
    const { token, user } = login.json().data as {
      token: string;
      user: { assignments: { workspaceId: number; workspaceTitle: string }[] };
    };
    const school = user.assignments.find((a) => a.workspaceTitle === 'Demo school')!.workspaceId;
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await t.app.inject({
        method,
        url: `${url}${url.includes('?') ? '&' : '?'}workspace_id=${school}&role_id=${ROLE.teacher}`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const plans = (await call('GET', '/api/protocols?per_page=100')) as { id: number }[];
    expect(plans).toHaveLength(5);
    for (const { id } of plans) {
      let plan = (await call('GET', `/api/protocols/${id}`)) as Plan;
      // Maksym's plan waits for its folders: the teacher picks each block's first, as the seed does.
      if (plan.blocks.some((block) => block.folder_id === null)) {
        plan = (await call('PUT', `/api/protocols/${id}`, {
          deadline: plan.deadline,
          blocks: plan.blocks.map((block) => ({
            key: block.key,
            folder_id: block.folders[0]!.category_id,
            min_presentations: block.template_min,
            max_presentations: block.template_max,
          })),
        })) as Plan;
      }
      const lessonsOfPlan = async () =>
        (await call('GET', `/api/lessons?protocol_id=${id}&per_page=100`)) as LessonListItem[];
      const listed = await lessonsOfPlan();
      expect(listed).toHaveLength(10);
      const supply = (await call('GET', `/api/lessons/plan-supply?protocol_id=${id}`)) as PlanSupplyView;
      expect(supply.shortages, plan.template.title).toEqual([]);
      const open = listed.filter((lesson) => lesson.status !== 'finished').map((lesson) => lesson.number);
      expect(supply.lessons_to_fill).toEqual(open);
      const result = (await call('POST', '/api/exercises/generate-plan', {
        protocol_id: id,
      })) as PlanFillResultView;
      expect(result.filled, plan.template.title).toEqual(open);
      expect(result.shortages).toEqual([]);
      // Every lesson, those of the demo week too, holds each block's minimum in the student's language.
      const [student] = await t.db
        .select({ language: clients.language })
        .from(clients)
        .where(eq(clients.id, plan.client.id));
      for (const item of await lessonsOfPlan()) {
        const lesson = (await call('GET', `/api/lesson/${item.id}`)) as Lesson;
        lesson.blocks.forEach((block, index) =>
          expect(block.presentations.length).toBeGreaterThanOrEqual(plan.blocks[index]!.min_presentations),
        );
        const ids = lesson.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id));
        const languages = await t.db
          .select({ language: exercises.language })
          .from(exercises)
          .where(inArray(exercises.id, ids));
        expect(new Set(languages.map((row) => row.language)), plan.template.title).toEqual(
          new Set([student!.language]),
        );
      }
    }
  });

  it('gives Sofiia lessons played with marks in two plans, so that her path shows her progress', async () => {
    await seedDemo(t.db, t.app.files);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'teacher@demo.test', password: DEMO_PASSWORD },
    });
    const { token, user } = login.json().data as {
      token: string;
      user: { assignments: { workspaceId: number; workspaceTitle: string }[] };
    };
    const school = user.assignments.find((a) => a.workspaceTitle === 'Demo school')!.workspaceId;
    const read = async (url: string) => {
      const response = await t.app.inject({
        url: `${url}${url.includes('?') ? '&' : '?'}workspace_id=${school}&role_id=${ROLE.teacher}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const students = (await read(`/api/clients?term=${encodeURIComponent('Софія')}`)).data as {
      id: number;
      child_name: string;
    }[];
    const sofiia = students.find((student) => student.child_name === DEMO_DIAGNOSED_CHILD)!;
    const progress = (await read(`/api/clients/${sofiia.id}/progress`)).data as StudentProgress;
    // The template's three targets, each once though two plans have them.
    expect(progress.targets.map((target) => target.target)).toEqual(
      DEMO_TEMPLATES[0]!.blocks.map((block) => block.target),
    );
    const today = Date.parse(`${todayIso()}T00:00:00Z`);
    const played = DEMO_PLAYED.map((demo) =>
      new Date(today - demo.daysAgo * 86_400_000 + (demo.hour * 60 + 45) * 60_000).toISOString(),
    );
    const [first] = progress.targets;
    // The earlier plan's two lessons, when they ended, then this week's first.
    expect(first!.points.map((point) => [point.number, point.date])).toEqual([
      [1, played[0]],
      [2, played[1]],
      [1, expect.any(String)],
    ]);
    expect(new Set(first!.points.map((point) => point.plan_id)).size).toBe(2);
    for (const target of progress.targets) {
      expect(target.points.length).toBeGreaterThanOrEqual(2);
      // Better from lesson to lesson.
      const accuracy = target.points.map((point) => point.accuracy);
      expect([...accuracy].sort((a, b) => a - b)).toEqual(accuracy);
      expect(accuracy.at(-1)).toBeGreaterThan(accuracy[0]!);
    }
  });

  it('has a published speech-screening card of every answer type, programs, and two diagnoses of Sofiia a month apart, one sent', async () => {
    expect(diagnosticCardInput.safeParse(demoCardInput(1)).success).toBe(true);
    const programs = await t.db.select().from(recommendedPrograms);
    expect(programs.map((row) => [row.kind, row.name])).toEqual(
      DEMO_PROGRAMS.map((program) => [program.kind, program.name]),
    );
    const items = await t.db.select().from(recommendedProgramItems);
    expect(items).toHaveLength(DEMO_PROGRAMS.reduce((sum, program) => sum + program.items.length, 0));
    const [program] = programs;

    const [card, ...more] = await t.db.select().from(diagnosticCards);
    expect(more).toEqual([]);
    expect(card).toMatchObject({ status: 'published', version: 1, language: 'uk' });
    const content = card!.content;
    const types = new Set(
      content.blocks.flatMap((block) => block.questions.map((question) => question.type)),
    );
    expect([...types].sort()).toEqual([...ANSWER_TYPES].sort());
    // The formulas are valid in the formula language, and a band points at the demo program.
    expect(checkCard(content)).toEqual([]);
    expect(content.computed).toHaveLength(2);
    expect(content.computed.flatMap((block) => block.bands.map((band) => band.program_id))).toContain(
      program!.id,
    );

    const [sofiia] = await t.db
      .select()
      .from(clients)
      .where(sql`${clients.childName} = ${DEMO_DIAGNOSED_CHILD}`);
    expect(sofiia?.language).toBe(content.language);
    const assigned = await t.db.select().from(clientDiagnosticians);
    expect(assigned.map((row) => row.clientId)).toEqual([sofiia!.id]);
    const rows = (await t.db.select().from(diagnoses)).sort((a, b) =>
      a.diagnosedOn.localeCompare(b.diagnosedOn),
    );
    const linked = new Set(
      (await t.db.select().from(publicLinks).where(eq(publicLinks.kind, 'diagnosis'))).map(
        (link) => link.subjectId,
      ),
    );
    expect(rows.map((row) => [row.status, row.completedAt !== null, linked.has(row.id)])).toEqual([
      ['draft', true, false],
      ['sent', true, true],
    ]);
    const days = (Date.parse(rows[1]!.diagnosedOn) - Date.parse(rows[0]!.diagnosedOn)) / 86_400_000;
    expect(days).toBe(DEMO_DIAGNOSES[0]!.daysAgo - DEMO_DIAGNOSES[1]!.daysAgo);
    // Progress: better sound pronunciation and phonemic hearing the second time.
    const byCode = (values: Record<string, number | null>) =>
      Object.fromEntries(content.computed.map((block) => [block.code, values[block.key]]));
    expect(rows.map((row) => byCode(computedValues(content, row.answers)))).toEqual([
      { pronunciation: 8, hearing: 1.25 },
      { pronunciation: 12, hearing: 1.75 },
    ]);

    await seedDemo(t.db, t.app.files);
    expect(await t.db.select().from(diagnoses)).toHaveLength(2);
    expect(await t.db.select().from(recommendedPrograms)).toHaveLength(DEMO_PROGRAMS.length);
  });
});
