import type { FormErrors } from '@mantine/form';
import { ApiError } from '../../api/client.ts';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';

/**
 * Where a refused tag name goes: under the name field (a taken name names the tag it clashes with,
 * a length rule says its bound), else above the form: `useDialogForm`'s `refused` for such a form.
 */
export function tagNameRefusal(error: unknown, form: { setErrors(errors: FormErrors): void }): string | null {
  // The message of `tag_exists` names the existing tag, which says more than the field's text.
  const name =
    error instanceof ApiError && error.code === 'tag_exists' ? error.message : fieldErrorsOf(error)?.name;
  if (!name) return errorTextOf(error);
  form.setErrors({ name });
  return null;
}
