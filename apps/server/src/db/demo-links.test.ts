/**
 * Every link the demo school holds opens (issue 27 item 11): each public link (the public-link kit,
 * decision 029) through its public route, on a web page the route table builds, and each file the
 * demo's screens point at, for the people who see them.
 */
import {
  API,
  API_BASE,
  DIAGNOSIS_LINK_KIND,
  FAMILY_LINK_KIND,
  GAME_LINK_KIND,
  LESSON_LINK_KIND,
  PLAN_LINK_KIND,
  PRACTICE_LINK_KIND,
  ROLE,
  ROUTES,
  PUBLIC_LINK_SEGMENTS,
  firstNameOf,
  roleMay,
  type RoleName,
} from '@logoschool/contract';
import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { detectFileType } from '../files/file-type.ts';
import { bookingManageLinks, bookingPageLinks } from '../modules/booking/index.ts';
import { diagnosisLinks } from '../modules/diagnostics/index.ts';
import { familyLinks } from '../modules/families/index.ts';
import { gameLinks } from '../modules/games/index.ts';
import { lessonLinks } from '../modules/lessons/index.ts';
import { planLinks } from '../modules/plans/index.ts';
import { practiceLinks } from '../modules/practice/index.ts';
import { useTestApp } from '../test/app.ts';
import { bearer } from '../test/factories.ts';
import { DEMO_TEMPLATES } from './demo/demo-plans.ts';
import {
  clients,
  diagnoses,
  exercises,
  lessons,
  protocols,
  publicLinks,
  users,
  workspaces,
} from './schema/index.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../test/database.ts';

const t = useTestApp();

type Body = Record<string, unknown>;

/** The rows of a query written as SQL. */
const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * How a link of each kind opens: its public API route, and what its answer must name, read from
 * the database by the link's subject. A kind declared without an entry here fails the test below.
 */
const OPENS: Record<
  string,
  { api: string; expected: (subjectId: number) => Promise<Body>; alsoOpens?: readonly string[] }
> = {
  // The booking page (issue 28): its subject is the project, the page names the school.
  booking: {
    api: API.appointment,
    expected: async (id) => {
      const [row] = await t.db
        .select({ title: workspaces.title })
        .from(workspaces)
        .where(eq(workspaces.id, id));
      return { school: row!.title };
    },
  },
  // A booking's private link: the parent's child and the booking's state.
  'booking-manage': {
    api: API.appointmentManage,
    expected: async (id) => {
      // Booking's tables are its module's own (decision 031): read here as SQL, as test/booking.ts does.
      const [row] = await rowsOf<{ child_name: string; status: string }>(
        sql`select child_name, status from bookings where id = ${id}`,
      );
      return { child_name: row!.child_name, status: row!.status };
    },
  },
  [PLAN_LINK_KIND]: {
    api: API.showPlan,
    expected: async (id) => {
      const [row] = await t.db
        .select({ child: clients.childName, language: clients.language })
        .from(protocols)
        .innerJoin(clients, eq(clients.id, protocols.clientId))
        .where(eq(protocols.id, id));
      return { child_name: firstNameOf(row!.child), language: row!.language };
    },
  },
  [LESSON_LINK_KIND]: {
    api: API.playLesson,
    expected: async (id) => {
      const [row] = await t.db
        .select({ child: clients.childName, language: clients.language, number: lessons.number })
        .from(lessons)
        .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
        .innerJoin(clients, eq(clients.id, protocols.clientId))
        .where(eq(lessons.id, id));
      return { child_name: firstNameOf(row!.child), language: row!.language, lesson_number: row!.number };
    },
  },
  // A family's dashboard (issue 29): its subject is the student.
  [FAMILY_LINK_KIND]: {
    api: API.parentDashboard,
    // What the family does there, by the same link: its home practice and its referral.
    alsoOpens: ['/practice', '/referral', '/games'],
    expected: async (id) => {
      const [row] = await t.db
        .select({ child: clients.childName, language: clients.language })
        .from(clients)
        .where(eq(clients.id, id));
      return { child_name: firstNameOf(row!.child), language: row!.language };
    },
  },
  // A lesson given as home practice (issue 29): the parent's player.
  [PRACTICE_LINK_KIND]: {
    api: API.homePractice,
    expected: async (id) => {
      // Practice's tables are its module's own (decision 031): read here as SQL.
      const [row] = await rowsOf<{ child_name: string; language: string; number: number }>(sql`
        select clients.child_name, clients.language, lessons.number from practice_assignments
        join clients on clients.id = practice_assignments.client_id
        join lessons on lessons.id = practice_assignments.lesson_id
        where practice_assignments.id = ${id}`);
      return {
        child_name: firstNameOf(row!.child_name),
        language: row!.language,
        lesson_number: row!.number,
      };
    },
  },
  // A game given to a student (issue 31): the child's game.
  [GAME_LINK_KIND]: {
    api: API.gameCheckAuth,
    expected: async (id) => {
      // Games' tables are its module's own (decision 031): read here as SQL.
      const [row] = await rowsOf<{ child_name: string; language: string; title: string }>(sql`
        select clients.child_name, clients.language, games.title from game_assignments
        join clients on clients.id = game_assignments.client_id
        join games on games.id = game_assignments.game_id
        where game_assignments.id = ${id}`);
      return { child_name: firstNameOf(row!.child_name), language: row!.language, title: row!.title };
    },
  },
  [DIAGNOSIS_LINK_KIND]: {
    api: API.publicDiagnosis,
    // The page's progress chart and its PDF, by the same link.
    alsoOpens: ['/progress', '/pdf'],
    expected: async (id) => {
      const [row] = await t.db
        .select({ child: diagnoses.childName, on: diagnoses.diagnosedOn, language: clients.language })
        .from(diagnoses)
        .innerJoin(clients, eq(clients.id, diagnoses.clientId))
        .where(eq(diagnoses.id, id));
      return { child_name: row!.child, diagnosed_on: row!.on, language: row!.language };
    },
  },
};

