/**
 * The Demo school's course template and a student's course (issue 30 item 4): a published course
 * template of five lessons on the sound [R], each with its accepted exercises, by the demo
 * moderator; and a course of it started by the demo teacher on the first of her students' plans
 * with five free lessons, dated weekly from next Monday. Written through the courses module's
 * entry. Safe to run again: a school with a course template is left as it is.
 */
import { EXERCISE_STATUS } from '@logoschool/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.ts';
import { createCourseTemplate, publishCourseTemplate, startCourse } from '../../modules/courses/index.ts';
import type { Db } from '../client.ts';
import { exercises, protocols, users } from '../schema/index.ts';

/** The five lessons: title, for the parents, for the teacher (Ukrainian, the school's language). */
const LESSONS: readonly (readonly [string, string, string])[] = [
  [
    'Розминка для язичка',
    'Повторюйте вдома артикуляційну гімнастику щодня по 5 хвилин.',
    'Почніть із гімнастики; звук ще не ставимо.',
  ],
  [
    'Звук [Р] ізольовано',
    'Слухайте, як дитина гарчить «р-р-р», і хваліть кожну спробу.',
    'Постановка звука від [Д]; стежте за вібрацією.',
  ],
  ['[Р] у складах', 'Грайте в «луну»: ви кажете склад, дитина повторює.', 'Прямі склади, потім обернені.'],
  [
    '[Р] у словах',
    'Назвіть разом предмети зі звуком [Р] удома.',
    'Слова з [Р] на початку, у середині та в кінці.',
  ],
  [
    '[Р] у фразах',
    'Читайте разом короткі вірші зі звуком [Р].',
    'Фрази та короткий переказ; відзначте помилки.',
  ],
];

export async function seedCourses(db: Db, workspaceId: number): Promise<void> {
  const done = await db.execute(sql`select 1 from course_templates where workspace_id = ${workspaceId}`);
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
  const person = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  const moderatorId = await person('moderator@demo.test');
  const teacherId = await person('teacher@demo.test');
  if (moderatorId === undefined || teacherId === undefined) return;
  const accepted = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(eq(exercises.workspaceId, workspaceId), eq(exercises.statusId, EXERCISE_STATUS.accepted)))
    // The [Р] exercises first, then any other accepted one.
    .orderBy(sql`strpos(${exercises.title}, '[Р]') = 0`, asc(exercises.id))
    .limit(10);
  if (accepted.length === 0) return;
  const ids = accepted.map((row) => row.id);
  const moderator = { userId: moderatorId, workspaceId, role: 'moderator' as const, lang: 'uk' as const };
  const template = await createCourseTemplate(db, moderator, {
    name: 'Звук [Р]: курс на п’ять уроків',
    description: 'Від розминки до фраз: п’ять уроків на звук [Р] для дітей 5–7 років.',
    language: 'uk',
    lessons: LESSONS.map(([title, parents, teacher], index) => ({
      title,
      description_parents: parents,
      description_teacher: teacher,
      exercise_ids: [...new Set([ids[(index * 2) % ids.length], ids[(index * 2 + 1) % ids.length]])].filter(
        (id): id is number => id !== undefined,
      ),
    })),
  });
  await publishCourseTemplate(db, moderator, template.id);

  // The teacher's first plan that has five free lessons takes the course, weekly from next Monday.
  const teacher = { userId: teacherId, workspaceId, role: 'teacher' as const, lang: 'uk' as const };
  const plans = await db
    .select({ id: protocols.id })
    .from(protocols)
    .where(and(eq(protocols.workspaceId, workspaceId), eq(protocols.teacherId, teacherId)))
    .orderBy(asc(protocols.id));
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  for (const plan of plans) {
    try {
      await startCourse(db, teacher, {
        protocol_id: plan.id,
        course_template_id: template.id,
        weekdays: [1, 4],
        time: '15:00',
        start_date: monday.toISOString().slice(0, 10),
        time_zone: 'Europe/Kyiv',
      });
      return;
    } catch (error) {
      // Too few free lessons, not filled, or a booking at that time: the next plan.
      if (!(error instanceof AppError)) throw error;
    }
  }
}
