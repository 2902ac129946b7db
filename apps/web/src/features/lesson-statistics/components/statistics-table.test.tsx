import type { TeacherLessonStatistic } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { sortByHeld } from './statistics-table.tsx';

const row = (name: string, held: number): TeacherLessonStatistic => ({
  teacher_id: held * 10 + name.length,
  teacher_name: name,
  held,
  finished: held,
  minutes: held * 45,
  students: 1,
  correct: 0,
  incorrect: 0,
  cued: 0,
  free_booked: 0,
  free_held: 0,
  free_converted: 0,
});

describe('sortByHeld', () => {
  it('puts the most held first, or the fewest, ties by name', () => {
    const rows = [row('Olena', 2), row('Bohdan', 5), row('Anna', 2)];
    expect(sortByHeld(rows, 'desc').map((r) => r.teacher_name)).toEqual(['Bohdan', 'Anna', 'Olena']);
    expect(sortByHeld(rows, 'asc').map((r) => r.teacher_name)).toEqual(['Anna', 'Olena', 'Bohdan']);
    // The list given is left as it was.
    expect(rows.map((r) => r.teacher_name)).toEqual(['Olena', 'Bohdan', 'Anna']);
  });
});
