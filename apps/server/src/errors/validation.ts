import { fieldIssues, type Language } from '@logoschool/contract';
import type { FastifySchemaValidationError } from 'fastify';
import { text, type FieldMessage } from '../i18n/index.ts';

/** One field message in a language. */
export function fieldMessage(
  lang: Language,
  key: FieldMessage,
  params: Record<string, string | number> = {},
) {
  return text(lang, `fields.${key}`, params);
}

/**
 * Validation issues → `{ field: [messages] }` in the request's language. `data` is what was
 * validated (body, query…), used to tell a missing field from a wrong one. Which message a zod
 * issue gets is the contract's mapping (`fieldIssues`), which the web's forms use too.
 */
export function localizeValidation(
  issues: readonly FastifySchemaValidationError[],
  data: unknown,
  lang: Language,
  context: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { keyword, instancePath, message, params } of issues) {
    const issue = { ...params, code: keyword, path: instancePath.split('/').filter(Boolean), message };
    for (const { field, key, params: values } of fieldIssues(issue, data)) {
      const messages = (errors[field || context] ??= []);
      const said = fieldMessage(lang, key, values);
      if (!messages.includes(said)) messages.push(said);
    }
  }
  return errors;
}
