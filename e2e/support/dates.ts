import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks a date ('YYYY-MM-DD') in one of the app's date fields (Mantine's DatePickerInput), in any
 * interface language: up to the decade, then the year, the month (by its place) and the day.
 */
export async function pickDate(page: Page, field: Locator, date: string) {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  await field.click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  const level = calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel');
  // Up to the decade, whose heading ("2020 – 2029") is no button.
  while ((await level.getAttribute('data-static')) === null) await level.click();
  for (;;) {
    const [first = 0, last = 0] = ((await level.textContent()) ?? '').match(/\d{4}/g)?.map(Number) ?? [];
    if (year >= first && year <= last) break;
    await calendar.locator(`button[data-direction="${year < first ? 'previous' : 'next'}"]`).click();
  }
  await calendar.getByRole('button', { name: String(year), exact: true }).click();
  await calendar
    .locator('table button')
    .nth(month - 1)
    .click();
  await calendar
    .locator('table button:not([data-outside])')
    .filter({ hasText: new RegExp(`^${day}$`) })
    .click();
  await expect(calendar).toBeHidden();
}

/** The day `days` from today (before it, when negative), 'YYYY-MM-DD' in UTC: a deadline, a lesson's day. */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
