import { INPUT_DEPTH_MAX } from './limits.ts';
import { hasForbiddenText } from './text.ts';

/** What is wrong with one place of a request's input, before any schema looks at it. */
export interface InputProblem {
  /** Where: the keys and indexes down to the value (empty for the whole input). */
  path: (string | number)[];
  /** `forbiddenCharacters`: a NUL or an unpaired surrogate; `tooDeep`: nested past INPUT_DEPTH_MAX. */
  problem: 'forbiddenCharacters' | 'tooDeep';
}

/**
 * The problems of an input (a parsed JSON body, a query, path parameters, a read form), at most
 * `limit` of them: every string and every key is free of NUL and unpaired surrogates, and nothing
 * nests deeper than INPUT_DEPTH_MAX. It walks without recursion, so no input can exhaust the stack,
 * and never into bytes (a form's file is a Buffer). This is the one text rule of the API: the server applies it to every input.
 */
export function inputProblems(input: unknown, limit = 20): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0 && problems.length < limit) {
    const next = stack.pop();
    if (!next) break;
    const { value, path } = next;
    if (typeof value === 'string') {
      if (hasForbiddenText(value)) problems.push({ path, problem: 'forbiddenCharacters' });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    // Bytes (a form's file is a Buffer) hold no text to judge and are never walked.
    if (ArrayBuffer.isView(value)) continue;
    const isArray = Array.isArray(value);
    if (path.length >= INPUT_DEPTH_MAX) {
      problems.push({ path, problem: 'tooDeep' });
      continue;
    }
    if (isArray) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    // A parsed query is an object without Object's prototype: own keys are what counts.
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (hasForbiddenText(key)) {
        problems.push({ path: [...path, key], problem: 'forbiddenCharacters' });
        continue;
      }
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return problems;
}
