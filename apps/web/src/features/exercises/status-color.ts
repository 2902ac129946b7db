import { EXERCISE_STATUS_COLORS, type ExerciseStatusName } from '@logoschool/contract';

/**
 * The Mantine shade each of the spec's status colours (§3) is shown in on a filled badge with
 * `autoContrast`, so that its text passes WCAG AA (4.5:1): the dark shade 9 with white text, except
 * green, whose shade 9 is 4.4:1 with white (teal 9 keeps it green), and yellow, whose dark shades
 * are orange (yellow 9 is #e67700): a light yellow with black text.
 */
const BADGE_SHADES: Record<(typeof EXERCISE_STATUS_COLORS)[ExerciseStatusName], string> = {
  green: 'teal.9',
  red: 'red.9',
  yellow: 'yellow.4',
  gray: 'gray.9',
  blue: 'blue.9',
};

/** A status badge's colour; the badge takes `autoContrast` (see `BADGE_SHADES`). */
export function statusBadgeColor(status: ExerciseStatusName): string {
  return BADGE_SHADES[EXERCISE_STATUS_COLORS[status]];
}
