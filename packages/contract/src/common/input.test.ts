import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputProblems } from './input.ts';
import { INPUT_DEPTH_MAX } from './limits.ts';

const nest = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('inputProblems', () => {
  it('finds NUL and unpaired surrogates in values and keys, with their paths', () => {
    expect(inputProblems({ a: 'ok', b: ['x', 'y\u0000'], 'k\ud800': 1 })).toEqual(
      expect.arrayContaining([
        { path: ['b', 1], problem: 'forbiddenCharacters' },
        { path: ['k\ud800'], problem: 'forbiddenCharacters' },
      ]),
    );
    expect(inputProblems('\udc00')).toEqual([{ path: [], problem: 'forbiddenCharacters' }]);
  });

  it('reads objects without a prototype (a parsed query) and skips bytes', () => {
    const query = Object.assign(Object.create(null) as object, { term: 'a\u0000' });
    expect(inputProblems(query)).toEqual([{ path: ['term'], problem: 'forbiddenCharacters' }]);
    expect(inputProblems({ file: { filename: 'a.pptx', content: new Uint8Array([0, 0xd8]) } })).toEqual([]);
  });

  it('takes nesting up to the limit and refuses one level more, without recursion at 100,000 levels', () => {
    expect(inputProblems(nest(INPUT_DEPTH_MAX))).toEqual([]);
    expect(inputProblems(nest(INPUT_DEPTH_MAX + 1))).toEqual([
      { path: expect.any(Array), problem: 'tooDeep' },
    ]);
    expect(inputProblems(nest(100_000))).toHaveLength(1);
  });

  it('finds nothing in well-formed text, whatever its script (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        const text = JSON.stringify(value);
        const clean = JSON.parse(text.replace(/\\u0000/g, '')) as unknown;
        expect(inputProblems(clean)).toEqual([]);
      }),
    );
  });
});
