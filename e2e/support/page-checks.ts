import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Collects console errors and failed requests of a page (CSP violations show up here). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * No serious or critical accessibility violation on the page, once its transitions have settled:
 * a dialog or menu on its way out is half a widget (a dialog without its title, a menu without its
 * items), and a notification fading in is for a moment too faint for the contrast rule: axe would
 * rightly refuse both. Endless animations (a loader) do not count.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Only the violations are read, so axe lists no passing nodes. A page without frames is checked
  // in place (`axe.run`): the frame-by-frame run, needed to reach into frames of other origins,
  // merges its parts in a new blank page, which costs more than the check.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (page.frames().length === 1) axe.setLegacyMode();
  const results = await axe.analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
