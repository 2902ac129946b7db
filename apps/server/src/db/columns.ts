/**
 * Fields that the API and a table keep alike, but for the spelling: the body's `read_only` is the
 * row's `readOnly`. An area lists such fields once, in the contract, and its presenter and commands
 * copy them with these two helpers, so that adding one touches neither.
 */

/** `read_only` → `readOnly`, as a type. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The row's columns for the fields of a body. A field the body does not have stays out, so that an
 * insert takes the column's default and an update leaves the column as it is.
 */
export function toColumns<K extends string, T extends Partial<Record<K, unknown>>>(
  body: T,
  keys: readonly K[],
): { [P in K as Camel<P>]?: Exclude<T[P], undefined> } {
  const columns: Record<string, unknown> = {};
  for (const key of keys) if (body[key] !== undefined) columns[camel(key)] = body[key];
  return columns as { [P in K as Camel<P>]?: Exclude<T[P], undefined> };
}

/** The fields of a row, spelled as the API spells them. */
export function fromColumns<K extends string, R extends { [P in K as Camel<P>]: unknown }>(
  row: R,
  keys: readonly K[],
): { [P in K]: R[Camel<P> & keyof R] } {
  const fields: Record<string, unknown> = {};
  for (const key of keys) fields[key] = (row as Record<string, unknown>)[camel(key)];
  return fields as { [P in K]: R[Camel<P> & keyof R] };
}
