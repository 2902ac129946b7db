import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/page-checks.ts';
import { literally } from './support/users.ts';
import { ROOT, newSchool, unique } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

test('root creates a project, is told a taken name, edits, is asked before archiving it, archives and restores it', async ({
  page,
  request,
}) => {
  // Root's list holds every spec's projects, by title, a page at a time: this test's own share a
  // word, which the list's search keeps.
  const word = unique('Workspaces');
  const school = await newSchool(request, [], `${word} first school`);
  const title = `${word} third school`;
  await signIn(page, ROOT);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await page.getByPlaceholder('Search by name').fill(word);
  await expect(page.getByRole('row', { name: literally(school.title) })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog');
  // Titles are unique ignoring case.
  await dialog.getByRole('textbox', { name: 'Name' }).fill(school.title.toUpperCase());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Evening groups');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: literally(title) });
  await expect(row).toContainText('Evening groups');

  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Description' })
    .fill('Evening and weekend groups');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Evening and weekend groups');

  // Root is asked before archiving, and can still change their mind.
  await row.getByRole('button', { name: 'Archive', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${title}?` });
  await expect(confirm).toContainText(`Its members lose access to ${title}`);
  await expect(confirm).toContainText('you can restore it at any time from the Archived tab');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Archive', exact: true }).click();
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`${title} is archived.`)).toBeVisible();
  await expect(page.getByRole('row', { name: literally(title) })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  await page
    .getByRole('row', { name: literally(title) })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByRole('row', { name: literally(title) })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(page.getByRole('row', { name: literally(title) })).toBeVisible();
});
