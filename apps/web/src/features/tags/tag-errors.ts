import { ApiError } from '../../api/client.ts';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';

/**
 * Where a refused tag name goes: under the name field (a taken name names the tag it clashes with,
 * a length rule says its bound), else above the form.
 */
export function tagNameErrorOf(error: unknown): { name?: string; form?: string } {
  // The message of `tag_exists` names the existing tag, which says more than the field's text.
  if (error instanceof ApiError && error.code === 'tag_exists') return { name: error.message };
  const name = fieldErrorsOf(error)?.name;
  return name ? { name } : { form: errorTextOf(error) };
}
