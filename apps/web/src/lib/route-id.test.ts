import { INT_MAX } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { routeId } from './route-id.ts';

describe('routeId', () => {
  it('reads a positive whole number', () => {
    expect(routeId('1')).toEqual({ id: 1, bad: false });
    expect(routeId('42')).toEqual({ id: 42, bad: false });
    expect(routeId(String(INT_MAX))).toEqual({ id: INT_MAX, bad: false });
  });

  it('is no id, and nothing bad, when the address names none', () => {
    expect(routeId(undefined)).toEqual({ id: null, bad: false });
    expect(routeId('')).toEqual({ id: null, bad: false });
  });

  it.each(['abc', 'NaN', '0', '-3', '1.5', '1e3', '0x10', ' 7', '7 ', '007', '12abc', String(INT_MAX + 1)])(
    'is bad for %j, with no id to ask the API about',
    (value) => {
      expect(routeId(value)).toEqual({ id: null, bad: true });
    },
  );
});
