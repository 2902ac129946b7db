/**
 * The demo school's teaching half (issues 14 and 15): the demo teacher's students, two published
 * protocol templates and a draft, a plan in every status, and a week of lessons of the filled plans,
 * written through the services so that the demo obeys the same rules as the screens. Each part runs
 * once: a project that already has a template keeps its plans, one whose teacher has lessons keeps
 * them.
 */
import {
  ROLE,
  templateInput,
  todayIso,
  weekStart,
  type Language,
  type Lesson,
  type MarkResult,
  type TemplateInput,
} from '@logoschool/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectActor } from '../access/actor.ts';
import { createClient } from '../modules/clients/index.ts';
import { fillLesson, finishLesson, updateLesson, addMark } from '../modules/lessons/index.ts';
import {
  createPlan,
  updatePlan,
  type PlanCaller,
  changeTemplateStatus,
  createTemplate,
  planLinks,
} from '../modules/protocols/index.ts';
import { issueLink } from '../modules/public-links/index.ts';
import type { Db } from './client.ts';
import {
  assignments,
  categories,
  clients,
  lessons,
  protocols,
  protocolTemplates,
  themes,
  users,
} from './schema/index.ts';

/** A block of a demo template: its category and folders by name (of the demo category tree). */
interface DemoBlock {
  target: string;
  category: string;
  parents: string;
  educator: string;
  min: number;
  max: number;
  folders: { name: string; parents: string; educator: string }[];
}

interface DemoTemplate {
  title: string;
  description: string;
  publish: boolean;
  blocks: DemoBlock[];
}

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    title: 'Sound setting for [R]',
    description:
      'For children of 5–8 whose [R] is missing or replaced. Start with hearing the sound, then set it, then bring it into syllables and words.',
    publish: true,
    blocks: [
      {
        target: 'Hearing [R] among other sounds',
        category: 'Sounds',
        parents: 'Your child learns to hear the sound [R] and tell it from sounds that are alike.',
        educator: 'Short listening games at the start of every lesson; the child claps on [R].',
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Telling sounds apart',
            parents: 'Games that compare [R] with [L] and other close sounds.',
            educator: 'Pick pairs by the child’s substitution: [R]–[L] first.',
          },
          {
            name: 'Sonorant sounds',
            parents: 'Listening to [R] and [L] in words and short rhymes.',
            educator: 'Use when the child does not substitute yet: hearing before speaking.',
          },
        ],
      },
      {
        target: 'Setting [R]',
        category: 'Sounds',
        parents: 'Exercises that help the tongue find the right place for [R].',
        educator: 'Mechanical help only with a spatula you have shown the parent; stop on any discomfort.',
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Sonorant sounds',
            parents: 'Exercises for [R] with pictures and sounds the child likes.',
            educator: 'From the vibration of the tongue tip to an isolated [R].',
          },
        ],
      },
      {
        target: 'Bringing [R] into syllables and words',
        category: 'Sounds',
        parents: 'Your child says [R] in syllables, then in words, then in short phrases.',
        educator:
          'Syllables with [R] first after vowels, then before them; words with [R] at the start last.',
        min: 2,
        max: 3,
        folders: [
          {
            name: 'Sonorant sounds',
            parents: 'Words and phrases with [R] around the child’s interests.',
            educator: 'Ten repetitions of a syllable before going on; praise each one.',
          },
          {
            name: 'Telling sounds apart',
            parents: 'Words where [R] and [L] meet, said slowly and clearly.',
            educator: 'Only once [R] holds in syllables: otherwise the child mixes them again.',
          },
        ],
      },
    ],
  },
  {
    title: 'Whistling sounds [S], [Z], [Ts]',
    description:
      'For children who lisp or replace the whistling sounds. Works through hearing, setting and automation of [S], [Z] and [Ts].',
    publish: true,
    blocks: [
      {
        target: 'Hearing the whistling sounds',
        category: 'Sounds',
        parents: 'Your child learns to hear [S], [Z] and [Ts] and tell them from the hissing sounds.',
        educator: 'Compare with [Sh] only after [S] is heard reliably alone.',
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Whistling sounds',
            parents: 'Listening games with the sounds of a pump, a mosquito and a grasshopper.',
            educator: 'Onomatopoeia first: [S] the pump, [Z] the mosquito, [Ts] the grasshopper.',
          },
          {
            name: 'Telling sounds apart',
            parents: 'Games that compare whistling and hissing sounds.',
            educator: 'Pairs [S]–[Sh] and [Z]–[Zh] by the child’s substitution.',
          },
        ],
      },
      {
        target: 'Setting and automating [S]',
        category: 'Sounds',
        parents: 'Your child says [S] with the tongue behind the lower teeth, then in syllables and words.',
        educator: 'Check the tongue position in a mirror; a smile keeps the lips back.',
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Whistling sounds',
            parents: 'Exercises for [S] with the child’s favourite pictures.',
            educator: 'Isolated sound, open syllables, closed syllables, words, phrases.',
          },
        ],
      },
    ],
  },
  {
    title: 'Hissing sounds [Sh], [Zh] (draft)',
    description: 'A draft still being written: hearing and setting the hissing sounds.',
    publish: false,
    blocks: [
      {
        target: 'Hearing the hissing sounds',
        category: 'Sounds',
        parents: 'Your child learns to hear [Sh] and [Zh].',
        educator: 'Start with the snake and the beetle.',
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Hissing sounds',
            parents: 'Listening games with the snake and the beetle.',
            educator: 'Onomatopoeia first.',
          },
        ],
      },
    ],
  },
];

