import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_THEMES_MAX } from '../common/limits.ts';
import {
  ageInYears,
  birthdateSchema,
  clientInput,
  clientUpdate,
  customThemesSchema,
  todayIso,
} from './schemas.ts';

const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The same age counted with the calendar: a 29 February birthday falls on 1 March in common years. */
function referenceAge(birthdate: string, today: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const years = ty - by;
  return Date.UTC(by + years, bm - 1, bd) > Date.UTC(ty, tm - 1, td) ? years - 1 : years;
}

describe('ageInYears', () => {
  it.each([
    ['2018-05-14', '2025-05-13', 6],
    ['2018-05-14', '2025-05-14', 7],
    ['2018-05-14', '2025-05-15', 7],
    ['2018-12-31', '2025-01-01', 6],
    ['2018-01-01', '2024-12-31', 6],
    ['2018-01-01', '2025-01-01', 7],
    ['2025-03-01', '2025-03-01', 0],
    ['2016-02-29', '2025-02-28', 8],
    ['2016-02-29', '2025-03-01', 9],
    ['2016-02-29', '2024-02-28', 7],
    ['2016-02-29', '2024-02-29', 8],
  ])('born %s, on %s: %i', (birthdate, today, age) => {
    expect(ageInYears(birthdate, today)).toBe(age);
  });

  it('agrees with the calendar for any birthdate and later day', () => {
    const day = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) }).map(iso);
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [birthdate, today] = a <= b ? [a, b] : [b, a];
        expect(ageInYears(birthdate, today)).toBe(referenceAge(birthdate, today));
      }),
    );
  });

  it('counts to today (UTC) by default', () => {
    expect(ageInYears(todayIso())).toBe(0);
    expect(todayIso(new Date('2025-06-30T23:59:59.999Z'))).toBe('2025-06-30');
  });
});

describe('birthdateSchema', () => {
  const tomorrow = iso(Date.now() + 24 * 3600_000);
  it.each([
    ['2023-02-30', 'date'],
    ['2023-02-29', 'date'],
    ['14.05.2019', 'date'],
    ['2019-5-14', 'date'],
    ['1899-12-31', 'dateTooEarly'],
    [tomorrow, 'dateInFuture'],
  ])('refuses %s with the one message %s', (value, message) => {
    const result = birthdateSchema.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it.each(['1900-01-01', '2024-02-29', todayIso()])('takes %s', (value) => {
    expect(birthdateSchema.parse(value)).toBe(value);
  });
});

describe('customThemesSchema', () => {
  it('trims the names and refuses empty ones, repeats (ignoring case) and too many', () => {
    expect(customThemesSchema.parse([' cars ', 'dinosaurs'])).toEqual(['cars', 'dinosaurs']);
    expect(customThemesSchema.safeParse(['  ']).success).toBe(false);
    expect(customThemesSchema.safeParse(['Cars', 'cars ']).error?.issues[0]?.message).toBe('unique');
    const many = Array.from({ length: CLIENT_THEMES_MAX + 1 }, (_, index) => `theme ${index}`);
    expect(customThemesSchema.safeParse(many).success).toBe(false);
    expect(customThemesSchema.safeParse(many.slice(1)).success).toBe(true);
  });
});

describe('clientInput', () => {
  it('needs both names, trims them, and takes nothing unknown', () => {
    expect(clientInput.parse({ client_name: ' Olena ', child_name: 'Sofiia' })).toEqual({
      client_name: 'Olena',
      child_name: 'Sofiia',
    });
    expect(clientInput.safeParse({ client_name: 'Olena' }).success).toBe(false);
    expect(clientInput.safeParse({ client_name: 'Olena', child_name: '   ' }).success).toBe(false);
    expect(clientInput.safeParse({ client_name: 'Olena', child_name: 'Sofiia', age: 5 }).success).toBe(false);
  });

  it('lets an edit name any of the fields, and no other', () => {
    expect(clientUpdate.parse({})).toEqual({});
    expect(clientUpdate.parse({ birthdate: null })).toEqual({ birthdate: null });
    expect(clientUpdate.safeParse({ teacher_id: 1 }).success).toBe(false);
  });
});
