import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

type Violation = Pick<axe.Result, 'id' | 'impact' | 'help'> & { nodes: { target: string[] }[] };

/**
 * The rules whose findings are at most moderate. A check fails on serious and critical findings
 * only, and axe gives every finding its rule's impact (`finalizeRuleResult` overrides the checks'),
 * so these can never fail one: they are not run. That is a third of axe's rules (landmarks,
 * headings, regions…) and a quarter of a check's time.
 */
const MILD_RULES: string[] = (
  axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } }
)._audit.rules
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
  .map((rule) => rule.id);

/**
 * axe's violations on the page. A page without frames is checked in place, with axe put into the
 * document once and kept there for the page's later checks: `AxeBuilder` evaluates its 550 KB twice
 * on every check (two thirds of a check's time). A page with frames (which may be of other origins)
 * goes through `AxeBuilder`'s frame-by-frame run. Only the violations are read, so axe lists no
 * passing nodes.
 */
async function violations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .disableRules(MILD_RULES)
      .analyze();
    return results.violations.map((v) => ({
      ...v,
      nodes: v.nodes.map((node) => ({ target: node.target.map(String) })),
    }));
  }
  type WithAxe = Window & { axe?: typeof axe };
  if (!(await page.evaluate(() => (window as WithAxe).axe !== undefined))) {
    await page.evaluate(axe.source);
    await page.evaluate(() => (window as WithAxe).axe?.configure({ allowedOrigins: ['<same_origin>'] }));
  }
  const rules = Object.fromEntries(MILD_RULES.map((id) => [id, { enabled: false }]));
  return page.evaluate(async (rules) => {
    const inPage = (window as WithAxe).axe;
    if (!inPage) throw new Error('axe was not put into the page');
    const results = await inPage.run(document, { resultTypes: ['violations'], rules });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target.map(String) })),
    }));
  }, rules);
}

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
 * rightly refuse both. Endless animations (a loader) do not count. A part that says it is busy
 * (`aria-busy`: a list showing its last rows dimmed while a search loads) is waited for too.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ) && document.querySelector('[aria-busy="true"]') === null,
  );
  const severe = (await violations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
