import type { Page } from '@playwright/test';

/** The shell's main navigation (its links, by their names). */
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Switches the interface language with the switcher of the page (header, login or logout). */
export async function switchLanguage(page: Page, language: 'uk' | 'en') {
  await page.getByRole('combobox', { name: /^(Interface language|Мова інтерфейсу)$/ }).selectOption(language);
}
