import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, daysOf, weekOf } from './week.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the weeks of the lessons list', () => {
  it('starts a week on its Monday, whichever day names it', () => {
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2026-11-30')).toBe('2026-11-30');
    expect(daysOf('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('reads a week the address names wrongly as this week', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    for (const wrong of [null, '', '2026-02-30', 'next', '2026-11-25T00:00'])
      expect(weekOf(wrong)).toBe('2026-11-23');
  });

  it('counts days across a change of clocks and of years', () => {
    expect(addDays('2026-03-23', 7)).toBe('2026-03-30');
    expect(addDays('2026-10-26', -7)).toBe('2026-10-19');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });
});
