/**
 * The modules' dependencies form no cycle (decision 028): read off the imports of every module's
 * non-test files, one module depending on another when any of its files imports any of the other's.
 * (The linter keeps the other half: those imports go through the other module's entry.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from './index.ts';

const ROOT = import.meta.dirname;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*)'([^']+)'/g;

/** Each module's modules: those its non-test files import, by relative path. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(ROOT, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const uses = new Set<string>();
    const dir = path.join(ROOT, module.name);
    const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    for (const file of files) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const [, specifier] of source.matchAll(IMPORT)) {
        if (!specifier?.startsWith('.')) continue;
        const target = path.relative(ROOT, path.resolve(path.dirname(path.join(dir, file)), specifier));
        const [other, rest] = target.split(path.sep);
        if (rest !== undefined && other !== '..' && other !== module.name) uses.add(other as string);
      }
    }
    graph.set(module.name, uses);
  }
  return graph;
}

/** Every cycle, each once, as the modules along it (`a → b → a`). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (module: string, trail: string[]) => {
    const at = trail.indexOf(module);
    if (at >= 0) {
      const loop = trail.slice(at);
      // One spelling per cycle: starting at its first module by name.
      const start = loop.indexOf([...loop].sort()[0] as string);
      const turned = [...loop.slice(start), ...loop.slice(0, start)];
      found.add([...turned, turned[0]].join(' → '));
      return;
    }
    for (const next of graph.get(module) ?? []) walk(next, [...trail, module]);
  };
  for (const module of graph.keys()) walk(module, []);
  return [...found].sort();
}

describe('the server modules', () => {
  const graph = moduleGraph();

  it('depend on each other without a cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const looped = new Map(graph);
    looped.set('exercises', new Set([...(graph.get('exercises') ?? []), 'lessons']));
    expect(cycles(looped)).toContain('exercises → lessons → exercises');
  });

  it('are each listed once in the app, by their folder name', () => {
    expect(MODULES.map((module) => module.name).sort()).toEqual([...graph.keys()].sort());
  });
});
