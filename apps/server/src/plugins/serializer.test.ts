import { dataEnvelope, userSchema } from '@logoschool/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerJsonSchema, compiledSerializerCompiler } from './serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const compiled = (schema: z.ZodType) => compiledSerializerCompiler(route(schema));
const zods = (schema: z.ZodType) =>
  zodSerializerCompiler(route(schema) as Parameters<typeof zodSerializerCompiler>[0]);

const user = {
  id: 7,
  email: 'olena@example.test',
  name: 'Олена «Тест» \u2028 "lines"',
  micro_mail: null,
  phone: '+380501234567',
  avatar: null,
  is_new_version: true,
  is_active: true,
  is_root: false,
  env_id: 1,
  additional_info: '{"chat_restore_id":"x"}',
  assignments: [
    {
      workspaceId: 3,
      workspaceTitle: 'School',
      description: '',
      env_id: 1,
      roles: ['teacher', 'moderator'],
      isActive: true,
      archived: false,
    },
  ],
};

describe('the compiled serializer (decision 049)', () => {
  it('writes what zod’s serializer wrote for an answer of the declared shape', () => {
    const schema = dataEnvelope(userSchema);
    expect(answerJsonSchema(schema)).not.toBeNull();
    expect(JSON.parse(compiled(schema)({ data: user }))).toEqual(JSON.parse(zods(schema)({ data: user })));
    expect(JSON.parse(compiled(schema)({ data: user }))).toEqual({ data: user });
  });

  it('drops what the schema does not declare, however deep', () => {
    const schema = dataEnvelope(userSchema);
    const leaky = {
      data: { ...user, password_hash: 'secret', assignments: [{ ...user.assignments[0], token: 't' }] },
      debug: true,
    };
    const written = compiled(schema)(leaky);
    expect(written).not.toContain('secret');
    expect(written).not.toContain('"token"');
    expect(written).not.toContain('debug');
  });

  it('refuses an answer without a required field, as zod did (a 500, not a wrong answer)', () => {
    const schema = dataEnvelope(userSchema);
    const { email: _email, ...withoutEmail } = user;
    expect(() => zods(schema)({ data: withoutEmail })).toThrow();
    expect(() => compiled(schema)({ data: withoutEmail })).toThrow();
  });

  it('writes nulls, optional fields left out, records and unions as zod did', () => {
    const schema = z.object({
      a: z.string().nullable(),
      b: z.number().int().optional(),
      c: z.record(z.string(), z.number()),
      d: z.union([
        z.object({ kind: z.literal('x'), x: z.number() }),
        z.object({ kind: z.literal('y'), y: z.string() }),
      ]),
      e: z.array(z.object({ id: z.number() }).nullable()),
    });
    for (const value of [
      { a: null, c: {}, d: { kind: 'x', x: 1 }, e: [] },
      { a: 'a', b: 2, c: { one: 1 }, d: { kind: 'y', y: 'why', extra: 1 }, e: [null, { id: 1, no: 2 }] },
    ]) {
      expect(JSON.parse(compiled(schema)(value))).toEqual(JSON.parse(zods(schema)(value)));
    }
  });

  it('keeps zod’s serializer where the JSON Schema would say something else: a transform, a recursive schema', () => {
    const transformed = z.object({ at: z.string().transform((value) => value.length) });
    expect(answerJsonSchema(transformed)).toBeNull();
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    expect(answerJsonSchema(node)).toBeNull();
    const tree = { name: 'root', children: [{ name: 'leaf', children: [], hidden: 1 }] };
    expect(compiled(node)(tree)).toBe(zods(node)(tree));
  });
});
