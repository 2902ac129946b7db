/**
 * What a failed validation says about each field, as message keys: the one mapping from a zod issue
 * to a field message. The server fills the keys from its texts for a 422, the web from its own
 * `fields.*` texts before sending, so a field says the same thing in the browser and in the answer.
 */

/**
 * The field messages a schema of the contract (or the input rule, `inputProblems`) can give. A
 * refinement or a pattern names one of them as its message (`refine(…, { message: 'unique' })`,
 * `regex(…, 'phone')`), with the values for its placeholders in `params`.
 */
export const FIELD_MESSAGE_KEYS = [
  // What the mapping says for zod's own issues.
  'required',
  'type',
  'tooShortString',
  'tooLongString',
  'tooSmallNumber',
  'tooBigNumber',
  'tooFewItems',
  'tooManyItems',
  'email',
  'format',
  'unknownField',
  'oneOf',
  'invalid',
  // What the contract's refinements and patterns name.
  'date',
  'dateTooEarly',
  'dateInFuture',
  'unique',
  'phone',
  'jsonObject',
  'passwordsDiffer',
  'wholeNumber',
  'endBeforeStart',
  'rangeTooLong',
  'ageFromAfterTo',
  'minAboveMax',
  // Booking's (issue 28).
  'time',
  'datetime',
  'overlap',
  'country',
  // The diagnostic card's (issue 16, spec §5).
  'answerTypeRequired',
  'variantsMin',
  'rowsMin',
  'columnsMin',
  'scaleOrder',
  'scaleTooLong',
  'bandOrder',
  'formulaName',
  'reservedWord',
  // The game's (issue 31).
  'gameStageBackwards',
  // The input rule, checked before any schema.
  'forbiddenCharacters',
  'tooDeep',
] as const;
export type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

/** Values for a message's placeholders, e.g. `{ count: 2 }` for `tooShortString` (`count` picks a counted text's form). */
export type FieldMessageParams = Record<string, string | number>;

/** One message for one field: `field` is the issue's path joined with dots, '' for the whole input. */
export interface FieldIssue {
  field: string;
  key: FieldMessageKey;
  params: FieldMessageParams;
}

/**
 * A zod issue as zod reports it, or as a validator passes it on: its code, path and message, and the
 * rest of its fields (`origin`, `minimum`, `format`, `keys`, `values`, `errors`, `params`…).
 */
export interface IssueLike {
  readonly code: string;
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
}

const KEYS: ReadonlySet<string> = new Set(FIELD_MESSAGE_KEYS);

/** Whether a string names a field message (a refinement may carry one as its message). */
export function isFieldMessageKey(key: unknown): key is FieldMessageKey {
  return typeof key === 'string' && KEYS.has(key);
}

type Path = readonly PropertyKey[];

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[String(part)];
  }
  return value;
}

const fieldOf = (path: Path) => path.map(String).join('.');

function sizeIssue(extra: Record<string, unknown>, small: boolean): Omit<FieldIssue, 'field'> {
  const limit = Number(small ? extra.minimum : extra.maximum);
  // An exclusive bound of a number (`positive()`: more than 0) is told as the nearest whole one
  // inside it ("at least 1"): the contract's exclusive bounds are on whole numbers.
  const bound = extra.inclusive === false && extra.origin === 'number' ? limit + (small ? 1 : -1) : limit;
  const origin = String(extra.origin ?? '');
  // Characters and items are counted nouns ("2 символи", "5 символів"): their bound is the text's
  // `count`, which picks its plural form. A number's bound is a number alone ("Щонайменше 3.").
  if (origin === 'string')
    return { key: small ? 'tooShortString' : 'tooLongString', params: { count: bound } };
  if (origin === 'array' || origin === 'set')
    return { key: small ? 'tooFewItems' : 'tooManyItems', params: { count: bound } };
  return { key: small ? 'tooSmallNumber' : 'tooBigNumber', params: small ? { min: bound } : { max: bound } };
}

