import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { ROLE_LABELS, roleLabelsIn } from './role-labels.ts';
import { ROLE_NAMES } from './roles.ts';

describe('role labels', () => {
  it.each(ROLE_NAMES)('names %s in every language', (role) => {
    for (const lang of LANGUAGES) expect(ROLE_LABELS[role][lang].trim(), lang).not.toBe('');
  });

  it('names no role that does not exist', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it('gives one language as a section of texts', () => {
    expect(roleLabelsIn('en')).toMatchObject({ teacher: 'Speech therapist', root: 'Super admin' });
    expect(Object.keys(roleLabelsIn('uk'))).toEqual(ROLE_NAMES);
  });
});
