import { stringify } from 'csv-stringify/sync';

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Records as a CSV file (spec §3 CSV export): the header from the first record's keys, null values
 * empty, UTF-8 with a byte-order mark so that Excel reads Cyrillic names right, Windows line ends.
 * A text that would start a formula gets a leading apostrophe, so that a name never runs as one.
 * No records, no header: there is no first row to take it from.
 */
export function csvOf(records: readonly Record<string, unknown>[]): string {
  return stringify([...records], {
    header: true,
    bom: true,
    record_delimiter: 'windows',
    // csv-stringify quotes a cell holding the record delimiter (\r\n), not a lone \n or \r.
    quoted_match: /[\r\n]/,
    cast: { string: (value) => (FORMULA_START.test(value) ? `'${value}` : value) },
  });
}