/** The demo teacher's students: one per lesson language. */
export const DEMO_STUDENTS: readonly {
  child: string;
  parent: string;
  language: Language;
  email: string;
  phone: string;
  themes: string[];
  request: string;
}[] = [
  {
    child: 'Sofiia Koval',
    parent: 'Olena Koval',
    language: 'uk',
    email: 'olena.koval@example.com',
    phone: '+380501234567',
    themes: ['Space', 'Animals'],
    request: 'Says [L] instead of [R].',
  },
  {
    child: 'Maksym Bondar',
    parent: 'Iryna Bondar',
    language: 'uk',
    email: 'iryna.bondar@example.com',
    phone: '+380671112233',
    themes: ['Cars'],
    request: 'Lisps on [S] and [Z].',
  },
  {
    child: 'Anna Nowak',
    parent: 'Katarzyna Nowak',
    language: 'pl',
    email: 'k.nowak@example.com',
    phone: '+48600123456',
    themes: ['Princesses'],
    request: 'Seplenienie: [S] i [Z].',
  },
  {
    child: 'Mikhail Petrov',
    parent: 'Elena Petrova',
    language: 'ru',
    email: 'elena.petrova@example.com',
    phone: '+77011234567',
    themes: ['Space'],
    request: 'Нет звука [Р].',
  },
];

/** A day `days` from today (UTC), 'YYYY-MM-DD'. */
const daysFromToday = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));

/** The template input of a demo template, its categories found by name in the project. */
function inputOf(template: DemoTemplate, categoryId: (name: string) => number): TemplateInput {
  return {
    title: template.title,
    description: template.description,
    blocks: template.blocks.map((block) => ({
      target: block.target,
      category_id: categoryId(block.category),
      description_parents: block.parents,
      description_educator: block.educator,
      min_presentations: block.min,
      max_presentations: block.max,
      folders: block.folders.map((folder) => ({
        category_id: categoryId(folder.name),
        description_parents: folder.parents,
        indications_educator: folder.educator,
      })),
    })),
  };
}

async function userId(db: Db, email: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`demo user ${email} is missing`);
  return user.id;
}

/** Seeds the demo school's templates, students and plans, then its lessons (each once). */
export async function seedProtocols(db: Db, workspaceId: number): Promise<void> {
  await seedPlans(db, workspaceId);
  await seedLessons(db, workspaceId);
}

/**
 * Seeds the templates, students and plans of the demo school (`workspaceId`) once. Plans: Sofiia's
 * filled and sent to her mother (and her earlier one, past its deadline), Maksym's waiting to be
 * filled, Anna's past its deadline, Mikhail's filled.
 */
