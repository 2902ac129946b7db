import { API, type TranslationEntry } from '@logoschool/contract';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { ROOT, rootToken } from './support/school.ts';
import { signIn } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

test.use({ locale: 'en-GB' });

const KEY = 'localization.total';

test('root changes a Ukrainian plural text, publishes it, and the interface shows it without a new build', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const headers = { authorization: `Bearer ${await rootToken(request)}` };
  // The server is this worker's: its texts go back to the shipped ones afterwards, whatever happens.
  const shipped = async () => {
    const found = await request.get(`/api${API.translations}`, { headers, params: { search: KEY } });
    const entry = ((await found.json()).data as TranslationEntry[]).find((item) => item.key === KEY)!;
    return Object.fromEntries(entry.languages.uk.forms.map((form) => [form.key, form.shipped ?? '']));
  };
  const original = await shipped();

  try {
    await signIn(page, ROOT, '/localization');
    await expect(page.getByRole('heading', { name: 'Localization' })).toBeVisible();
    await expect(page.getByText(/^\d+ texts in the interface, in every language\.$/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('radio', { name: 'UA' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Search by key or by words in any language' }).fill(KEY);
    await page.getByRole('button', { name: `Edit the text ${KEY}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit the text (UA)' });
    await expect(editor.getByText('Keep the placeholders: {{count}}.')).toBeVisible();

    await editor.getByRole('textbox', { name: 'One' }).fill('Усього {{count}} рядок');
    // A plural form without its number is refused before anything is sent.
    await editor.getByRole('textbox', { name: 'Few' }).fill('Усього кілька рядків');
    await editor.getByRole('textbox', { name: 'Many' }).fill('Усього {{count}} рядків');
    await editor.getByRole('textbox', { name: 'Other' }).fill('Усього {{count}} рядка');
    await editor.getByRole('button', { name: 'Save the draft' }).click();
    await expect(editor.getByText('A plural form keeps the number: {{count}}.')).toBeVisible();
    await expectAccessible(page);
    await editor.getByRole('textbox', { name: 'Few' }).fill('Усього {{count}} рядки');
    await editor.getByRole('button', { name: 'Save the draft' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('tab', { name: /Drafts/ })).toContainText('1');

    await page.getByRole('button', { name: 'Publish 1 change' }).click();
    await expect(page.getByText('Published: the interface shows the changes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish 0 changes' })).toBeDisabled();

    // The interface in Ukrainian shows the published plural at once, and again after a reload.
    await page.getByRole('combobox', { name: 'Interface language' }).selectOption('uk');
    const published = page.getByText(/^Усього \d+ (рядок|рядки|рядків|рядка)$/);
    await expect(published).toBeVisible();
    await page.reload();
    await expect(published).toBeVisible();

    // The history says who and when.
    await page.getByRole('tab', { name: 'Історія' }).click();
    await expect(page.getByRole('table', { name: 'Опубліковані зміни' })).toContainText(
      'Усього {{count}} рядки',
    );
    await expectAccessible(page);
    expect(problems).toEqual([]);
  } finally {
    await request.put(`/api${API.translationDrafts}`, {
      headers,
      data: { language: 'uk', key: KEY, texts: original },
    });
    await request.post(`/api${API.translationsPublish}`, { headers });
  }
});
