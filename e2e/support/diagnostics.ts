import {
  API,
  type Answers,
  type FinishLessonInput,
  type Lesson,
  type MarkInput,
  type MarkResult,
  type ClientDiagnosticiansInput,
  type DiagnosticCard,
  type DiagnosticCardInput,
  type Diagnosis,
  type DiagnosisUpdateInput,
  type Diagnostician,
  type diagnosisCompleteInput,
  type diagnosisCreateInput,
} from '@logoschool/contract';
import { fillLesson, scheduleLesson } from './lessons.ts';
import type { Caller, School } from './school.ts';

/** The contract names no type for these two bodies: they are read off its schemas, as lessons.ts does. */
type DiagnosisCreateInput = (typeof diagnosisCreateInput)['_zod']['input'];
type DiagnosisCompleteInput = (typeof diagnosisCompleteInput)['_zod']['input'];

/** A diagnostic card of the school's, written and published (version 1) by its moderator. */
export async function publishedCard(school: School, input: DiagnosticCardInput): Promise<DiagnosticCard> {
  const moderator = await school.as('moderator');
  const made = await moderator.call<DiagnosticCard>('post', API.diagnosticCards, input);
  return moderator.call<DiagnosticCard>('post', `${API.diagnosticCards}/${made.id}/publish`);
}

/** The teacher assigns her student to the school's diagnostician, found among the project's by e-mail. */
export async function assignDiagnostician(school: School, clientId: number): Promise<void> {
  const teacher = await school.as('teacher');
  const diagnosticians = await teacher.call<Diagnostician[]>('get', API.diagnosticians);
  const email = school.person('diagnostician').email;
  const diagnostician = diagnosticians.find((user) => user.email === email);
  if (!diagnostician) throw new Error(`${email} is not among the project's diagnosticians.`);
  await teacher.call('put', `${API.clients}/${clientId}/diagnosticians`, {
    user_ids: [diagnostician.id],
  } satisfies ClientDiagnosticiansInput);
}

/** What a completed diagnosis says: its day, its answers (by the questions of its card), its notes. */
export interface DiagnosisSpec {
  diagnosedOn: string;
  /** The answers, given the diagnosis as started (its card's questions carry their keys). */
  answers: (started: Diagnosis) => Answers;
  notes?: string;
}

/**
 * A diagnosis of the teacher's student on a published card, filled and completed through the API as
 * the filling screen's save does (required questions left out allowed).
 */
export async function completedDiagnosis(
  school: School,
  clientId: number,
  cardId: number,
  spec: DiagnosisSpec,
): Promise<Diagnosis> {
  const teacher = await school.as('teacher');
  const started = await teacher.call<Diagnosis>('post', `${API.clients}/${clientId}/diagnoses`, {
    card_id: cardId,
  } satisfies DiagnosisCreateInput);
  await teacher.call('put', `${API.diagnoses}/${started.id}`, {
    client_name: started.client_name,
    child_name: started.child_name,
    birthdate: null,
    diagnosed_on: spec.diagnosedOn,
    answers: spec.answers(started),
    notes: spec.notes ?? '',
  } satisfies DiagnosisUpdateInput);
  return teacher.call<Diagnosis>('post', `${API.diagnoses}/${started.id}/complete`, {
    without_required: true,
    scale_changes_seen: true,
  } satisfies DiagnosisCompleteInput);
}

/** The trials marked on each block's exercises, by the block's place in the plan. */
export type BlockTrials = readonly (readonly MarkResult[])[];

/**
 * Marks, as the player does, each block's trials on every exercise the block presents; a cued
 * trial was helped by a word.
 */
export async function markTrials(teacher: Caller, lesson: Lesson, trials: BlockTrials): Promise<void> {
  for (const [index, block] of lesson.blocks.entries()) {
    for (const { exercise_id } of block.presentations) {
      for (const result of trials[index] ?? []) {
        await teacher.call('post', `${API.lesson}/${lesson.id}/marks`, {
          exercise_id,
          result,
          ...(result === 'cued' ? { cue: 'verbal' as const } : {}),
        } satisfies MarkInput);
      }
    }
  }
}

/** How a lesson was played: when it started, how long it was planned, its trials, and whether it is over. */
export interface PlaySpec {
  startsAt: string;
  minutes: number;
  trials: BlockTrials;
  finished: boolean;
}

/**
 * One of the teacher's lessons filled automatically from its blocks' folders, given a date and a
 * length, its trials marked and, when said, finished with everything reached. A lesson finished
 * through the API is finished now: only an unfinished one keeps its date in the past.
 */
export async function playedLesson(teacher: Caller, lessonId: number, spec: PlaySpec): Promise<Lesson> {
  const filled = await fillLesson(teacher, lessonId);
  const lesson = await scheduleLesson(teacher, filled, spec.startsAt, spec.minutes);
  await markTrials(teacher, lesson, spec.trials);
  if (!spec.finished) return lesson;
  return teacher.call<Lesson>('post', API.lessonFinish, {
    lesson_id: lesson.id,
    reached: lesson.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id)),
  } satisfies FinishLessonInput);
}
