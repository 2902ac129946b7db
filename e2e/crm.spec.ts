import type { RemoteClientUpsert } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/page-checks.ts';
import { literally } from './support/users.ts';
import { ROOT, newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

test("root makes a school's CRM token, the CRM calls with it, and after revoking it is refused", async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['teacher']);
  const teacher = school.person('teacher').email;
  await signIn(page, ROOT, '/projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  // The list holds every spec's projects, a page at a time: its search finds the school.
  await page.getByPlaceholder('Search by name').fill(school.title);
  await page
    .getByRole('row', { name: literally(school.title) })
    .getByRole('button', { name: `CRM access of ${school.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `CRM access: ${school.title}` });
  await expect(dialog.getByText('No token', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('it is not shown again')).toBeVisible();
  const token = await dialog.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(token).toMatch(/^lgs_/);
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
  await expect(dialog.getByText(token.slice(0, 12))).toBeVisible();
  await expectAccessible(page);

  // The school's CRM, with nothing but the token.
  const crm = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' };
  const created = await request.put('/api/get-client-by-remote-id', {
    headers: crm,
    data: {
      remote_id: 'e2e-crm-1',
      teacher_email: teacher,
      client_name: 'Marta Shevchenko',
      child_name: 'Ostap Shevchenko',
      language: 'uk',
    } satisfies RemoteClientUpsert,
  });
  expect(created.status()).toBe(201);
  const listed = await request.get('/api/clients/get-remote-clients', { headers: crm });
  expect(listed.status()).toBe(200);
  const page1 = (await listed.json()) as { data: { remote_id: string; teacher_email: string }[] };
  // The school's only student with a remote id.
  expect(page1.data).toEqual([expect.objectContaining({ remote_id: 'e2e-crm-1', teacher_email: teacher })]);

  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await dialog.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(dialog.getByText('No token', { exact: true })).toBeVisible();
  const refused = await request.get('/api/clients/get-remote-clients', { headers: crm });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toContain('revoked');
});

test('a teacher imports students from a CSV file and finds them among hers', async ({ page, request }) => {
  const school = await newSchool(request, ['teacher']);
  await signIn(page, school.person('teacher'));
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import students from a CSV file' });
  const csv = [
    'child_name;client_name;birthdate;language;parent_email;custom_themes;remote_id',
    'Yaryna Bondar;Oksana Bondar;03.09.2018;uk;oksana@example.com;horses, music;e2e-101',
    'Taras Lysenko;Petro Lysenko;2017-11-20;uk;;;e2e-102',
    'X;;2017-02-30;;;;',
  ].join('\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('Rows: 3. Ready: 2. With problems (not sent): 1.')).toBeVisible();
  await expect(dialog.getByText('child_name: At least 2 characters.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Import ready rows (2)' }).click();
  await expect(dialog.getByText('Added: 2. Updated: 0. Refused: 0.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole('row', { name: /Yaryna Bondar/ });
  await expect(row).toContainText('Oksana Bondar');
  await expect(row).toContainText('03/09/2018');
  await expect(row).toContainText('horses');
  await expect(page.getByRole('row', { name: /Taras Lysenko/ })).toBeVisible();
});
