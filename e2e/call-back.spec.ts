import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@logoschool/contract';
import { bookingPage } from './support/booking.ts';
import { expectAccessible } from './support/page-checks.ts';
import { newSchool, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

/*
 * A call back (issue 29 item 4): a parent on the school's booking page asks to be called while the
 * school's phone agent is down (a loopback server of the test's own that answers 500), reads §8's
 * "call initialization error", and the manager finds the request with why on /call-requests.
 */

let school: School;
let token: string;
let agent: http.Server;
const received: (string | undefined)[] = [];

test.beforeAll(async ({ request }) => {
  agent = http.createServer((incoming, answer) => {
    received.push(incoming.headers['idempotency-key'] as string | undefined);
    incoming.resume();
    answer.writeHead(500, { 'content-type': 'application/json' });
    answer.end('{"error":"down"}');
  });
  await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
  school = await newSchool(request, ['manager']);
  token = await bookingPage(school);
  await school.root.call('put', API.callAgent, {
    url: `http://127.0.0.1:${(agent.address() as AddressInfo).port}/calls`,
    token: 'e2e-agent-token',
    timeout_seconds: 3,
  });
});

test.afterAll(async () => {
  agent.closeAllConnections();
  await new Promise((resolve) => agent.close(resolve));
});

test('a parent asks to be called with the agent down, reads the call initialization error; the manager sees the request', async ({
  page,
}) => {
  await page.goto(`/appointment/${token}`);
  await expect(page.getByRole('heading', { name: 'Call me back' })).toBeVisible();
  await page.getByRole('textbox', { name: /Number to call/ }).fill('+380 50 765 4321');
  await page.getByRole('checkbox', { name: /I agree to be called/ }).check();
  await page.getByRole('button', { name: 'Call me' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Call initialization error' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('We will try again in a few minutes');
  expect(received).toHaveLength(1);
  await expectAccessible(page);

  await signIn(page, school.person('manager'), '/call-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Call-back requests' })).toBeVisible();
  await page.getByRole('tab', { name: /Calling/ }).click();
  const row = page.getByRole('row', { name: /\+380507654321/ });
  await expect(row).toContainText('The phone agent failed (HTTP 500)');
  await expect(row).toContainText('1 attempt');
  await expectAccessible(page);
});
