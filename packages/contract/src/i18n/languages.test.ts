import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_LANGUAGE, LANGUAGES, isLanguage, pickLanguage } from './languages.ts';

/** Any text, and text made of the characters headers are made of, so that odd shapes come up often. */
const anyHeader = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(...'uknrpl-;,=q.0123456789eE+* \t'.split('')) }),
);

describe('pickLanguage', () => {
  it('falls back to Russian for the API', () => {
    expect(DEFAULT_API_LANGUAGE).toBe('ru');
    expect(pickLanguage(undefined)).toBe('ru');
    expect(pickLanguage('')).toBe('ru');
    expect(pickLanguage('   ')).toBe('ru');
  });

  it.each([
    ['uk', 'uk'],
    ['en', 'en'],
    ['pl', 'pl'],
    ['ru', 'ru'],
    ['uk-UA', 'uk'],
    ['en-GB', 'en'],
    ['pl-PL', 'pl'],
    ['EN-us', 'en'],
    [' pl ', 'pl'],
  ])('reads %j as %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });

  it('takes the first supported language by quality, then by order', () => {
    expect(pickLanguage('uk-UA;q=0.9, en;q=0.8')).toBe('uk');
    expect(pickLanguage('en;q=0.5, pl;q=0.9')).toBe('pl');
    expect(pickLanguage('en;q=0.5,pl')).toBe('pl');
    expect(pickLanguage('pl;q=0.7, en;q=0.7')).toBe('pl');
    expect(pickLanguage('en;q=0.7, pl;q=0.7')).toBe('en');
    expect(pickLanguage('de-DE, fr;q=0.9, en;q=0.8, uk;q=0.1')).toBe('en');
    expect(pickLanguage('uk-UA,uk;q=0.9,en-US;q=0.8')).toBe('uk');
  });

  it('skips languages refused with q=0 and languages it does not speak', () => {
    expect(pickLanguage('en;q=0, pl;q=0.1')).toBe('pl');
    expect(pickLanguage('en;q=0')).toBe('ru');
    expect(pickLanguage('de')).toBe('ru');
    expect(pickLanguage('de-DE, fr;q=0.9, *;q=0.5')).toBe('ru');
  });

  it('uses the fallback it is given', () => {
    expect(pickLanguage(undefined, 'en')).toBe('en');
    expect(pickLanguage('de', 'uk')).toBe('uk');
    expect(pickLanguage('pl', 'uk')).toBe('pl');
  });

  it('treats a quality that is not a number as a refusal', () => {
    expect(pickLanguage('en;q=abc, pl;q=0.2')).toBe('pl');
    expect(pickLanguage('en;q=abc')).toBe('ru');
  });

  it('never throws and always answers a supported language (property)', () => {
    fc.assert(
      fc.property(anyHeader, (header) => {
        expect(LANGUAGES).toContain(pickLanguage(header));
      }),
    );
  });

  it('answers a listed language, or the fallback, for headers made of language tags (property)', () => {
    const tag = fc.constantFrom('uk', 'ru', 'en', 'pl', 'de', 'fr', 'uk-UA', 'en-GB', '*', '', ';', 'q=');
    const part = fc.tuple(tag, fc.option(fc.double({ noNaN: false }), { nil: undefined }));
    const header = fc
      .array(part)
      .map((parts) => parts.map(([t, q]) => (q === undefined ? t : `${t};q=${q}`)).join(','));
    fc.assert(
      fc.property(header, fc.constantFrom(...LANGUAGES), (value, fallback) => {
        const picked = pickLanguage(value, fallback);
        expect(picked === fallback || value.toLowerCase().includes(picked)).toBe(true);
      }),
    );
  });
});

describe('isLanguage', () => {
  it('knows exactly uk, ru, en and pl', () => {
    expect(LANGUAGES).toEqual(['uk', 'ru', 'en', 'pl']);
    expect(LANGUAGES.every(isLanguage)).toBe(true);
    for (const value of ['', 'de', 'UK', 'uk-UA', 'toString', '__proto__'])
      expect(isLanguage(value)).toBe(false);
  });
});
