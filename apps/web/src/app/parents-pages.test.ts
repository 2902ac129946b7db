import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { partTexts } from '../../texts-plugin.ts';
import { FRAME_PARTS, PARENTS_PAGES } from './screens.ts';

const SRC = path.resolve(import.meta.dirname, '..');

/** The files that declare screens: the app's own lists and each area's `screens.ts` and `public-screens.ts`. */
const screenLists = [
  path.join(SRC, 'app/screens.ts'),
  path.join(SRC, 'app/staff-screens.ts'),
  ...fs
    .readdirSync(path.join(SRC, 'features'))
    .flatMap((area) =>
      ['screens.ts', 'public-screens.ts'].map((name) => path.join(SRC, 'features', area, name)),
    )
    .filter((file) => fs.existsSync(file)),
];

/** The file of a route's screen, as its list names it (`'<path>': …import('<file>')`). */
function screenFile(route: string): string {
  for (const list of screenLists) {
    const escaped = route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const entry = new RegExp(`'${escaped}':\\s*(?:\\w+\\(\\s*)?\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`);
    const file = entry.exec(fs.readFileSync(list, 'utf8'))?.[1];
    if (file) return path.resolve(path.dirname(list), file);
  }
  throw new Error(`no screen file for ${route}`);
}

/** Every source file a file reaches through relative imports, static or lazy (tests left out). */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      if (/\.(ts|tsx)$/.test(target)) visit(target);
    }
  };
  visit(start);
  return seen;
}

/**
 * The texts a file names: whole keys (`t('section.key')`, `i18nKey="section.key"`), and the
 * section of a key put together in code (`` t(`section.${kind}`) ``), as `section.*`.
 */
function keysNamed(file: string): Set<string> {
  const source = fs.readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of source.matchAll(/\b(?:t\(\s*|i18nKey=\{?)(['"`])([a-zA-Z0-9_.]+)(\$\{)?/g)) {
    const [, quote, key = '', template] = match;
    if (!key.includes('.')) continue;
    found.add(quote === '`' && template ? `${key.split('.')[0]}.*` : key);
  }
  return found;
}

type Texts = { [key: string]: string | Texts };

/** Whether `texts` holds `key` (or its plural forms), or for `section.*` the section. */
function holds(texts: Texts, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  let node: string | Texts | undefined = texts;
  for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'object') return false;
  if (last === '*') return true;
  return last in node || Object.keys(node).some((name) => name.startsWith(`${last}_`));
}

/** Deep merge of text files, as i18next merges the parts it is given. */
function merged(files: Texts[]): Texts {
  const into: Texts = {};
  const merge = (target: Texts, from: Texts) => {
    for (const [name, value] of Object.entries(from)) {
      if (typeof value === 'object') {
        const existing = target[name];
        target[name] = typeof existing === 'object' ? existing : {};
        merge(target[name] as Texts, value);
      } else target[name] = value;
    }
  };
  for (const file of files) merge(into, file);
  return into;
}

describe("the parents' pages", () => {
  it('are every public route a parent or the child opens, and public routes all', () => {
    for (const route of Object.keys(PARENTS_PAGES)) {
      expect(ROUTES.find((entry) => entry.path === route)?.access, route).toBe('public');
    }
  });

  it("load the texts of every area the app's frame shows around them", () => {
    const frame = ['app/app.tsx', 'app/router.tsx']
      .map((file) => fs.readFileSync(path.join(SRC, file), 'utf8'))
      .join('\n');
    const areas = [...frame.matchAll(/from '\.\.\/features\/([^/]+)\//g)].map((match) => match[1]);
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) expect(FRAME_PARTS, area).toContain(area);
  });

  it.each(Object.entries(PARENTS_PAGES))(
    '%s loads texts that hold every section its code names',
    (route, parts) => {
      const held = merged([...FRAME_PARTS, ...parts].map((part) => partTexts('en', part) as Texts));
      const named = new Set([...reachable(screenFile(route))].flatMap((file) => [...keysNamed(file)]));
      expect(named.size, route).toBeGreaterThan(5);
      const missing = [...named].filter((key) => !key.startsWith('roles.') && !holds(held, key));
      expect(missing, route).toEqual([]);
    },
  );
});
