import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

test('root creates a project, is told a taken name, edits, archives and restores it', async ({ page }) => {
  await signIn(page, 'root@demo.test');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Demo school/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('demo SCHOOL');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Third school');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Evening groups');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: /Third school/ });
  await expect(row).toContainText('Evening groups');

  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Description' })
    .fill('Evening and weekend groups');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Evening and weekend groups');

  await row.getByRole('button', { name: 'Archive', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Archive Third school?' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(page.getByRole('row', { name: /Third school/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  await page
    .getByRole('row', { name: /Third school/ })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByRole('row', { name: /Third school/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(page.getByRole('row', { name: /Third school/ })).toBeVisible();
});
