/**
 * Answers serialized by code compiled from the route's response schema (decision 049): the zod
 * schema is turned into a JSON Schema once, when the route is registered, and fast-json-stringify
 * (Fastify's own serializer) builds a function that writes exactly the declared fields. What zod's
 * serializer did on every answer (parse the whole answer, then JSON.stringify it) was a sixth of a
 * signed-in call's time.
 *
 * What stays the same: only declared fields leave (undeclared ones, a password hash say, are
 * dropped); a required field that is missing is an error (a 500, as before). A schema whose JSON
 * form would not say the same as zod (a transform, a codec, anything the JSON Schema cannot state)
 * keeps zod's serializer.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema as fast-json-stringify reads it best. `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']` where X is a plain
 * type: fast-json-stringify writes those directly, while an anyOf picks its branch with a validator
 * on every answer.
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (!isObject(schema)) return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    // zod's objects drop what they do not declare, and fast-json-stringify writes only the declared
    // fields anyway; a union's branch must still match an object that carries more.
    if (key === 'additionalProperties' && value === false) continue;
    result[key] = simplified(value);
  }
  const anyOf = result.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(result).length === 1) {
    const nullIndex = anyOf.findIndex(
      (branch) => isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isObject(other) && typeof other.type === 'string' && other.type !== 'null') {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return result;
}

/**
 * The schema without its `required` lists and `additionalProperties`: what zod's input and output
 * forms of the same schema differ in (defaults, and objects that drop what they do not declare).
 */
const withoutShapeRules = (schema: unknown): unknown =>
  Array.isArray(schema)
    ? schema.map(withoutShapeRules)
    : isObject(schema)
      ? Object.fromEntries(
          Object.entries(schema)
            .filter(([key]) => key !== 'required' && key !== 'additionalProperties')
            .map(([key, value]) => [key, withoutShapeRules(value)]),
        )
      : schema;

/**
 * The JSON Schema of an answer, or null when the JSON form would not say what zod says: a schema
 * that cannot be stated (transforms, dates, custom checks) or whose input and output differ (a
 * codec, a transform, a pipe).
 */
export function answerJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const options = {
      target: 'draft-07',
      unrepresentable: 'throw',
      reused: 'inline',
      cycles: 'throw',
    } as const;
    const output = z.toJSONSchema(schema, { ...options, io: 'output' });
    const input = z.toJSONSchema(schema, { ...options, io: 'input' });
    if (JSON.stringify(withoutShapeRules(output)) !== JSON.stringify(withoutShapeRules(input))) return null;
    const { $schema: _dialect, ...rest } = output as JsonSchema;
    return simplified(rest) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * The app's serializer compiler: compiled from the schema where it can be, zod's otherwise. A
 * route's serializer is built on its first answer, not when the route is registered: building one
 * for each of the app's 3,600 answers at every start (every API test file starts apps) doubled the
 * unit tests' time, and most answers of a test's app are never given.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    if (serialize === undefined) {
      const schema = route.schema as unknown;
      const json = schema instanceof z.ZodType ? answerJsonSchema(schema) : null;
      serialize =
        json === null
          ? zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0])
          : fastJson(json as unknown as Parameters<typeof fastJson>[0]);
    }
    return serialize(data);
  };
};
