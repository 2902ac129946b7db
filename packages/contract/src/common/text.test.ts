import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, hasForbiddenText } from './text.ts';

describe('hasForbiddenText', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
    ['a high surrogate at the end', 'abc\uD83D'],
    ['a pair the wrong way round', '\uDE00\uD83D'],
  ])('is true for %s', (_what, value) => {
    expect(hasForbiddenText(value)).toBe(true);
  });

  it.each([
    ['plain text', 'Say R'],
    ['the empty string', ''],
    ['Cyrillic and Polish', 'Рак і ząb'],
    ['an emoji (a surrogate pair)', 'a\u{1F600}b'],
    ['other control characters, which a text field may refuse on its own', 'a\u0001\t\n\r\u001fb'],
  ])('is false for %s', (_what, value) => {
    expect(hasForbiddenText(value)).toBe(false);
  });
});

describe('cleanText', () => {
  it('drops NUL, the other C0 controls and lone surrogates, keeping tab, line breaks and pairs', () => {
    expect(cleanText('a\u0000b\u0001c\u000bd\u000ce\u001ff')).toBe('abcdef');
    expect(cleanText('line\r\nnext\tcell')).toBe('line\r\nnext\tcell');
    expect(cleanText('R\uD800L\uDC00\u{1F600}')).toBe('RL\u{1F600}');
    // Dropping a control between two halves does not make them a pair.
    expect(cleanText('\uD83D\u0001\uDE00')).toBe('');
  });

  const anyText = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
    fc
      .array(fc.constantFrom('\u0000', '\uD800', '\uDC00', '\uD83D', '\uDE00', '\u0001', 'a', ' ', '\n'))
      .map((parts) => parts.join('')),
  );

  it('never leaves forbidden text, and cleaning twice changes nothing', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const clean = cleanText(value);
        expect(hasForbiddenText(clean)).toBe(false);
        expect(cleanText(clean)).toBe(clean);
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves text without anything to drop as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const isDropped = (code: number) => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
        fc.pre(![...value].some((character) => isDropped(character.charCodeAt(0))));
        expect(cleanText(value)).toBe(value);
      }),
    );
  });
});
