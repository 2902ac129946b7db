import {
  exerciseStatusName,
  type ExerciseActor,
  type ExerciseStatusName,
} from '../exercises/status-machine.ts';
import { roleMay } from './permissions.ts';
import type { RoleName } from './roles.ts';

/**
 * The record rules of exercises (STYLE §4: the permission table plus a few record predicates). They
 * read the table (`exercises.*`), never a role's name, so changing who may do what stays one edit.
 */

/** Whom an exercise belongs to. */
export interface ExerciseOwnership {
  author_id: number;
  assigned_id: number | null;
}

/** An exercise as the rules see it. */
export interface ExerciseRecord extends ExerciseOwnership {
  status_id: number;
  read_only: boolean;
}

/**
 * The author an exercise is with: the one who took the request when it was a request, else the one
 * who wrote it. The author filter matches this person (spec §5).
 */
export function responsibleAuthorId(exercise: ExerciseOwnership): number {
  return exercise.assigned_id ?? exercise.author_id;
}

/** Who a caller acting as `role` is for one exercise (see `ExerciseActor`). */
export function exerciseActors(role: RoleName, userId: number, exercise: ExerciseOwnership): ExerciseActor[] {
  const actors: ExerciseActor[] = [];
  if (roleMay(role, 'exercises.author')) {
    actors.push('author');
    if (responsibleAuthorId(exercise) === userId) actors.push('owner');
  }
  if (roleMay(role, 'exercises.moderate')) actors.push('moderator');
  return actors;
}

/**
 * Which exercises of a project a role reads: `all`, or those in `statuses` plus, with `own`, those
 * the caller is responsible for. Moderators read everything; authors their own, open requests (to
 * take them) and the accepted library; every other reader (teachers) the accepted library only.
 * Null when the role may not read exercises at all.
 */
export interface ExerciseReadScope {
  all: boolean;
  own: boolean;
  statuses: readonly ExerciseStatusName[];
}

export function exerciseReadScope(role: RoleName): ExerciseReadScope | null {
  if (roleMay(role, 'exercises.moderate')) return { all: true, own: false, statuses: [] };
  if (roleMay(role, 'exercises.author')) return { all: false, own: true, statuses: ['accepted', 'request'] };
  if (roleMay(role, 'exercises.read')) return { all: false, own: false, statuses: ['accepted'] };
  return null;
}

/** Whether an exercise falls in a read scope, for the caller `userId`. */
export function inReadScope(scope: ExerciseReadScope, userId: number, exercise: ExerciseRecord): boolean {
  if (scope.all) return true;
  if (scope.own && responsibleAuthorId(exercise) === userId) return true;
  const status = exerciseStatusName(exercise.status_id);
  return status !== undefined && scope.statuses.includes(status);
}

/** Whether a caller acting as `role` may see an exercise (404 otherwise, as if it were not there). */
export function mayReadExercise(role: RoleName, userId: number, exercise: ExerciseRecord): boolean {
  const scope = exerciseReadScope(role);
  return scope !== null && inReadScope(scope, userId, exercise);
}

/** Statuses in which the responsible author edits and deletes their exercise. */
export const OWNER_EDITABLE_STATUSES: readonly ExerciseStatusName[] = ['draft', 'declined'];
export const OWNER_DELETABLE_STATUSES: readonly ExerciseStatusName[] = ['draft'];

const statusIn = (exercise: ExerciseRecord, statuses: readonly ExerciseStatusName[]) => {
  const status = exerciseStatusName(exercise.status_id);
  return status !== undefined && statuses.includes(status);
};

/**
 * Whether these actors may change an exercise's fields: a moderator any exercise; its author only
 * while it is a draft or declined (spec §6, issue 6 item 7) and not read-only.
 */
export function mayEditExercise(actors: readonly ExerciseActor[], exercise: ExerciseRecord): boolean {
  if (actors.includes('moderator')) return true;
  return actors.includes('owner') && !exercise.read_only && statusIn(exercise, OWNER_EDITABLE_STATUSES);
}

/** Whether these actors may delete an exercise: a moderator any; its author only a draft. */
export function mayDeleteExercise(actors: readonly ExerciseActor[], exercise: ExerciseRecord): boolean {
  if (actors.includes('moderator')) return true;
  return actors.includes('owner') && !exercise.read_only && statusIn(exercise, OWNER_DELETABLE_STATUSES);
}

/** What a new exercise is for a role: a moderator files a request, an author starts a draft. */
export function newExerciseStatus(role: RoleName): 'request' | 'draft' | null {
  if (roleMay(role, 'exercises.moderate')) return 'request';
  if (roleMay(role, 'exercises.author')) return 'draft';
  return null;
}

/** Whether a role may set the moderator-only fields (flags, request). */
export function maySetModeratorFields(role: RoleName): boolean {
  return roleMay(role, 'exercises.moderate');
}
