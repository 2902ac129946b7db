import { API, type StorageRecord } from '@logoschool/contract';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { ROOT, rootToken, unique } from './support/school.ts';
import { signIn } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

test.use({ locale: 'en-GB' });

test('root turns maintenance on for an environment with a message, and the environment reads it back', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const headers = { authorization: `Bearer ${await rootToken(request)}` };
  // An environment of this test's own: the other specs' pages (environment 1) see no maintenance.
  const envId = 500 + Math.floor(Math.random() * 100_000);
  const made = await request.post(`/api${API.workspaces}`, {
    headers,
    data: { title: unique('Maintained school'), env_id: envId },
  });
  expect(made.status()).toBe(201);

  await signIn(page, ROOT, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kept elsewhere' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Environment' }).click();
  await page.getByRole('option', { name: `Environment ${envId}` }).click();
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue(`Environment ${envId}`);

  await page.getByRole('switch', { name: 'Maintenance' }).check({ force: true });
  await page.getByRole('textbox', { name: "The notice's message" }).fill('Back at 14:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();

  const stored = await request.get(`/api${API.storage}/app_settings`, {
    headers: { ...headers, 'x-env-id': String(envId) },
  });
  expect((await stored.json()).data as StorageRecord).toMatchObject({
    maintenance: true,
    maintenance_message: 'Back at 14:00',
  });
  const history = page.getByRole('table', { name: 'History of changes' });
  await expect(history).toContainText('maintenance_message');
  await expect(history).toContainText('Back at 14:00');
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
