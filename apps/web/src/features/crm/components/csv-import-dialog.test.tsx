import { CLIENT_IMPORT_ROWS_MAX } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { csvText, parseClientsCsv, templateCsv } from '../csv-import.ts';
import { CsvImport } from './csv-import-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const HEADER = 'child_name;client_name;birthdate;language;parent_phone;custom_themes;remote_id';

/** Picks a file in the dialog's file input. */
function pick(content: BlobPart, name = 'students.csv') {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

/** The preview's row of a file row number (the first under the header is 1). */
function rowOf(number: number) {
  const row = screen
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryAllByRole('cell')[0]?.textContent === String(number));
  if (!row) throw new Error(`no row ${number}`);
  return within(row);
}

describe('reading a CSV file of students', () => {
  it('splits on semicolons or commas, reads quoted cells, names the columns by the header', () => {
    const semicolons = parseClientsCsv(
      `${HEADER}\nSofiia;Olena Koval;14.05.2019;EN;+380501234567;"cars; space";crm-1\n`,
    );
    expect(semicolons.ok && semicolons.rows[0]?.cells).toEqual({
      child_name: 'Sofiia',
      client_name: 'Olena Koval',
      birthdate: '14.05.2019',
      language: 'EN',
      parent_phone: '+380501234567',
      custom_themes: 'cars; space',
      remote_id: 'crm-1',
    });
    expect(semicolons.ok && semicolons.rows[0]?.issues).toEqual([]);
    const commas = parseClientsCsv('Child name,Client name\r\n"Koval, Sofiia",Olena\r\n\r\n');
    expect(commas.ok && commas.rows.map((row) => row.cells)).toEqual([
      { child_name: 'Koval, Sofiia', client_name: 'Olena' },
    ]);
  });

  it('refuses a file without the required columns, with unknown ones, without rows, or too long', () => {
    expect(parseClientsCsv('child_name,parent\nSofiia,Olena\n')).toEqual({
      ok: false,
      problem: { key: 'missingColumns', params: { columns: 'client_name' } },
    });
    const unknown = parseClientsCsv('child_name,client_name,shoe_size\nSofiia,Olena,30\n');
    expect(unknown.ok === false && unknown.problem.key).toBe('unknownColumns');
    expect(parseClientsCsv('child_name,client_name\n')).toEqual({ ok: false, problem: { key: 'empty' } });
    const long = `child_name,client_name\n${'Sofiia,Olena\n'.repeat(CLIENT_IMPORT_ROWS_MAX + 1)}`;
    expect(parseClientsCsv(long)).toEqual({
      ok: false,
      problem: {
        key: 'tooManyRows',
        params: { max: CLIENT_IMPORT_ROWS_MAX, count: CLIENT_IMPORT_ROWS_MAX + 1 },
      },
    });
  });

  it('tells a spreadsheet or a binary file renamed .csv from text', () => {
    expect(csvText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toEqual({
      problem: { key: 'spreadsheet' },
    });
    expect(csvText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      problem: { key: 'notText' },
    });
    expect(csvText(new Uint8Array([0x61, 0x00, 0x62]))).toEqual({ problem: { key: 'notText' } });
    expect(csvText(new TextEncoder().encode('\uFEFFchild_name\nСофія'))).toEqual({
      text: 'child_name\nСофія',
    });
  });

  it('makes a template that reads back as a valid row', () => {
    const read = parseClientsCsv(templateCsv().replace(/^\uFEFF/, ''));
    expect(read.ok && read.rows.map((row) => row.issues)).toEqual([[]]);
  });
});

describe('the import dialog', () => {
  it('previews each row with its problems, sends only the valid ones, and shows what became of each', async () => {
    const calls = fakeApi({
      'POST /clients/import': () =>
        json({
          data: {
            rows: [
              { index: 0, outcome: 'created', client_id: 7, errors: {} },
              {
                index: 1,
                outcome: 'refused',
                client_id: null,
                errors: { remote_id: ['Another teacher has it.'] },
              },
            ],
            created: 1,
            updated: 0,
            refused: 1,
          },
        }),
    });
    const onImported = vi.fn();
    await renderInApp(<CsvImport onClose={() => {}} onImported={onImported} />);
    pick(
      [
        HEADER,
        'Sofiia Koval;Olena Koval;14.05.2019;uk;+380501234567;cars, space;crm-1',
        'S;;2019-02-31;de;0501234567;;crm 2',
        'Andrii Melnyk;Iryna Melnyk;;;;;crm-3',
      ].join('\n'),
    );
    await screen.findByText('Rows: 3. Ready: 2. With problems (not sent): 1.');
    const wrong = rowOf(2);
    expect(wrong.getByText('Not sent')).toBeTruthy();
    for (const message of [
      'child_name: At least 2 characters.',
      'client_name: Required.',
      'birthdate: Enter a real date as YYYY-MM-DD.',
      'language: Allowed values: uk, ru, en, pl.',
      'parent_phone: Enter the number in international format, e.g. +447700900123.',
      'remote_id: Wrong format.',
    ]) {
      expect(wrong.getByText(message)).toBeTruthy();
    }
    expect(rowOf(1).getByText('Ready')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import ready rows (2)' }));
    await screen.findByText('Added: 1. Updated: 0. Refused: 1.');
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.query.get('workspace_id')).toBe('1');
    expect((sent?.body as { rows: { child_name: string }[] }).rows.map((row) => row.child_name)).toEqual([
      'Sofiia Koval',
      'Andrii Melnyk',
    ]);
    expect(rowOf(1).getByText('Added')).toBeTruthy();
    expect(rowOf(3).getByText('Refused')).toBeTruthy();
    expect(rowOf(3).getByText('remote_id: Another teacher has it.')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Import ready rows/ })).toBeNull();
  });

  it('says why a file cannot be imported, and sends nothing', async () => {
    const calls = fakeApi({});
    await renderInApp(<CsvImport onClose={() => {}} />);
    pick(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]), 'photo.csv');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file is not UTF-8 text');
    expect(
      (screen.getByRole('button', { name: 'Import ready rows (0)' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls).toEqual([]);
  });
});
