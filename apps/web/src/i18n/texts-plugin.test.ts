import { LANGUAGES } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { mergeTexts, textFiles, wholeTexts } from '../../texts-plugin.ts';

describe("the areas' texts", () => {
  it('are merged section by section, an area adding to a shared section', () => {
    const texts = {};
    const owner = new Map<string, string>();
    mergeTexts(texts, { nav: { users: 'Users' }, app: { title: 'School' } }, 'shared.json', owner);
    mergeTexts(texts, { nav: { widgets: 'Widgets' }, widgets: { title: 'Widgets' } }, 'widgets.json', owner);
    expect(texts).toEqual({
      nav: { users: 'Users', widgets: 'Widgets' },
      app: { title: 'School' },
      widgets: { title: 'Widgets' },
    });
  });

  it('refuse the same text in two files, naming both', () => {
    const texts = {};
    const owner = new Map<string, string>();
    mergeTexts(texts, { nav: { users: 'Users' } }, 'shared.json', owner);
    expect(() => mergeTexts(texts, { nav: { users: 'People' } }, 'users.json', owner)).toThrow(
      'The text "nav.users" is in both shared.json and users.json',
    );
    expect(() => mergeTexts(texts, { nav: 'Navigation' }, 'other.json', owner)).toThrow(/"nav"/);
  });

  it.each(LANGUAGES)('of %s come from the same files as every other language', (language) => {
    const names = (lang: string) => textFiles(lang).map((file) => file.replace(`${lang}.json`, ''));
    expect(names(language)).toEqual(names('en'));
    expect(Object.keys(wholeTexts(language)).length).toBeGreaterThan(20);
  });
});
