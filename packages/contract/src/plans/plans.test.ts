import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayIn, planStatus } from './plan-status.ts';
import { templateBlockInput, templateInput, type TemplateBlock, type TemplateContent } from './schemas.ts';
import { differs, templateDifference } from './template-difference.ts';

const block = (key: string, values: Partial<TemplateBlock> = {}): TemplateBlock => ({
  key,
  target: `Target ${key}`,
  category_id: 1,
  category_name: 'Sounds',
  description_parents: 'For parents',
  description_educator: 'For the educator',
  min_presentations: 1,
  max_presentations: 3,
  folders: [{ category_id: 10, category_name: '[R]', description_parents: '', indications_educator: '' }],
  ...values,
});
const content = (...blocks: TemplateBlock[]): TemplateContent => ({ title: 'R', description: 'D', blocks });

describe('the difference between two template versions', () => {
  it('is empty between a version and itself', () => {
    const version = content(block('a'), block('b'));
    expect(templateDifference(version, version)).toEqual({ title: false, description: false, blocks: [] });
    expect(differs(templateDifference(version, version))).toBe(false);
  });

  it('names added, removed and changed blocks, with their bounds before and after', () => {
    const from = content(block('a'), block('b'), block('c'));
    const to = content(
      block('a', { max_presentations: 5 }),
      block('c', { description_parents: 'New words' }),
      block('d', { min_presentations: 2, max_presentations: 2 }),
    );
    expect(templateDifference(from, to).blocks).toEqual([
      {
        kind: 'changed',
        key: 'a',
        target: 'Target a',
        changes: ['bounds'],
        from: { min: 1, max: 3 },
        to: { min: 1, max: 5 },
      },
      {
        kind: 'changed',
        key: 'c',
        target: 'Target c',
        changes: ['texts'],
        from: { min: 1, max: 3 },
        to: { min: 1, max: 3 },
      },
      { kind: 'added', key: 'd', target: 'Target d', to: { min: 2, max: 2 } },
      { kind: 'removed', key: 'b', target: 'Target b', from: { min: 1, max: 3 } },
    ]);
  });

  it('sees moved blocks, changed folders, targets, categories and the template texts', () => {
    const from = content(block('a'), block('b'));
    const to = {
      title: 'R, second edition',
      description: 'D',
      blocks: [block('b', { folders: [] }), block('a', { target: 'Rolling R', category_id: 2 })],
    };
    const difference = templateDifference(from, to);
    expect(difference.title).toBe(true);
    expect(difference.description).toBe(false);
    expect(difference.blocks.map((item) => (item.kind === 'changed' ? item.changes : item.kind))).toEqual([
      ['folders', 'position'],
      ['target', 'category', 'position'],
    ]);
  });

  it('accounts for every block of both versions (property)', () => {
    const keys = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 6 });
    fc.assert(
      fc.property(keys, keys, fc.integer({ min: 1, max: 5 }), (before, after, max) => {
        const from = content(...before.map((key) => block(key)));
        const to = content(...after.map((key) => block(key, { max_presentations: max })));
        const difference = templateDifference(from, to);
        const kinds = new Map(difference.blocks.map((item) => [item.key, item.kind]));
        for (const key of after) {
          if (!before.includes(key)) expect(kinds.get(key)).toBe('added');
        }
        for (const key of before) {
          if (!after.includes(key)) expect(kinds.get(key)).toBe('removed');
        }
        // A kept block shows up exactly when something about it changed.
        for (const key of after.filter((item) => before.includes(item))) {
          const moved =
            before.filter((item) => after.includes(item)).indexOf(key) !==
            after.filter((item) => before.includes(item)).indexOf(key);
          expect(kinds.has(key)).toBe(moved || max !== 3);
        }
      }),
    );
  });
});

describe("a plan's status", () => {
  const at = (iso: string) => new Date(iso);

  it('is pending while a block has no folder and active once all have, until the deadline day ends', () => {
    expect(planStatus({ deadline: '2026-12-01', filled: false }, 'UTC', at('2026-12-01T23:59:00Z'))).toBe(
      'pending',
    );
    expect(planStatus({ deadline: '2026-12-01', filled: true }, 'UTC', at('2026-12-01T23:59:00Z'))).toBe(
      'active',
    );
    expect(planStatus({ deadline: '2026-12-01', filled: true }, 'UTC', at('2026-12-02T00:00:00Z'))).toBe(
      'expired',
    );
    expect(planStatus({ deadline: '2026-12-01', filled: false }, 'UTC', at('2026-12-02T00:00:00Z'))).toBe(
      'expired',
    );
  });

  it("counts the deadline's day in the teacher's time zone", () => {
    // 22:30 UTC on the 1st is already the 2nd in Kyiv and still the 1st in New York.
    const now = at('2026-12-01T22:30:00Z');
    expect(dayIn('Europe/Kyiv', now)).toBe('2026-12-02');
    expect(planStatus({ deadline: '2026-12-01', filled: true }, 'Europe/Kyiv', now)).toBe('expired');
    expect(planStatus({ deadline: '2026-12-01', filled: true }, 'America/New_York', now)).toBe('active');
  });
});

describe('the template input', () => {
  const valid = {
    title: 'Sound [R]',
    description: 'Setting the sound',
    blocks: [
      {
        target: 'Articulation',
        category_id: 1,
        min_presentations: 1,
        max_presentations: 3,
        folders: [{ category_id: 2 }],
      },
    ],
  };
  const messages = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it('takes a whole template, the texts defaulting to empty', () => {
    const parsed = templateInput.parse(valid);
    expect(parsed.blocks[0]).toMatchObject({
      description_parents: '',
      folders: [{ indications_educator: '' }],
    });
  });

  it('refuses a minimum above the maximum, the same folder twice and the same block key twice', () => {
    const key = '0b6f5a3e-6f1e-4c69-9f57-6d0f8b1f4a11';
    const base = valid.blocks[0] as (typeof valid.blocks)[number];
    expect(messages(templateBlockInput.safeParse({ ...base, min_presentations: 4 }))).toEqual([
      'max_presentations: minAboveMax',
    ]);
    expect(
      messages(templateBlockInput.safeParse({ ...base, folders: [{ category_id: 2 }, { category_id: 2 }] })),
    ).toEqual(['folders.1.category_id: unique']);
    expect(
      messages(
        templateInput.safeParse({
          ...valid,
          blocks: [
            { ...base, key },
            { ...base, key },
          ],
        }),
      ),
    ).toEqual(['blocks.1.key: unique']);
  });

  it('requires the title, the description, a block and a folder in each block (spec §5)', () => {
    const result = templateInput.safeParse({ title: ' ', description: '', blocks: [] });
    expect(messages(result).map((line) => line.split(':')[0])).toEqual(['title', 'description', 'blocks']);
    const noFolder = templateBlockInput.safeParse({ ...valid.blocks[0], folders: [] });
    expect(messages(noFolder).map((line) => line.split(':')[0])).toEqual(['folders']);
  });
});
