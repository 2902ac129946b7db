import { fieldIssues, type FieldIssue } from '../errors/field-issues.ts';
import { clientImportRow, type ClientImportCells, type ClientImportRow } from './schemas.ts';

/**
 * How a CSV row of the student import becomes a student (issue 14 item 4). The web reads the file
 * and previews each row with this; the server reads the rows it is sent with the same function, so
 * a row the preview calls valid is one the server takes, and its messages are the same.
 */

/** A header cell as a column name: trimmed, lower case, spaces as underscores ("Child name" → child_name). */
export function importColumnName(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .join('_');
}

/** 'DD.MM.YYYY' (how uk, ru and pl spreadsheets write a date) as 'YYYY-MM-DD'; other text as it is. */
function isoDate(text: string): string {
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (!dotted) return text;
  const [, day = '', month = '', year = ''] = dotted;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * The body a row's cells stand for: each cell trimmed, an empty one left out (the field's default,
 * or as it is on an update), `custom_themes` split on commas, `language` in lower case, a
 * birthdate 'DD.MM.YYYY' read as the day it names. A column the import does not know is kept, so
 * that the schema names it.
 */
export function importRowBody(cells: ClientImportCells): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [header, raw] of Object.entries(cells)) {
    const column = importColumnName(header);
    const value = raw.trim();
    if (column === '' || value === '') continue;
    switch (column) {
      case 'custom_themes':
        body[column] = value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '');
        break;
      case 'language':
        body[column] = value.toLowerCase();
        break;
      case 'birthdate':
        body[column] = isoDate(value);
        break;
      default:
        body[column] = value;
    }
  }
  return body;
}

/** A row read: the student it stands for, or the messages of each field that is wrong. */
export type ParsedImportRow = { ok: true; row: ClientImportRow } | { ok: false; issues: FieldIssue[] };

/** Reads one row of cells by the contract's `clientImportRow` (the rules of `POST /clients`). */
export function parseImportRow(cells: ClientImportCells): ParsedImportRow {
  const body = importRowBody(cells);
  const parsed = clientImportRow.safeParse(body);
  if (parsed.success) return { ok: true, row: parsed.data };
  return { ok: false, issues: parsed.error.issues.flatMap((issue) => fieldIssues(issue, body)) };
}
