/**
 * The demo school's teaching half (issues 14 and 15): the demo teacher's students, the published
 * protocol templates (one per course and language of the school's families) and a draft, a plan in every status, and a week of lessons of the filled plans,
 * written through the services so that the demo obeys the same rules as the screens. Each part runs
 * once: a project that already has a template keeps its plans, one whose teacher has lessons keeps
 * them (`seed-lessons.ts`).
 */
import { ROLE, templateInput, todayIso, type Language, type TemplateInput } from '@logoschool/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectActor } from '../access/actor.ts';
import { createClient } from '../modules/clients/index.ts';
import {
  createPlan,
  updatePlan,
  type PlanCaller,
  changeTemplateStatus,
  createTemplate,
  planLinks,
} from '../modules/plans/index.ts';
import { issueLink } from '../modules/public-links/index.ts';
import type { Db } from './client.ts';
import { assignments, categories, protocols, protocolTemplates, themes, users } from './schema/index.ts';
import { DEMO_STUDENTS, DEMO_TEMPLATES, type DemoTemplate } from './demo/demo-plans.ts';
import { seedLessons } from './seed-lessons.ts';

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

  const published = new Map<DemoTemplate, number>();
  for (const template of DEMO_TEMPLATES) {
    // Parsed by the contract's rule, as a request's body would be.
    const input = templateInput.parse(inputOf(template, categoryId));
    const created = await createTemplate(db, moderator, input);
    if (!template.publish) continue;
    await changeTemplateStatus(db, moderator, created.id, { action: 'publish' });
    published.set(template, created.id);
  }
  /** The published template of a course in a student's language. */
  const templateOf = (course: DemoTemplate['course'], student: { language: Language }) => {
    for (const [template, id] of published) {
      if (template.course === course && template.language === student.language) return id;
    }
    throw new Error(`no published demo template of ${course} in ${student.language}`);
  };

  const themeRows = await db
    .select({ id: themes.id, name: themes.name })
    .from(themes)
    .where(
      inArray(
        themes.name,
        DEMO_STUDENTS.flatMap((student) => student.themes),
      ),
    );
  const students: { id: number; language: Language }[] = [];
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
    students.push({ id: client.id, language: student.language });
  }
  const [sofiia, maksym, anna, mikhail] = students as [
    (typeof students)[number],
    (typeof students)[number],
    (typeof students)[number],
    (typeof students)[number],
  ];

  /** A plan of a course, every block given its first folder and the template's bounds. */
  const filledPlan = async (
    student: (typeof students)[number],
    course: DemoTemplate['course'],
    deadline: string,
  ) => {
    const plan = await createPlan(db, teacher, {
      client_id: student.id,
      template_id: templateOf(course, student),
      deadline,
    });
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

  const sent = await filledPlan(sofiia, 'soundR', daysFromToday(70));
  // Sent to the parents: its link is the public-link kit's (decision 029).
  await issueLink(db, teacher, planLinks, sent.id);
  await db
    .update(protocols)
    .set({ sentAt: sql`now() - interval '2 days'` })
    .where(eq(protocols.id, sent.id));
  // Sofiia's first plan of [Р] ran out of time after two played lessons (`DEMO_PLAYED`).
  const earlier = await filledPlan(sofiia, 'soundR', daysFromToday(20));
  await db
    .update(protocols)
    .set({ deadline: daysFromToday(-10) })
    .where(eq(protocols.id, earlier.id));
  await createPlan(db, teacher, {
    client_id: maksym.id,
    template_id: templateOf('whistling', maksym),
    deadline: daysFromToday(60),
  });
  // A plan whose ten lessons ran out of time: its deadline is moved into the past by hand, as no
  // screen allows making one there.
  const late = await filledPlan(anna, 'whistling', daysFromToday(30));
  await db
    .update(protocols)
    .set({ deadline: daysFromToday(-5) })
    .where(eq(protocols.id, late.id));
  await filledPlan(mikhail, 'soundR', daysFromToday(45));
}
