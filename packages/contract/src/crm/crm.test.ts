import { describe, expect, it } from 'vitest';
import { diagnosticianAssignScope, mayReplicateInto, replicateScope } from '../access/crm.ts';
import { ROLE_NAMES } from '../access/roles.ts';
import { importColumnName, importRowBody, parseImportRow } from './import-rows.ts';
import {
  CLIENT_IMPORT_ROWS_MAX,
  clientImportInput,
  remoteClientUpsert,
  remoteIdRequired,
  replicateClientInput,
} from './schemas.ts';

describe('who may copy which students', () => {
  it('lets root and admins copy any student, teachers their own, others none', () => {
    expect(Object.fromEntries(ROLE_NAMES.map((role) => [role, replicateScope(role)]))).toEqual({
      root: 'any',
      manager: null,
      moderator: null,
      author: null,
      teacher: 'own',
      admin: 'any',
      diagnostician: 'own',
    });
  });

  it('lets root and admins assign any student to diagnosticians, teachers their own, others none', () => {
    expect(Object.fromEntries(ROLE_NAMES.map((role) => [role, diagnosticianAssignScope([role])]))).toEqual({
      root: 'any',
      manager: null,
      moderator: null,
      author: null,
      teacher: 'own',
      admin: 'any',
      diagnostician: 'own',
    });
    // A teacher who is also the project's admin assigns for every teacher.
    expect(diagnosticianAssignScope(['teacher', 'admin'])).toBe('any');
    expect(diagnosticianAssignScope([])).toBeNull();
  });

  it('copies into another project only where the caller may copy too', () => {
    expect(mayReplicateInto(['teacher'])).toBe(true);
    expect(mayReplicateInto(['manager', 'admin'])).toBe(true);
    expect(mayReplicateInto(['moderator', 'author'])).toBe(false);
    expect(mayReplicateInto([])).toBe(false);
  });
});

describe('a CSV row of the student import', () => {
  it('reads header cells as column names', () => {
    expect(importColumnName('\uFEFF Child name ')).toBe('child_name');
    expect(importColumnName('REMOTE_ID')).toBe('remote_id');
  });

  it('leaves empty cells out, splits custom themes, lower-cases the language, reads DD.MM.YYYY', () => {
    expect(
      importRowBody({
        'Child name': ' Sofiia ',
        client_name: 'Olena Koval',
        birthdate: '4.05.2019',
        language: 'EN',
        custom_themes: ' dinosaurs, space ,, ',
        parent_email: '',
        remote_id: '  ',
      }),
    ).toEqual({
      child_name: 'Sofiia',
      client_name: 'Olena Koval',
      birthdate: '2019-05-04',
      language: 'en',
      custom_themes: ['dinosaurs', 'space'],
    });
  });

  it('takes a valid row as the student it stands for', () => {
    const parsed = parseImportRow({
      child_name: 'Sofiia',
      client_name: 'Olena Koval',
      birthdate: '2019-05-04',
      parent_phone: '+380 50 123 45 67',
      remote_id: 'crm-1',
    });
    expect(parsed).toEqual({
      ok: true,
      row: {
        child_name: 'Sofiia',
        client_name: 'Olena Koval',
        birthdate: '2019-05-04',
        parent_phone: '+380501234567',
        remote_id: 'crm-1',
      },
    });
  });

  it("names each wrong field with the contract's messages, and a column it does not know", () => {
    const parsed = parseImportRow({
      child_name: 'S',
      birthdate: '31.02.2019',
      language: 'de',
      parent_email: 'not-an-address',
      remote_id: 'crm 1',
      shoe_size: '30',
    });
    expect(parsed.ok).toBe(false);
    const issues = parsed.ok ? [] : parsed.issues.map(({ field, key }) => `${field}:${key}`);
    expect(issues.sort()).toEqual(
      [
        'child_name:tooShortString',
        'client_name:required',
        'birthdate:date',
        'language:oneOf',
        'parent_email:email',
        'remote_id:format',
        'shoe_size:unknownField',
      ].sort(),
    );
  });
});

describe('the CRM and import bodies', () => {
  it('requires a remote id and a teacher e-mail to upsert, and keeps the student rules', () => {
    expect(remoteIdRequired.safeParse('').success).toBe(false);
    expect(remoteIdRequired.safeParse('crm:42').success).toBe(true);
    const upsert = remoteClientUpsert.safeParse({
      remote_id: 'crm-42',
      teacher_email: 'Teacher@Demo.test',
      client_name: 'Olena Koval',
      child_name: 'Sofiia',
    });
    expect(upsert.success && upsert.data.teacher_email).toBe('teacher@demo.test');
    expect(
      remoteClientUpsert.safeParse({ remote_id: 'x', client_name: 'Olena', child_name: 'Sofiia' }).success,
    ).toBe(false);
    // Strict like the student's body: a field it does not know is refused, the linked themes too.
    expect(
      remoteClientUpsert.safeParse({
        remote_id: 'x',
        teacher_email: 't@demo.test',
        client_name: 'Olena',
        child_name: 'Sofiia',
        theme_ids: [1],
      }).success,
    ).toBe(false);
  });

  it('takes at most CLIENT_IMPORT_ROWS_MAX rows, and at least one', () => {
    const row = { child_name: 'Sofiia', client_name: 'Olena' };
    expect(clientImportInput.safeParse({ rows: [] }).success).toBe(false);
    expect(clientImportInput.safeParse({ rows: Array(CLIENT_IMPORT_ROWS_MAX).fill(row) }).success).toBe(true);
    expect(clientImportInput.safeParse({ rows: Array(CLIENT_IMPORT_ROWS_MAX + 1).fill(row) }).success).toBe(
      false,
    );
  });

  it('copies to a teacher, the project being optional', () => {
    expect(replicateClientInput.safeParse({ client_id: 1, teacher_id: 2 }).success).toBe(true);
    expect(replicateClientInput.safeParse({ client_id: 1 }).success).toBe(false);
  });
});