/**
 * Whether a field was left empty, so that it is "required" whatever rule it broke first: absent
 * (not given, or null: a cleared select or date), or a text of spaces alone that breaks a least
 * length, zod's own format (an e-mail) or a choice ("at least 2 characters" is for a text typed too
 * short). A rule that names its own message (`regex(…, 'wholeNumber')`, `enum(…, { message:
 * 'answerTypeRequired' })`) keeps it, unless the value is absent where a type was expected: it
 * says better what is missing, or guards an optional field, where a blank is wrong, not missing.
 */
function leftEmpty(issue: IssueLike, value: unknown): boolean {
  // A value of no type at all (absent) is missing whatever message its rule names.
  if (isFieldMessageKey(issue.message) && issue.code !== 'invalid_type') return false;
  const judgesValue = ['invalid_type', 'too_small', 'invalid_format', 'invalid_value'].includes(issue.code);
  if (value === undefined || value === null) return judgesValue;
  const blank = typeof value === 'string' && value.trim() === '';
  return blank && issue.code !== 'invalid_type' && judgesValue;
}

/** The values a refinement gives for its message's placeholders (`params`), as texts and numbers. */
function refinementParams(value: unknown): FieldMessageParams {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, typeof item === 'number' ? item : String(item)]),
  );
}

/**
 * The issues of the one option of a failed union that the value had the shape of (the others
 * failed on its type or literal value); null when none or several did. So `'' | null | email`
 * names a bad e-mail rather than a plain "invalid value".
 */
function onlyFittingOption(extra: Record<string, unknown>): IssueLike[] | null {
  const options = (extra.errors as IssueLike[][] | undefined) ?? [];
  const misfit = (issue: IssueLike) =>
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') && !issue.path?.length;
  const fitting = options.filter((option) => !option.every(misfit));
  const [option] = fitting;
  if (!option || fitting.length > 1) return null;
  return option;
}

/**
 * The field messages of one zod issue, as keys with their values. `data` is what was validated
 * (a body, a query, a form's values mapped to a body): a field it does not hold is "required"
 * rather than "of the wrong type". Usually one message; an unknown-keys issue gives one per key,
 * and a failed union the messages of the one option the value fitted.
 */
export function fieldIssues(issue: IssueLike, data: unknown): FieldIssue[] {
  return issuesAt(issue, [], data);
}

function issuesAt(issue: IssueLike, base: Path, data: unknown): FieldIssue[] {
  const path = [...base, ...(issue.path ?? [])];
  const field = fieldOf(path);
  const extra = issue as unknown as Record<string, unknown>;
  const one = (key: FieldMessageKey, params: FieldMessageParams = {}): FieldIssue[] => [
    { field, key, params },
  ];
  // A field left empty is missing, whether its rule was a type, a length, a format or a choice.
  if (path.length > 0 && leftEmpty(issue, valueAt(data, path))) return one('required');
  switch (issue.code) {
    case 'invalid_type':
      return one('type', { expected: String(extra.expected ?? '?') });
    case 'too_small':
      return [{ field, ...sizeIssue(extra, true) }];
    case 'too_big':
      return [{ field, ...sizeIssue(extra, false) }];
    case 'invalid_format':
      // A pattern may name one of the messages (`regex(…, 'phone')`).
      if (isFieldMessageKey(issue.message)) return one(issue.message);
      return one(extra.format === 'email' ? 'email' : 'format');
    case 'unrecognized_keys':
      return ((extra.keys as string[] | undefined) ?? []).map((key) => ({
        field: fieldOf([...path, key]),
        key: 'unknownField',
        params: {},
      }));
    case 'invalid_value':
      // A choice may name its own message (`z.enum(…, { message: 'answerTypeRequired' })`).
      if (isFieldMessageKey(issue.message)) return one(issue.message);
      return one('oneOf', { values: ((extra.values as unknown[] | undefined) ?? []).join(', ') });
    case 'invalid_union': {
      const option = onlyFittingOption(extra);
      return option ? option.flatMap((inner) => issuesAt(inner, path, data)) : one('invalid');
    }
    default:
      // A refinement may name one of the messages, with the values for it in its `params`; anything
      // else is a plain "invalid value".
      return isFieldMessageKey(issue.message)
        ? one(issue.message, refinementParams(extra.params))
        : one('invalid');
  }
}
