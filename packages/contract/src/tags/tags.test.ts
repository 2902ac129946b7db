import { describe, expect, it } from 'vitest';
import { TAG_NAME_MAX, TAG_NAME_MIN } from '../common/limits.ts';
import { tagInput } from './schemas.ts';

describe('tagInput', () => {
  it('trims the name and bounds it (spec §5)', () => {
    expect(tagInput.parse({ name: ' game ' })).toEqual({ name: 'game' });
    expect(tagInput.safeParse({ name: 'x'.repeat(TAG_NAME_MIN - 1) }).success).toBe(false);
    expect(tagInput.safeParse({ name: 'x'.repeat(TAG_NAME_MAX) }).success).toBe(true);
    expect(tagInput.safeParse({ name: 'x'.repeat(TAG_NAME_MAX + 1) }).success).toBe(false);
  });
});
