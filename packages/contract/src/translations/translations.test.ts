import { describe, expect, it } from 'vitest';
import { placeholdersOf, translationKeysOf, translationProblems } from './schemas.ts';

const counted = (texts: Record<string, string>, language: 'uk' | 'en' = 'uk') =>
  translationProblems({
    language,
    key: 'x.count',
    counted: true,
    english: ['{{name}}: {{count}} lesson', '{{name}}: {{count}} lessons'],
    texts,
  });

const UK = {
  'x.count_one': '{{name}}: {{count}} урок',
  'x.count_few': '{{name}}: {{count}} уроки',
  'x.count_many': '{{name}}: {{count}} уроків',
  'x.count_other': '{{name}}: {{count}} уроку',
};

describe('a text’s problems', () => {
  it('knows the forms a language needs', () => {
    expect(translationKeysOf('uk', 'x.count', true)).toEqual([
      'x.count_few',
      'x.count_many',
      'x.count_one',
      'x.count_other',
    ]);
    expect(translationKeysOf('en', 'x.count', true)).toEqual(['x.count_one', 'x.count_other']);
    expect(translationKeysOf('uk', 'x.title', false)).toEqual(['x.title']);
  });

  it('finds none in a whole plural that keeps the English placeholders, in any order', () => {
    expect(counted(UK)).toEqual([]);
    expect(counted({ ...UK, 'x.count_few': '{{count}} уроки ({{name}})' })).toEqual([]);
  });

  it('says which form lacks {{count}}, drops or adds a placeholder, is missing, empty or unknown', () => {
    expect(counted({ ...UK, 'x.count_few': '{{name}}: кілька уроків' })).toEqual([
      { key: 'x.count_few', problem: 'count' },
    ]);
    expect(counted({ ...UK, 'x.count_many': '{{count}} уроків' })).toEqual([
      { key: 'x.count_many', problem: 'placeholders', values: '{{count}}, {{name}}' },
    ]);
    expect(counted({ ...UK, 'x.count_one': '{{name}} {{date}}: {{count}} урок' })).toEqual([
      { key: 'x.count_one', problem: 'placeholders', values: '{{count}}, {{name}}' },
    ]);
    const { 'x.count_other': _other, ...withoutOther } = UK;
    expect(counted(withoutOther)).toEqual([{ key: 'x.count_other', problem: 'missingForm' }]);
    expect(counted({ ...UK, 'x.count_one': '  ' })).toEqual([{ key: 'x.count_one', problem: 'required' }]);
    expect(
      counted(
        {
          'x.count_one': '{{name}}: {{count}} lesson',
          'x.count_other': '{{name}}: {{count}} lessons',
          'x.count_few': '{{name}}: {{count}}',
        },
        'en',
      ),
    ).toEqual([{ key: 'x.count_few', problem: 'unknown' }]);
  });

  it('reads placeholders with spaces and formats as the same names', () => {
    expect(placeholdersOf(['{{ count }} and {{date, short}}', '{{count}}'])).toEqual(['count', 'date']);
  });
});
