import {
  CLIENT_IMPORT_COLUMNS,
  CLIENT_IMPORT_FILE_MAX_BYTES,
  CLIENT_IMPORT_REQUIRED_COLUMNS,
  CLIENT_IMPORT_ROWS_MAX,
  importColumnName,
  parseImportRow,
  type ClientImportCells,
  type FieldIssue,
} from '@logoschool/contract';
import Papa from 'papaparse';

/**
 * Reading a CSV file of students in the browser (issue 14 item 4): the file's bytes are checked to
 * be UTF-8 text (a spreadsheet or any other file renamed .csv is told apart), papaparse splits it
 * (comma or semicolon, found by itself; quotes as RFC 4180 has them), the header names the columns,
 * and every row is judged by the contract's `parseImportRow`, as the server judges it again.
 */

/** Why a whole file cannot be imported. */
export type CsvProblem =
  | { key: 'tooLarge'; params: { max: string } }
  | { key: 'spreadsheet' }
  | { key: 'notText' }
  | { key: 'empty' }
  | { key: 'tooManyRows'; params: { max: number; count: number } }
  | { key: 'missingColumns'; params: { columns: string } }
  | { key: 'unknownColumns'; params: { columns: string; known: string } };

/** One data row of the file: its number (the first under the header is 1), cells and problems. */
export interface CsvRow {
  number: number;
  cells: ClientImportCells;
  /** The contract's messages for its fields (none for a valid row). */
  issues: FieldIssue[];
  /** Whether it has more or fewer cells than the header: its cells may be in the wrong columns. */
  misshapen: boolean;
}

export type CsvRead = { ok: true; rows: CsvRow[] } | { ok: false; problem: CsvProblem };

/** Whether a row can be sent: no field problem and the header's number of cells. */
export const rowIsValid = (row: CsvRow) => row.issues.length === 0 && !row.misshapen;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** A .xlsx (a zip) or an old .xls (an OLE file): spreadsheets saved under the wrong name. */
const SPREADSHEET_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
] as const;

/** Control characters no text file of students holds (tab, line feed and carriage return are fine). */
// eslint-disable-next-line no-control-regex -- the point is to find them
const BINARY_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** The file's text, or why it is none: a spreadsheet, or bytes that are not UTF-8 text. */
export function csvText(bytes: Uint8Array): { text: string } | { problem: CsvProblem } {
  if (SPREADSHEET_SIGNATURES.some((signature) => startsWith(bytes, signature))) {
    return { problem: { key: 'spreadsheet' } };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: { key: 'notText' } };
  }
  if (BINARY_CHARACTERS.test(text)) return { problem: { key: 'notText' } };
  return { text: text.replace(/^\uFEFF/, '') };
}

/** The rows of a CSV text of students, or why the file as a whole cannot be imported. */
export function parseClientsCsv(text: string): CsvRead {
  const parsed = Papa.parse<Record<string, string | string[] | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';'],
    transformHeader: importColumnName,
  });
  const columns = (parsed.meta.fields ?? []).filter((column) => column !== '');
  if (parsed.data.length === 0) return { ok: false, problem: { key: 'empty' } };
  const missing = CLIENT_IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return { ok: false, problem: { key: 'missingColumns', params: { columns: missing.join(', ') } } };
  }
  const known: readonly string[] = CLIENT_IMPORT_COLUMNS;
  const unknown = columns.filter((column) => !known.includes(column));
  if (unknown.length > 0) {
    return {
      ok: false,
      problem: {
        key: 'unknownColumns',
        params: { columns: unknown.join(', '), known: CLIENT_IMPORT_COLUMNS.join(', ') },
      },
    };
  }
  if (parsed.data.length > CLIENT_IMPORT_ROWS_MAX) {
    return {
      ok: false,
      problem: { key: 'tooManyRows', params: { max: CLIENT_IMPORT_ROWS_MAX, count: parsed.data.length } },
    };
  }
  const misshapen = new Set(
    parsed.errors
      .filter((error) => error.type === 'FieldMismatch' && error.row !== undefined)
      .map((error) => error.row),
  );
  const rows = parsed.data.map((record, index): CsvRow => {
    const cells: ClientImportCells = {};
    for (const column of columns) {
      const value = record[column];
      if (typeof value === 'string') cells[column] = value;
    }
    const read = parseImportRow(cells);
    return {
      number: index + 1,
      cells,
      issues: read.ok ? [] : read.issues,
      misshapen: misshapen.has(index),
    };
  });
  return { ok: true, rows };
}

/** Reads a picked file: its size first, then its bytes as text, then its rows. */
export async function readClientsCsv(file: Blob): Promise<CsvRead> {
  if (file.size > CLIENT_IMPORT_FILE_MAX_BYTES) {
    return {
      ok: false,
      problem: { key: 'tooLarge', params: { max: `${CLIENT_IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB` } },
    };
  }
  const read = csvText(new Uint8Array(await file.arrayBuffer()));
  if ('problem' in read) return { ok: false, problem: read.problem };
  return parseClientsCsv(read.text);
}

/** The template file: the header and one example row, with a BOM so that spreadsheets read it as UTF-8. */
export function templateCsv(): string {
  const example: Record<(typeof CLIENT_IMPORT_COLUMNS)[number], string> = {
    child_name: 'Sofiia Koval',
    client_name: 'Olena Koval',
    birthdate: '2019-05-14',
    language: 'uk',
    parent_email: 'olena@example.com',
    parent_phone: '+380501234567',
    parent_request: 'Sound R in words',
    comment_for_teacher: '',
    custom_themes: 'dinosaurs, space',
    remote_id: 'crm-1001',
  };
  return `\uFEFF${Papa.unparse({ fields: [...CLIENT_IMPORT_COLUMNS], data: [CLIENT_IMPORT_COLUMNS.map((c) => example[c])] })}\r\n`;
}
