import { EXERCISE_STATUS_COLORS, type ExerciseStatusName } from '@logoschool/contract';

/**
 * A status badge's colour: the spec's colour (§3) at shade 9, except green, whose shade 9 is 4.4:1
 * with white text; teal 9 keeps it green and passes AA.
 */
export function statusBadgeColor(status: ExerciseStatusName): string {
  const color = EXERCISE_STATUS_COLORS[status];
  return color === 'green' ? 'teal.9' : `${color}.9`;
}
