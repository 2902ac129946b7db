import { describe, expect, it } from 'vitest';
import { fromColumns, toColumns } from './columns.ts';

const KEYS = ['instruction', 'read_only', 'ready_for_generation'] as const;

describe('columns of fields kept alike', () => {
  it('spells the body’s fields as columns, leaving out the absent ones', () => {
    expect(
      toColumns({ instruction: 'Say it', read_only: undefined, ready_for_generation: false }, KEYS),
    ).toEqual({
      instruction: 'Say it',
      readyForGeneration: false,
    });
    expect(toColumns({}, KEYS)).toEqual({});
  });

  it('reads a row back as the API spells it, and nothing else of the row', () => {
    const row = { id: 7, instruction: '', readOnly: true, readyForGeneration: false };
    expect(fromColumns(row, KEYS)).toEqual({ instruction: '', read_only: true, ready_for_generation: false });
  });

  it('round-trips a body with every field present, whatever the values', () => {
    for (const value of ['', 'text', true, false, 0, null]) {
      const body = { instruction: value, read_only: value, ready_for_generation: value };
      const row = toColumns(body, KEYS) as {
        instruction: unknown;
        readOnly: unknown;
        readyForGeneration: unknown;
      };
      expect(Object.keys(row)).toHaveLength(KEYS.length);
      expect(fromColumns(row, KEYS)).toEqual(body);
    }
  });
});
