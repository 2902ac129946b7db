/**
 * The Demo school's course template and a student's course (issue 30 item 4): a published course
 * template of five lessons on the sound [R], each with accepted exercises that fill the blocks of
 * the plan it is started on (a course lesson keeps the plan's rules, as the lesson editor does),
 * by the demo moderator; and a course of it started by the demo teacher on the first of her
 * students' plans that can take it, dated weekly from next Monday. Written through the courses module's
 * entry. Safe to run again: a school with a course template is left as it is.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import { AppError } from '../../errors/app-error.ts';
import { createCourseTemplate, publishCourseTemplate, startCourse } from '../../modules/courses/index.ts';
import { folderExercises, planOutline } from '../../modules/lessons/index.ts';
import type { Db } from '../client.ts';
import { lessonPresentations, lessons, protocols, users, type ProtocolRow } from '../schema/index.ts';

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

/**
 * The exercises of five course lessons that keep the plan's rules (spec §5), as the lesson editor
 * would take them: each lesson fills every block of the plan to its minimum from the block's folder
 * (the [Р] exercises first), no exercise twice in a lesson nor more often across the plan than its
 * usage frequency, counting what the plan's lessons already hold. Null when the folders cannot.
 */
async function lessonsFitting(db: Db, actor: ProjectActor, plan: ProtocolRow): Promise<number[][] | null> {
  const { blocks } = await planOutline(db, plan);
  if (blocks.length === 0 || blocks.some((block) => block.folder_id === null)) return null;
  const folders = await folderExercises(
    db,
    actor.workspaceId,
    blocks.flatMap((block) => (block.folder_id === null ? [] : [block.folder_id])),
  );
  const used = new Map(
    (
      await db
        .select({ id: lessonPresentations.exerciseId, uses: count() })
        .from(lessonPresentations)
        .innerJoin(lessons, eq(lessons.id, lessonPresentations.lessonId))
        .where(eq(lessons.protocolId, plan.id))
        .groupBy(lessonPresentations.exerciseId)
    ).map((row) => [row.id, row.uses]),
  );
  const chosen: number[][] = [];
  for (let lesson = 0; lesson < LESSONS.length; lesson++) {
    const ids: number[] = [];
    for (const block of blocks) {
      const offered = [...(folders.get(block.folder_id ?? 0)?.values() ?? [])]
        // In the course's language, Ukrainian (a Ukrainian student's plan takes it).
        .filter((exercise) => exercise.language === 'uk' && !ids.includes(exercise.id))
        .filter((exercise) => (used.get(exercise.id) ?? 0) < exercise.usageFrequency)
        // The [Р] exercises first, then the least used.
        .sort(
          (a, b) =>
            Number(!a.title.includes('[Р]')) - Number(!b.title.includes('[Р]')) ||
            (used.get(a.id) ?? 0) - (used.get(b.id) ?? 0) ||
            a.id - b.id,
        )
        .slice(0, block.min_presentations);
      if (offered.length < block.min_presentations) return null;
      for (const exercise of offered) {
        ids.push(exercise.id);
        used.set(exercise.id, (used.get(exercise.id) ?? 0) + 1);
      }
    }
    chosen.push(ids);
  }
  return chosen;
}

export async function seedCourses(db: Db, workspaceId: number): Promise<void> {
  const done = await db.execute(sql`select 1 from course_templates where workspace_id = ${workspaceId}`);
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
  const person = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  const moderatorId = await person('moderator@demo.test');
  const teacherId = await person('teacher@demo.test');
  if (moderatorId === undefined || teacherId === undefined) return;
  const moderator = { userId: moderatorId, workspaceId, role: 'moderator' as const, lang: 'uk' as const };
  const teacher = { userId: teacherId, workspaceId, role: 'teacher' as const, lang: 'uk' as const };

  // The teacher's first plan whose blocks' folders can fill five lessons takes the course, weekly
  // from next Monday; the template's lessons are made to fit it (a course lesson keeps the plan's rules).
  const plans = await db
    .select()
    .from(protocols)
    .where(and(eq(protocols.workspaceId, workspaceId), eq(protocols.teacherId, teacherId)))
    .orderBy(asc(protocols.id));
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  for (const plan of plans) {
    const fitting = await lessonsFitting(db, teacher, plan);
    if (!fitting) continue;
    try {
      await db.transaction(async (tx) => {
        const template = await createCourseTemplate(tx, moderator, {
          name: 'Звук [Р]: курс на п’ять уроків',
          description: 'Від розминки до фраз: п’ять уроків на звук [Р] для дітей 5–7 років.',
          language: 'uk',
          lessons: LESSONS.map(([title, parents, teacherText], index) => ({
            title,
            description_parents: parents,
            description_teacher: teacherText,
            exercise_ids: fitting[index] ?? [],
          })),
        });
        await publishCourseTemplate(tx, moderator, template.id);
        await startCourse(tx, teacher, {
          protocol_id: plan.id,
          course_template_id: template.id,
          weekdays: [1, 4],
          time: '15:00',
          start_date: monday.toISOString().slice(0, 10),
          time_zone: 'Europe/Kyiv',
        });
      });
      return;
    } catch (error) {
      // Too few free lessons, or a booking at that time: the next plan (nothing of this one stays).
      if (!(error instanceof AppError)) throw error;
    }
  }
}
