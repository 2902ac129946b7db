/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody } from '../auth/schemas.ts';
import { acceptInvitationBody } from '../invitations/schemas.ts';
import { clientInput } from '../clients/schemas.ts';
import { BIRTHDATE_MIN } from '../common/limits.ts';
import { profileBody } from '../users/schemas.ts';
import { themeInput } from '../themes/schemas.ts';
import { FIELD_MESSAGE_KEYS, fieldIssues, isFieldMessageKey, type FieldIssue } from './field-issues.ts';

/** Every field message of a value that the schema refuses. */
function issuesOf(schema: z.ZodType, data: unknown): FieldIssue[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => fieldIssues(issue, data));
}

describe('fieldIssues', () => {
  it('tells a missing field from one of the wrong type', () => {
    const schema = z.object({ name: z.string(), age: z.number() });
    expect(issuesOf(schema, { age: 'seven' })).toEqual([
      { field: 'name', key: 'required', params: {} },
      { field: 'age', key: 'type', params: { expected: 'number' } },
    ]);
  });

  it('says a length as characters, a count as items and a size as a number', () => {
    const schema = z.object({
      text: z.string().min(2).max(4),
      list: z.array(z.number()).min(1).max(2),
      age: z.number().min(3).max(30),
    });
    expect(issuesOf(schema, { text: 'a', list: [], age: 2 })).toEqual([
      { field: 'text', key: 'tooShortString', params: { count: 2 } },
      { field: 'list', key: 'tooFewItems', params: { count: 1 } },
      { field: 'age', key: 'tooSmallNumber', params: { min: 3 } },
    ]);
    expect(issuesOf(schema, { text: 'abcde', list: [1, 2, 3], age: 31 })).toEqual([
      { field: 'text', key: 'tooLongString', params: { count: 4 } },
      { field: 'list', key: 'tooManyItems', params: { count: 2 } },
      { field: 'age', key: 'tooBigNumber', params: { max: 30 } },
    ]);
  });

  it('tells an exclusive bound of a whole number as the nearest one inside it', () => {
    const schema = z.object({ id: z.number().int().positive(), score: z.number().int().lt(10) });
    expect(issuesOf(schema, { id: 0, score: 10 })).toEqual([
      { field: 'id', key: 'tooSmallNumber', params: { min: 1 } },
      { field: 'score', key: 'tooBigNumber', params: { max: 9 } },
    ]);
  });

  it('calls an empty text where one character is the least a missing one', () => {
    const schema = z.object({ description: z.string().trim().min(1) });
    expect(issuesOf(schema, { description: '   ' })).toEqual([
      { field: 'description', key: 'required', params: {} },
    ]);
  });

  it('calls a required field left empty "required", not a length, a format or a choice', () => {
    const schema = z.object({
      name: z.string().trim().min(2),
      email: z.email(),
      day: z.iso.date(),
      kind: z.enum(['general', 'custom']),
      theme_id: z.number(),
    });
    const empty = { name: '', email: ' ', day: null, kind: '', theme_id: null };
    expect(issuesOf(schema, empty)).toEqual(
      ['name', 'email', 'day', 'kind', 'theme_id'].map((field) => ({ field, key: 'required', params: {} })),
    );
    // A rule that names its message keeps it for a blank: it may guard an optional field.
    const order = z.object({ order: z.string().regex(/^\d+$/, 'wholeNumber').optional() });
    expect(issuesOf(order, { order: '' })).toEqual([{ field: 'order', key: 'wholeNumber', params: {} }]);
    const answer = z.object({ type: z.enum(['scale', 'text'], { message: 'answerTypeRequired' }) });
    expect(issuesOf(answer, { type: null })).toEqual([
      { field: 'type', key: 'answerTypeRequired', params: {} },
    ]);
    expect(issuesOf(schema.pick({ name: true }), { name: '   ' })).toEqual([
      { field: 'name', key: 'required', params: {} },
    ]);
    // Something typed: then the rule it breaks.
    expect(issuesOf(schema.pick({ name: true, email: true }), { name: ' A ', email: 'no' })).toEqual([
      { field: 'name', key: 'tooShortString', params: { count: 2 } },
      { field: 'email', key: 'email', params: {} },
    ]);
  });

  it('names an e-mail, a named pattern, a date and any other format', () => {
    const schema = z.object({
      email: z.email(),
      phone: z.string().regex(/^\+\d+$/, 'phone'),
      code: z.string().regex(/^\d+$/),
      day: z.iso.date({ message: 'date' }),
    });
    expect(issuesOf(schema, { email: 'no', phone: '12', code: 'x', day: '2024-02-30' })).toEqual([
      { field: 'email', key: 'email', params: {} },
      { field: 'phone', key: 'phone', params: {} },
      { field: 'code', key: 'format', params: {} },
      { field: 'day', key: 'date', params: {} },
    ]);
  });

  it('names each unknown key under its own path', () => {
    const schema = z.strictObject({ inner: z.strictObject({ a: z.string() }) });
    expect(issuesOf(schema, { inner: { a: 'x', b: 1, c: 2 } })).toEqual([
      { field: 'inner.b', key: 'unknownField', params: {} },
      { field: 'inner.c', key: 'unknownField', params: {} },
    ]);
  });

  it('lists the allowed values', () => {
    const schema = z.object({ type: z.enum(['general', 'custom']) });
    expect(issuesOf(schema, { type: 'other' })).toEqual([
      { field: 'type', key: 'oneOf', params: { values: 'general, custom' } },
    ]);
  });

  it("takes a union's one fitting option, else calls the value invalid", () => {
    expect(issuesOf(profileBody, { micro_mail: 'not-an-email', phone: '12345' })).toEqual([
      { field: 'micro_mail', key: 'email', params: {} },
      { field: 'phone', key: 'phone', params: {} },
    ]);
    const either = z.object({ value: z.union([z.string().min(3), z.string().regex(/^\d+$/)]) });
    expect(issuesOf(either, { value: 'ab' })).toEqual([{ field: 'value', key: 'invalid', params: {} }]);
  });

  it("takes a refinement's named message with its values, and nests paths with dots", () => {
    expect(issuesOf(clientInput.pick({ birthdate: true }), { birthdate: '1850-01-01' })).toEqual([
      { field: 'birthdate', key: 'dateTooEarly', params: { min: BIRTHDATE_MIN } },
    ]);
    const schema = z.object({
      items: z.array(z.object({ ids: z.array(z.number()).refine(() => false, { message: 'unique' }) })),
      other: z.string().refine(() => false, { message: 'not a key' }),
    });
    expect(issuesOf(schema, { items: [{ ids: [1] }], other: 'x' })).toEqual([
      { field: 'items.0.ids', key: 'unique', params: {} },
      { field: 'other', key: 'invalid', params: {} },
    ]);
  });

  it('gives the rules of the contract’s forms as the server tells them', () => {
    expect(issuesOf(loginBody, { email: 'not-an-email', password: 'short' })).toEqual([
      { field: 'email', key: 'email', params: {} },
      { field: 'password', key: 'tooShortString', params: { count: 8 } },
    ]);
    expect(
      issuesOf(acceptInvitationBody, {
        token: 't',
        name: 'N',
        password: 'short',
        password_confirmation: 'x',
      }),
    ).toEqual([
      { field: 'name', key: 'tooShortString', params: { count: 2 } },
      { field: 'password', key: 'tooShortString', params: { count: 8 } },
      { field: 'password_confirmation', key: 'passwordsDiffer', params: {} },
    ]);
    expect(
      issuesOf(themeInput, { name: 'Cars', genders: [], age_from: 9, age_to: 5, type: 'general' }),
    ).toEqual([
      { field: 'genders', key: 'tooFewItems', params: { count: 1 } },
      { field: 'age_from', key: 'ageFromAfterTo', params: {} },
    ]);
  });

  it('keeps an issue of the whole input on the empty field', () => {
    const schema = z.object({ a: z.number() }).refine(() => false, { message: 'invalid' });
    expect(issuesOf(schema, { a: 1 })).toEqual([{ field: '', key: 'invalid', params: {} }]);
  });
});

describe('the field message keys', () => {
  it('recognise only themselves', () => {
    for (const key of FIELD_MESSAGE_KEYS) expect(isFieldMessageKey(key)).toBe(true);
    expect(isFieldMessageKey('titleTaken')).toBe(false);
    expect(isFieldMessageKey(undefined)).toBe(false);
  });

  it('hold every message a schema of the contract names', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    // Only files that write schemas: elsewhere (the formula language) a call ending in a quoted
    // word is an error code of its own, not a field message.
    const named = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      if (!text.includes("from 'zod'")) return [];
      return [...text.matchAll(/message: '(\w+)'|,\s*'(\w+)'\)+;?$/gm)].map(
        (match) => [file, match[1] ?? match[2]!] as const,
      );
    });
    expect(named.length).toBeGreaterThan(10);
    for (const [file, key] of named) expect(isFieldMessageKey(key), `${file}: ${key}`).toBe(true);
  });
});