async function signIn(email: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(login.statusCode, email).toBe(200);
  const { token, user } = login.json().data as {
    token: string;
    user: { assignments: { workspaceId: number; workspaceTitle: string }[] };
  };
  const school = user.assignments.find((a) => a.workspaceTitle === 'Demo school')!.workspaceId;
  return { token, school };
}

describe('every link of the demo school', { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('is a public link of a kind that opens, on a web page the route table builds', async () => {
    await seedDemo(t.db, t.app.files);
    const kinds = [
      planLinks,
      lessonLinks,
      diagnosisLinks,
      bookingPageLinks,
      bookingManageLinks,
      familyLinks,
      practiceLinks,
      gameLinks,
    ];
    // The kit gives every declared kind its sharer's `GET …/link`: one not among those above (a new
    // kind of link) fails here until this test knows how it opens.
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const sharers = Object.entries(document.paths)
      .filter(([path, operations]) => path.endsWith(PUBLIC_LINK_SEGMENTS.link) && 'get' in operations)
      .map(([path]) => path);
    expect(sharers.sort()).toEqual(
      kinds
        .map((kind) => `${API_BASE}${kind.path.replace(/:(\w+)/g, '{$1}')}${PUBLIC_LINK_SEGMENTS.link}`)
        .sort(),
    );
    for (const kind of kinds) {
      expect(OPENS[kind.kind], `no public route checked for links of kind ${kind.kind}`).toBeDefined();
      const page = ROUTES.find((route) => route.path === `${kind.page}/:token`);
      expect(page, `${kind.page}/:token in the route table`).toMatchObject({ access: 'public', built: true });
    }

    const rows = await t.db.select().from(publicLinks).where(isNull(publicLinks.withdrawnAt));
    // The demo shows a link of every kind there is.
    expect([...new Set(rows.map((row) => row.kind))].sort()).toEqual(kinds.map((kind) => kind.kind).sort());

    for (const row of rows) {
      const kind = kinds.find((candidate) => candidate.kind === row.kind)!;
      const opens = OPENS[row.kind]!;
      const answer = await t.app.inject({ url: `${API_BASE}${opens.api}/${row.token}` });
      expect(answer.statusCode, `${row.kind} ${row.subjectId}: ${answer.body}`).toBe(200);
      expect(answer.json().data, `${row.kind} ${row.subjectId}`).toMatchObject(
        await opens.expected(row.subjectId),
      );
      for (const part of opens.alsoOpens ?? []) {
        const more = await t.app.inject({ url: `${API_BASE}${opens.api}/${row.token}${part}` });
        expect(more.statusCode, `${row.kind} ${row.subjectId}${part}: ${more.body.slice(0, 200)}`).toBe(200);
      }

      // The link its sharer sees is that page with that token. A booking's private link is issued by
      // no one (the parent's confirmation made it, decision 036): its sharer is the booking's teacher.
      if (row.issuedBy === null)
        expect(row.kind, `${row.kind} ${row.subjectId} has no issuer`).toBe('booking-manage');
      const [issuer] =
        row.issuedBy === null
          ? await rowsOf<{ email: string }>(sql`
              select users.email from bookings
              join booking_sessions on booking_sessions.id = bookings.session_id
              join users on users.id = booking_sessions.teacher_id
              where bookings.id = ${row.subjectId}`)
          : await t.db.select({ email: users.email }).from(users).where(eq(users.id, row.issuedBy));
      const demo = DEMO_USERS.find((user) => user.email === issuer!.email)!;
      const role = (demo.roles['Demo school'] ?? []).find((name: RoleName) =>
        roleMay(name, kind.permission),
      )!;
      const { token, school } = await signIn(demo.email);
      const sharing = await t.app.inject({
        url: `${API_BASE}${kind.path.replace(`:${kind.param}`, String(row.subjectId))}/link?workspace_id=${school}&role_id=${ROLE[role]}`,
        headers: bearer(token),
      });
      expect(sharing.statusCode, sharing.body).toBe(200);
      expect(new URL(sharing.json().data.url).pathname).toBe(`${kind.page}/${row.token}`);
    }
  });

  it("is read by the plan's parents in the child's language, from a template written in it", async () => {
    await seedDemo(t.db, t.app.files);
    const rows = await t.db.select().from(publicLinks).where(eq(publicLinks.kind, PLAN_LINK_KIND));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const plan = (await t.app.inject({ url: `${API_BASE}${API.showPlan}/${row.token}` })).json().data as {
        language: string;
        template_title: string;
        blocks: { target: string; description: string; at_home: string | null }[];
      };
      const template = DEMO_TEMPLATES.find((candidate) => candidate.title === plan.template_title);
      expect(template?.language).toBe(plan.language);
      expect(plan.blocks.map((block) => [block.target, block.description])).toEqual(
        template!.blocks.map((block) => [block.target, block.parents]),
      );
      for (const [index, block] of plan.blocks.entries()) {
        if (block.at_home === null) continue;
        expect(template!.blocks[index]!.folders.map((folder) => folder.parents)).toContain(block.at_home);
      }
    }
  });

  it('includes the files of the library and of the exercises, which open for who sees them', async () => {
    await seedDemo(t.db, t.app.files);
    const { token, school } = await signIn('moderator@demo.test');
    const open = async (url: string, what: string) => {
      const file = await t.app.inject({ url, headers: bearer(token) });
      expect(file.statusCode, `${what}: ${url}`).toBe(200);
      expect(file.rawPayload.length, `${what}: ${url}`).toBeGreaterThan(0);
      return file;
    };
    const read = async (url: string) => {
      const answer = await t.app.inject({
        url: `${API_BASE}${url}?workspace_id=${school}`,
        headers: bearer(token),
      });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return answer.json().data;
    };

    const library = (await t.app.inject({ url: `${API_BASE}${API.assets}`, headers: bearer(token) })).json()
      .data as { name: string; files: { file_url: string; mime: string }[] }[];
    expect(library.length).toBeGreaterThan(0);
    for (const asset of library) {
      for (const item of asset.files) {
        const file = await open(item.file_url, asset.name);
        expect((await detectFileType(file.rawPayload))?.mime, asset.name).toBe(item.mime);
      }
    }

    let decks = 0;
    for (const exercise of await t.db.select().from(exercises).where(eq(exercises.workspaceId, school))) {
      const at = `${API.exercises}/${exercise.id}`;
      if ((exercise.slideCount ?? 0) > 0) {
        await open(`${API_BASE}${at}/files/presentation?workspace_id=${school}`, exercise.title);
        decks += 1;
      }
      for (const list of ['images', 'audios']) {
        for (const item of (await read(`${at}/${list}`)) as { file_url: string }[])
          await open(item.file_url, `${exercise.title} ${list}`);
      }
      const slides = (await read(`${at}/slides`)) as { slides: { file_url: string }[] };
      for (const slide of slides.slides) await open(slide.file_url, `${exercise.title} slide`);
      for (const variant of (await read(`${at}/generated`)) as { file: { url: string } }[])
        await open(variant.file.url, `${exercise.title} themed variant`);
    }
    expect(decks).toBeGreaterThan(0);
  });
});
