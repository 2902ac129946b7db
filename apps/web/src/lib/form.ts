import { fieldIssues, type FieldIssue } from '@logoschool/contract';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { fieldErrorsOf } from '../api/form-errors.ts';

/** The form field that shows the message of a body path: by default its first segment (`tag_ids.2` → `tag_ids`). */
export type FieldOf = (path: string) => string;

export const topField: FieldOf = (path) => path.split('.')[0] ?? path;

/**
 * The options that fill a text's placeholders from values the contract gives (a field message's or
 * a formula problem's `params`). The values go in as `replace`, so none of them is read as another
 * i18next option (`context`, `lng`…); a number named `count` goes in as `count` too, which picks a
 * counted text's plural form (`…_one`, `…_few`, `…_many`, `…_other`).
 */
export function filledFrom(params: Record<string, string | number>) {
  return typeof params.count === 'number' ? { replace: params, count: params.count } : { replace: params };
}

/** The web's words for one field message of the contract: `fields.<key>`, its placeholders filled. */
export function fieldText(t: TFunction, issue: Pick<FieldIssue, 'key' | 'params'>): string {
  return t(`fields.${issue.key}`, filledFrom(issue.params));
}

export interface ContractValidateOptions<Values> {
  /**
   * The API body the form's values stand for, when they differ (a number typed as text, a date
   * picked as a string, fields nested in the body): the schema judges what would be sent.
   */
  toBody?: (values: Values) => unknown;
  /** Where a body path's message shows, when not under its first segment. */
  fieldOf?: FieldOf;
}

/**
 * A `@mantine/form` `validate` from a contract schema, through the zod resolver: each issue goes
 * through the contract's mapping (`fieldIssues`, the one the server's 422 uses) to the web's
 * `fields.*` text, so a field says the same in the browser as in the answer. The first message of
 * a field is the one shown.
 */
export function contractValidate<Values>(
  schema: z.ZodType,
  t: TFunction,
  { toBody, fieldOf = topField }: ContractValidateOptions<Values> = {},
): (values: Values) => FormErrors {
  const described = z.unknown().superRefine((value, ctx) => {
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      for (const found of fieldIssues(issue, value)) {
        ctx.addIssue({ code: 'custom', path: [fieldOf(found.field)], message: fieldText(t, found) });
      }
    }
  });
  const resolve = zod4Resolver(described, { errorPriority: 'first' });
  return (values) => resolve((toBody ? toBody(values) : values) as Record<string, unknown>);
}

/** The part of a `useForm` form that takes the server's refusal. */
interface FormTakingErrors {
  getValues(): unknown;
  setErrors(errors: FormErrors): void;
}

/** Whether the form's values hold a field, top-level or nested (`levels.1.items.0.mode`). */
export function holdsPath(values: unknown, path: string): boolean {
  let value = values;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return false;
    value = (value as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts a refused save's field messages (a 422's `errors`) under the form's own fields, nested ones
 * too when `fieldOf` keeps their paths; false when none of them is one (the caller then says the error above the form).
 */
export function showServerErrors(
  form: FormTakingErrors,
  error: unknown,
  fieldOf: FieldOf = topField,
): boolean {
  const values = form.getValues();
  const byField = Object.entries(fieldErrorsOf(error, fieldOf) ?? {}).filter(([field]) =>
    holdsPath(values, field),
  );
  form.setErrors(Object.fromEntries(byField));
  return byField.length > 0;
}

/** The indexes of the blocks (`blocks.<index>.…`) a plan's or a lesson's errors name, in order. */
export const blockErrorIndexes = (errors: FormErrors): number[] =>
  [
    ...new Set(
      Object.keys(errors)
        .map((path) => /^blocks\.(\d+)\./.exec(path)?.[1])
        .filter((index) => index !== undefined)
        .map(Number),
    ),
  ].sort((a, b) => a - b);
