import type { Language } from '@logoschool/contract';
import type { FastifySchemaValidationError } from 'fastify';
import { FIELD_MESSAGES, fill, type FieldMessage } from './messages.ts';

type Params = Record<string, unknown>;

function valueAt(root: unknown, path: string[]): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** One field message in a language. */
export function fieldMessage(
  lang: Language,
  key: FieldMessage,
  params: Record<string, string | number> = {},
) {
  return fill(FIELD_MESSAGES[key][lang], params);
}

function sizeMessage(lang: Language, params: Params, small: boolean): string {
  const bound = Number(small ? params.minimum : params.maximum);
  const origin = String(params.origin ?? '');
  if (origin === 'string') {
    if (small && bound === 1) return fieldMessage(lang, 'required');
    return fieldMessage(
      lang,
      small ? 'tooShortString' : 'tooLongString',
      small ? { min: bound } : { max: bound },
    );
  }
  if (origin === 'array' || origin === 'set') {
    return fieldMessage(
      lang,
      small ? 'tooFewItems' : 'tooManyItems',
      small ? { min: bound } : { max: bound },
    );
  }
  return fieldMessage(
    lang,
    small ? 'tooSmallNumber' : 'tooBigNumber',
    small ? { min: bound } : { max: bound },
  );
}

interface NestedIssue {
  code: string;
  path?: (string | number)[];
  message?: string;
  [key: string]: unknown;
}

/**
 * The issues of the one option of a failed union that the value had the shape of (the others
 * failed on its type or literal value), as field issues; null when none or several did. So
 * `'' | null | email` names a bad e-mail rather than a plain "invalid value".
 */
function onlyFittingOption(params: Params, path: string[]): FastifySchemaValidationError[] | null {
  const options = (params.errors as NestedIssue[][] | undefined) ?? [];
  const misfit = (issue: NestedIssue) =>
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') && !issue.path?.length;
  const fitting = options.filter((option) => !option.every(misfit));
  const [option] = fitting;
  if (!option || fitting.length > 1) return null;
  return option.map(({ code, path: inner = [], message, ...rest }) => ({
    keyword: code,
    instancePath: `/${[...path, ...inner.map(String)].join('/')}`,
    schemaPath: '',
    message: message ?? '',
    params: rest,
  }));
}

/**
 * Validation issues → `{ field: [messages] }` in the request's language. `data` is what was
 * validated (body, query…), used to tell a missing field from a wrong one.
 */
export function localizeValidation(
  issues: readonly FastifySchemaValidationError[],
  data: unknown,
  lang: Language,
  context: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, text: string) => {
    const messages = (errors[field || context] ??= []);
    if (!messages.includes(text)) messages.push(text);
  };
  const localize = (issue: FastifySchemaValidationError): void => {
    const path = issue.instancePath.split('/').filter(Boolean);
    const field = path.join('.');
    const params = issue.params as Params;
    switch (issue.keyword) {
      case 'invalid_type':
        add(
          field,
          valueAt(data, path) === undefined
            ? fieldMessage(lang, 'required')
            : fieldMessage(lang, 'type', { expected: String(params.expected ?? '?') }),
        );
        break;
      case 'too_small':
        add(field, sizeMessage(lang, params, true));
        break;
      case 'too_big':
        add(field, sizeMessage(lang, params, false));
        break;
      case 'invalid_format': {
        // A pattern may name one of our messages (`regex(…, 'phone')`).
        const named = Object.hasOwn(FIELD_MESSAGES, issue.message ?? '')
          ? (issue.message as FieldMessage)
          : null;
        add(field, fieldMessage(lang, named ?? (params.format === 'email' ? 'email' : 'format')));
        break;
      }
      case 'unrecognized_keys':
        for (const key of (params.keys as string[] | undefined) ?? []) {
          add([...path, key].join('.'), fieldMessage(lang, 'unknownField'));
        }
        break;
      case 'invalid_value':
        add(field, fieldMessage(lang, 'oneOf', { values: ((params.values as unknown[]) ?? []).join(', ') }));
        break;
      case 'invalid_union': {
        const option = onlyFittingOption(params, path);
        if (option) option.forEach(localize);
        else add(field, fieldMessage(lang, 'invalid'));
        break;
      }
      default: {
        // A refinement may name one of our messages, with the values for it in its `params`;
        // anything else is a plain "invalid value".
        const key = issue.message as FieldMessage;
        const values = (params.params ?? {}) as Record<string, string | number>;
        add(
          field,
          Object.hasOwn(FIELD_MESSAGES, key)
            ? fieldMessage(lang, key, values)
            : fieldMessage(lang, 'invalid'),
        );
      }
    }
  };
  issues.forEach(localize);
  return errors;
}
