import { describe, expect, it } from 'vitest';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, CATEGORY_NAME_MIN } from '../common/limits.ts';
import {
  categoryBulkInput,
  categoryInput,
  categoryOrderSchema,
  categorySchema,
  categoryUpdate,
} from './schemas.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('categoryOrderSchema', () => {
  it.each([
    [0, 0],
    [7, 7],
    ['3', 3],
    [' 12 ', 12],
    ['0', 0],
  ])('takes %j as %i', (value, order) => {
    expect(categoryOrderSchema.parse(value)).toBe(order);
  });

  it.each(['abc', '', '1.5', '-1', '1e3', '0x10'])('refuses the text %j as not a whole number', (value) => {
    expect(messages(categoryOrderSchema.safeParse(value))).toEqual(['Invalid input']);
    const issue = categoryOrderSchema.safeParse(value).error?.issues[0] as {
      errors?: { message: string }[][];
    };
    expect(issue.errors?.[1]?.[0]?.message).toBe('wholeNumber');
  });

  it('refuses a fraction with the same message, and a negative number or a flag', () => {
    expect(messages(categoryOrderSchema.safeParse(1.5))).toEqual(['wholeNumber']);
    expect(categoryOrderSchema.safeParse(-1).success).toBe(false);
    expect(categoryOrderSchema.safeParse(true).success).toBe(false);
    expect(categoryOrderSchema.safeParse(null).success).toBe(false);
  });
});

describe('categoryInput', () => {
  const valid = { workspace_id: 1, name: 'Sounds', parent: 0 };

  it('trims the texts and takes a numeric order', () => {
    expect(
      categoryInput.parse({ ...valid, name: '  Sounds ', description: ' Hissing ', order: '2' }),
    ).toEqual({
      ...valid,
      description: 'Hissing',
      order: 2,
    });
  });

  it('bounds the name and the description (spec §5)', () => {
    const name = (length: number) => categoryInput.safeParse({ ...valid, name: 'x'.repeat(length) }).success;
    expect(name(CATEGORY_NAME_MIN - 1)).toBe(false);
    expect(name(CATEGORY_NAME_MIN)).toBe(true);
    expect(name(CATEGORY_NAME_MAX)).toBe(true);
    expect(name(CATEGORY_NAME_MAX + 1)).toBe(false);
    expect(
      categoryInput.safeParse({ ...valid, name: ` ${'x'.repeat(CATEGORY_NAME_MIN - 1)} ` }).success,
    ).toBe(false);
    const description = (length: number) =>
      categoryInput.safeParse({ ...valid, description: 'x'.repeat(length) }).success;
    expect(description(CATEGORY_DESCRIPTION_MAX)).toBe(true);
    expect(description(CATEGORY_DESCRIPTION_MAX + 1)).toBe(false);
  });

  it('needs the project and a parent, and takes nothing unknown', () => {
    expect(categoryInput.safeParse({ name: 'Sounds', parent: 0 }).success).toBe(false);
    expect(categoryInput.safeParse({ workspace_id: 1, name: 'Sounds' }).success).toBe(false);
    expect(categoryInput.safeParse({ ...valid, parent: -1 }).success).toBe(false);
    expect(categoryInput.safeParse({ ...valid, colour: 'red' }).success).toBe(false);
  });

  it('lets an edit send back the category as it was read', () => {
    const read = categorySchema.parse({
      id: 4,
      name: 'Sounds',
      description: '',
      parent: 0,
      is_folder: true,
      link_id: null,
      order: 0,
      children: [
        {
          id: 5,
          name: '[S]',
          description: '',
          parent: 4,
          is_folder: false,
          link_id: null,
          order: 0,
          children: [],
        },
      ],
    });
    expect(categoryUpdate.safeParse({ ...read, workspace_id: 1 }).success).toBe(true);
  });
});

describe('categoryBulkInput', () => {
  it('refuses a category named twice', () => {
    const items = [
      { id: 1, parent: 0, order: 0 },
      { id: 1, parent: 0, order: '1' },
    ];
    expect(messages(categoryBulkInput.safeParse({ workspace_id: 1, items }))).toEqual(['unique']);
    expect(categoryBulkInput.parse({ workspace_id: 1, items: items.slice(1) }).items).toEqual([
      { id: 1, parent: 0, order: 1 },
    ]);
  });
});
