import { describe, expect, it } from 'vitest';
import { LESSON_TIME_BEFORE_MINUTES, atLessonTime, trendOf } from './dashboard.ts';

describe('lesson time', () => {
  const start = '2030-01-07T14:00:00.000Z';
  const at = (iso: string) => atLessonTime(start, 45, new Date(iso));

  it(`opens ${LESSON_TIME_BEFORE_MINUTES} minutes before the start and closes at the end`, () => {
    expect(at('2030-01-07T13:44:59.999Z')).toBe(false);
    expect(at('2030-01-07T13:45:00.000Z')).toBe(true);
    expect(at('2030-01-07T14:30:00.000Z')).toBe(true);
    expect(at('2030-01-07T14:44:59.999Z')).toBe(true);
    expect(at('2030-01-07T14:45:00.000Z')).toBe(false);
  });
});

describe('the trend of the lessons held', () => {
  const held = (...shares: [number, number][]) =>
    shares.map(([said_right, tries], index) => ({ date: `2030-01-0${index + 1}`, tries, said_right }));

  it('needs two lessons with tries', () => {
    expect(trendOf([])).toBeNull();
    expect(trendOf(held([3, 4]))).toBeNull();
    expect(trendOf(held([3, 4], [0, 0]))).toBeNull();
  });

  it('compares the last two with tries, skipping lessons without', () => {
    expect(trendOf(held([2, 4], [0, 0], [3, 4]))).toBe('better');
    expect(trendOf(held([3, 4], [2, 4]))).toBe('harder');
    expect(trendOf(held([6, 10], [13, 20]))).toBe('steady');
    // Ten percentage points is the step either way.
    expect(trendOf(held([5, 10], [6, 10]))).toBe('better');
    expect(trendOf(held([6, 10], [5, 10]))).toBe('harder');
  });
});