async function seedPlans(db: Db, workspaceId: number): Promise<void> {
  const [existing] = await db
    .select({ count: count() })
    .from(protocolTemplates)
    .where(eq(protocolTemplates.workspaceId, workspaceId));
  if ((existing?.count ?? 0) > 0) return;

  const categoryRows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.workspaceId, workspaceId));
  const categoryId = (name: string) => {
    const found = categoryRows.find((row) => row.name === name);
    if (!found) throw new Error(`demo category ${name} is missing`);
    return found.id;
  };
  const moderator: ProjectActor = {
    userId: await userId(db, 'moderator@demo.test'),
    workspaceId,
    role: 'moderator',
    lang: 'en',
  };
  const teacherId = await userId(db, 'teacher@demo.test');
  const [membership] = await db
    .select({ roles: assignments.roles })
    .from(assignments)
    .where(and(eq(assignments.userId, teacherId), eq(assignments.workspaceId, workspaceId)));
  if (!membership?.roles.includes(ROLE.teacher)) return;
  const teacher: PlanCaller = {
    userId: teacherId,
    workspaceId,
    role: 'teacher',
    lang: 'en',
    timeZone: 'UTC',
  };

  const published: number[] = [];
  for (const template of DEMO_TEMPLATES) {
    // Parsed by the contract's rule, as a request's body would be.
    const input = templateInput.parse(inputOf(template, categoryId));
    const created = await createTemplate(db, moderator, input);
    if (!template.publish) continue;
    await changeTemplateStatus(db, moderator, created.id, { action: 'publish' });
    published.push(created.id);
  }
  const [soundR, whistling] = published as [number, number];

  const themeRows = await db
    .select({ id: themes.id, name: themes.name })
    .from(themes)
    .where(
      inArray(
        themes.name,
        DEMO_STUDENTS.flatMap((student) => student.themes),
      ),
    );
  const students: number[] = [];
  for (const student of DEMO_STUDENTS) {
    const client = await createClient(
      db,
      { workspaceId, teacherId, lang: 'en' },
      {
        child_name: student.child,
        client_name: student.parent,
        language: student.language,
        parent_email: student.email,
        parent_phone: student.phone,
        parent_request: student.request,
        theme_ids: themeRows.filter((theme) => student.themes.includes(theme.name)).map((theme) => theme.id),
      },
    );
    students.push(client.id);
  }
  const [sofiia, maksym, anna, mikhail] = students as [number, number, number, number];

  /** A plan from a template, every block given its first folder and the template's bounds. */
  const filledPlan = async (clientId: number, templateId: number, deadline: string) => {
    const plan = await createPlan(db, teacher, { client_id: clientId, template_id: templateId, deadline });
    return updatePlan(db, teacher, plan.id, {
      deadline,
      blocks: plan.blocks.map((block) => ({
        key: block.key,
        folder_id: block.folders[0]?.category_id ?? 0,
        min_presentations: block.template_min,
        max_presentations: block.template_max,
      })),
    });
  };

  const sent = await filledPlan(sofiia, soundR, daysFromToday(70));
  // Sent to the parents: its link is the public-link kit's (decision 029).
  await issueLink(db, teacher, planLinks, sent.id);
  await db
    .update(protocols)
    .set({ sentAt: sql`now() - interval '2 days'` })
    .where(eq(protocols.id, sent.id));
  // Sofiia's first plan of [R] ran out of time after two played lessons (`DEMO_PLAYED`).
  const earlier = await filledPlan(sofiia, soundR, daysFromToday(20));
  await db
    .update(protocols)
    .set({ deadline: daysFromToday(-10) })
    .where(eq(protocols.id, earlier.id));
  await createPlan(db, teacher, { client_id: maksym, template_id: whistling, deadline: daysFromToday(60) });
  // A plan whose ten lessons ran out of time: its deadline is moved into the past by hand, as no
  // screen allows making one there.
  const late = await filledPlan(anna, whistling, daysFromToday(30));
  await db
    .update(protocols)
    .set({ deadline: daysFromToday(-5) })
    .where(eq(protocols.id, late.id));
  await filledPlan(mikhail, soundR, daysFromToday(45));
}

/** The trials of each presentation of a played lesson, by its block's place in the plan. */
type DemoTrials = readonly (readonly MarkResult[])[];

/**
 * The demo week (issue 15): this week's Monday to Friday (UTC), the lessons of the two running
 * plans, filled automatically: Sofiia's first three and Mikhail's first two. Each plan's first
 * lesson is finished with its last presentation not reached, which moved to the next lesson;
 * Sofiia's was played with marks.
 */
export const DEMO_WEEK: readonly {
  child: string;
  number: number;
  day: number;
  hour: number;
  finished: boolean;
  /** The trials marked before it was finished (see `DEMO_PLAYED`). */
  trials?: DemoTrials;
}[] = [
  {
    child: 'Sofiia Koval',
    number: 1,
    day: 0,
    hour: 9,
    finished: true,
    trials: [
      ['correct', 'correct', 'cued', 'correct'],
      ['correct', 'cued', 'correct', 'correct'],
      ['correct', 'correct', 'correct', 'cued'],
    ],
  },
  { child: 'Mikhail Petrov', number: 1, day: 1, hour: 14, finished: true },
  { child: 'Sofiia Koval', number: 2, day: 2, hour: 9, finished: false },
  { child: 'Mikhail Petrov', number: 2, day: 3, hour: 14, finished: false },
  { child: 'Sofiia Koval', number: 3, day: 4, hour: 9, finished: false },
];

/**
 * Sofiia's earlier plan of [R], which ran out of time (issue 15 item 6): its first two lessons,
 * played three and a half and two and a half weeks ago (UTC) with marks and finished, so that her
 * correction path shows her progress lesson by lesson, better each time.
 */
