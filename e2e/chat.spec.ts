import { API, LOCAL_KEYS } from '@logoschool/contract';
import { expect, test, type Page } from './support/test.ts';
import { E2E_CHAT } from './support/services.ts';
import { newSchool } from './support/school.ts';

test.use({ locale: 'en-GB' });

/**
 * A stand-in for the chat provider's script, answered in place of the real one: it records how
 * the app started it and, like the provider, reports the user it created with a restore id.
 */
const WIDGET_SCRIPT = `
  window.chatCalls = [];
  window.fcWidget = {
    init(options) { window.chatCalls.push(['init', options]); },
    user: { get(callback) { window.chatCalls.push(['user.get']); callback({ status: 401, data: null }); } },
    on(event, callback) {
      window.chatCalls.push(['on', event]);
      if (event === 'user:created') setTimeout(() => callback({ status: 200, data: { restoreId: 'restore-e2e-1' } }), 50);
    },
    destroy() { window.chatCalls.push(['destroy']); },
  };
`;

async function serveWidget(page: Page) {
  let loads = 0;
  await page.route(E2E_CHAT.scriptUrl, async (route) => {
    loads += 1;
    await route.fulfill({ contentType: 'text/javascript', body: WIDGET_SCRIPT });
  });
  return () => loads;
}

test('on a school host the chat starts as the signed-in user and its restore id is kept', async ({
  page,
  request,
  baseURL,
}) => {
  const school = await newSchool(request, ['teacher']);
  const teacher = school.person('teacher');
  const loads = await serveWidget(page);
  // *.localhost reaches this machine, but it is not "localhost": the chat is on there.
  const base = baseURL?.replace('127.0.0.1', 'school.localhost') ?? '';
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(teacher.email);
  await page.locator('input[autocomplete="current-password"]').fill(teacher.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toBeVisible();

  await expect.poll(loads).toBe(1);
  // The script is fetched before it runs: its first call is waited for, not read at once.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { chatCalls?: [string, unknown][] }).chatCalls?.[0]),
    )
    .toEqual([
      'init',
      expect.objectContaining({
        token: E2E_CHAT.token,
        host: E2E_CHAT.host,
        email: teacher.email,
        restoreId: null,
      }),
    ]);

  const token = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth);
  await expect
    .poll(async () => {
      const response = await request.get(`/api${API.checkToken}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const info = (await response.json()).data.additional_info as string | null;
      return info ? JSON.parse(info).chat_restore_id : null;
    })
    .toBe('restore-e2e-1');

  // The next start brings the conversation back.
  await page.reload();
  await expect.poll(loads).toBe(2);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { chatCalls?: [string, { restoreId: string }][] }).chatCalls?.[0]?.[1]
            .restoreId,
      ),
    )
    .toBe('restore-e2e-1');
});
