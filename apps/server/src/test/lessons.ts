import type { Lesson, LessonListItem, Plan, ProtocolTemplate } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { lessons } from '../db/schema/index.ts';
import { apiAs, type Response } from './api.ts';
import { buildSchool, type School } from './exercises.ts';
import {
  buildCategory,
  buildExercise,
  buildSignedInMember,
  buildSoundFolders,
  type Member,
} from './factories.ts';

/** The `data` of an answer, after checking its status (the body is the message when it is not). */
export function dataOf<T>(response: Response, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
}

/** A school whose teacher has a student with a filled plan, and the exercises its folders hold. */
export interface LessonSchool extends School {
  template: ProtocolTemplate;
  student: { id: number };
  plan: Plan;
  /** Accepted exercises in a leaf under the "Articulation" block's folder: usage 3, 3, 3, 1. */
  words: number[];
  /** Accepted exercises in a leaf under the "Phrases" block's folder: usage 1, 3, 3. */
  phrases: number[];
  /** A draft in the words leaf, and an accepted exercise outside both folders. */
  draft: number;
  elsewhere: number;
  /** The folders (categories) of the two blocks. */
  wordsFolder: number;
  phrasesFolder: number;
  /** Another teacher of the school with a filled plan of their own student. */
  otherTeacher: Member;
  otherPlan: Plan;
  diagnostician: Member;
}

const FUTURE = '2099-06-30';

/**
 * A published two-block template: "Articulation" (1 to 3 presentations, the words or phrases
 * folder) and "Phrases" (exactly 2, the phrases folder), a plan of it for each teacher's student,
 * filled with the words and phrases folders.
 */
export async function buildLessonSchool(app: App, db: Db): Promise<LessonSchool> {
  const s = await buildSchool(db);
  const ws = s.workspace.id;
  const { sounds, words, phrases } = await buildSoundFolders(db, ws);
  const wordsLeaf = await buildCategory(db, ws, { name: 'R words leaf', parentId: words.id });
  const phrasesLeaf = await buildCategory(db, ws, { name: 'R phrases leaf', parentId: phrases.id });
  const other = await buildCategory(db, ws, { name: 'Elsewhere' });
  const as = (who: Member) => apiAs(app, who);
  const template = dataOf<ProtocolTemplate>(
    await as(s.moderator).post('/api/templates', {
      title: 'Sound [R]',
      description: 'For the educator',
      blocks: [
        {
          target: 'Articulation',
          category_id: sounds.id,
          min_presentations: 1,
          max_presentations: 3,
          folders: [{ category_id: words.id }, { category_id: phrases.id }],
        },
        {
          target: 'Phrases',
          category_id: sounds.id,
          min_presentations: 2,
          max_presentations: 2,
          folders: [{ category_id: phrases.id }],
        },
      ],
    }),
    201,
  );
  dataOf(await as(s.moderator).post(`/api/templates/${template.id}/review`, { action: 'publish' }));
  const exercise = async (categoryId: number, title: string, usage: 1 | 3 = 1, statusId = 1) =>
    (
      await buildExercise(db, ws, s.author.user.id, {
        categoryId,
        title,
        usageFrequency: usage,
        statusId,
      })
    ).id;
  const wordIds = [
    await exercise(wordsLeaf.id, 'Word one', 3),
    await exercise(wordsLeaf.id, 'Word two', 3),
    await exercise(wordsLeaf.id, 'Word three', 3),
    await exercise(wordsLeaf.id, 'Word four', 1),
  ];
  const phraseIds = [
    await exercise(phrasesLeaf.id, 'Phrase one'),
    await exercise(phrasesLeaf.id, 'Phrase two', 3),
    await exercise(phrasesLeaf.id, 'Phrase three', 3),
  ];
  const draft = await exercise(wordsLeaf.id, 'Word draft', 3, 4);
  const elsewhere = await exercise(other.id, 'Elsewhere', 3);

  const filledPlan = async (teacher: Member, childName: string) => {
    const student = dataOf<{ id: number }>(
      await as(teacher).post('/api/clients', { client_name: 'Parent', child_name: childName }),
      201,
    );
    const plan = dataOf<Plan>(
      await as(teacher).post('/api/protocols', {
        client_id: student.id,
        template_id: template.id,
        deadline: FUTURE,
      }),
      201,
    );
    const [first, second] = plan.blocks;
    if (!first || !second) throw new Error('the template has two blocks');
    const filled = dataOf<Plan>(
      await as(teacher).put(`/api/protocols/${plan.id}`, {
        deadline: FUTURE,
        blocks: [
          { key: first.key, folder_id: words.id, min_presentations: 1, max_presentations: 3 },
          { key: second.key, folder_id: phrases.id, min_presentations: 2, max_presentations: 2 },
        ],
      }),
    );
    return { student, plan: filled };
  };
  const own = await filledPlan(s.teacher, 'Marko');
  const otherTeacher = await buildSignedInMember(db, s.workspace, 'teacher', { name: 'Olena Teacher' });
  const theirs = await filledPlan(otherTeacher, 'Ivanka');
  const diagnostician = await buildSignedInMember(db, s.workspace, 'diagnostician', { name: 'Daria' });
  return {
    ...s,
    template,
    student: own.student,
    plan: own.plan,
    words: wordIds,
    phrases: phraseIds,
    draft,
    elsewhere,
    wordsFolder: words.id,
    phrasesFolder: phrases.id,
    otherTeacher,
    otherPlan: theirs.plan,
    diagnostician,
  };
}

/** The lessons of one plan of the member's, by number (the list makes them on its first call). */
export async function lessonsOfPlan(app: App, who: Member, planId: number): Promise<LessonListItem[]> {
  const page = await apiAs(app, who).get('/api/lessons', { query: `protocol_id=${planId}&per_page=100` });
  expect(page.statusCode, page.body).toBe(200);
  return (page.json().data as LessonListItem[]).sort((a, b) => a.number - b.number);
}

/** One lesson as its teacher reads it. */
export const readLesson = async (app: App, who: Member, id: number) =>
  dataOf<Lesson>(await apiAs(app, who).get(`/api/lesson/${id}`));

/** The exercises of a lesson's blocks, in order. */
export const idsOf = (lesson: Lesson) =>
  lesson.blocks.map((block) => block.presentations.map((p) => p.exercise_id));

/** A lesson body that keeps the date and length and gives the blocks these exercises. */
export const lessonBody = (lesson: Lesson, ids: number[][], values: Record<string, unknown> = {}) => ({
  starts_at: lesson.starts_at,
  duration_minutes: lesson.duration_minutes,
  blocks: lesson.blocks.map((block, index) => ({ key: block.key, exercise_ids: ids[index] ?? [] })),
  ...values,
});

/** Marks a lesson as being regenerated until `until` (the regeneration job's lock). */
export async function lockLesson(db: Db, id: number, until: Date | null) {
  await db.update(lessons).set({ lockedUntil: until }).where(eq(lessons.id, id));
}