export const DEMO_PLAYED: readonly {
  child: string;
  number: number;
  daysAgo: number;
  hour: number;
  trials: DemoTrials;
}[] = [
  {
    child: 'Sofiia Koval',
    number: 1,
    daysAgo: 24,
    hour: 9,
    trials: [
      ['incorrect', 'cued', 'correct', 'cued'],
      ['cued', 'incorrect', 'cued', 'correct'],
      ['cued', 'incorrect', 'cued', 'correct'],
    ],
  },
  {
    child: 'Sofiia Koval',
    number: 2,
    daysAgo: 17,
    hour: 9,
    trials: [
      ['correct', 'cued', 'correct', 'incorrect'],
      ['correct', 'incorrect', 'cued', 'correct'],
      ['cued', 'correct', 'correct', 'incorrect'],
    ],
  },
];

/** Marks each presentation's trials (an exercise once, for its first block) of those reached. */
async function markTrials(
  db: Db,
  teacher: ProjectActor,
  lesson: Lesson,
  trials: DemoTrials,
  reached: readonly number[],
) {
  const marked = new Set<number>();
  for (const [index, block] of lesson.blocks.entries()) {
    for (const { exercise_id } of block.presentations) {
      if (marked.has(exercise_id) || !reached.includes(exercise_id)) continue;
      marked.add(exercise_id);
      for (const result of trials[index % trials.length] ?? [])
        await addMark(db, teacher, lesson.id, {
          exercise_id,
          result,
          ...(result === 'cued' ? { cue: 'verbal' as const } : {}),
        });
    }
  }
}

/**
 * Seeds the demo week of lessons and Sofiia's played lessons once: nothing when the demo teacher
 * has a lesson with a date.
 */
export async function seedLessons(db: Db, workspaceId: number): Promise<void> {
  const [teacherRow] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'teacher@demo.test'));
  if (!teacherRow) return;
  const teacher = { userId: teacherRow.id, workspaceId, role: 'teacher' as const, lang: 'en' as const };
  const [dated] = await db
    .select({ count: count() })
    .from(lessons)
    .where(
      and(
        eq(lessons.workspaceId, workspaceId),
        eq(lessons.teacherId, teacher.userId),
        sql`${lessons.startsAt} is not null`,
      ),
    );
  if ((dated?.count ?? 0) > 0) return;
  const rows = await db
    .select({
      id: lessons.id,
      number: lessons.number,
      child: clients.childName,
      deadline: protocols.deadline,
    })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(and(eq(lessons.workspaceId, workspaceId), eq(lessons.teacherId, teacher.userId)));
  const monday = Date.parse(`${weekStart(todayIso())}T00:00:00Z`);
  for (const demo of DEMO_WEEK) {
    const row = rows.find(
      (candidate) =>
        candidate.child === demo.child &&
        candidate.number === demo.number &&
        candidate.deadline >= todayIso(),
    );
    if (!row) continue;
    // Filled as "fill automatically" does (keeping what an earlier finish moved in), with a fixed
    // seed so that the demo is the same on every machine.
    const filled: Lesson = await fillLesson(db, teacher, { lesson_id: row.id, replace: false }, row.id);
    await updateLesson(db, teacher, row.id, {
      starts_at: new Date(monday + demo.day * 86_400_000 + demo.hour * 3_600_000).toISOString(),
      duration_minutes: demo.finished ? 45 : 60,
      blocks: filled.blocks.map((block) => ({
        key: block.key,
        exercise_ids: block.presentations.map((presentation) => presentation.exercise_id),
      })),
    });
    if (!demo.finished) continue;
    const shown = filled.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id));
    if (demo.trials) await markTrials(db, teacher, filled, demo.trials, shown.slice(0, -1));
    await finishLesson(db, teacher, { lesson_id: row.id, reached: shown.slice(0, -1) });
  }
  const today = Date.parse(`${todayIso()}T00:00:00Z`);
  for (const demo of DEMO_PLAYED) {
    const row = rows.find(
      (candidate) =>
        candidate.child === demo.child && candidate.number === demo.number && candidate.deadline < todayIso(),
    );
    if (!row) continue;
    const startsAt = today - demo.daysAgo * 86_400_000 + demo.hour * 3_600_000;
    const filled: Lesson = await fillLesson(db, teacher, { lesson_id: row.id, replace: false }, row.id);
    await updateLesson(db, teacher, row.id, {
      starts_at: new Date(startsAt).toISOString(),
      duration_minutes: 45,
      blocks: filled.blocks.map((block) => ({
        key: block.key,
        exercise_ids: block.presentations.map((presentation) => presentation.exercise_id),
      })),
    });
    const shown = filled.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id));
    await markTrials(db, teacher, filled, demo.trials, shown);
    await finishLesson(db, teacher, { lesson_id: row.id, reached: shown });
    // Finished when it ended, as the player would have: no screen finishes a lesson in the past.
    await db
      .update(lessons)
      .set({ finishedAt: new Date(startsAt + 45 * 60_000) })
      .where(eq(lessons.id, row.id));
  }
}
