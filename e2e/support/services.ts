/**
 * The outside services the server under test is configured with. The chat's script is answered
 * by the test that needs it (page.route); the SMTP server is started by the test that reads mail.
 */
export const E2E_CHAT = {
  scriptUrl: 'https://chat.e2e.test/widget.js',
  host: 'https://chat.e2e.test',
  token: 'e2e-widget-token',
} as const;

/**
 * How many workers the browser tests run on. Each worker tests a server of its own, on a database
 * of its own, so that two specs at once never see each other's data. One by default: on CI's
 * 2-core machine the pages' own work (about 2 s of the renderer's CPU per page load) keeps both
 * cores busy with one worker already, and a second only halves each test's speed (16 tests: 147 s
 * on two workers, 154 s on one; on two, six of the 94 flows ran past their minute). E2E_WORKERS
 * sets more on a bigger machine.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);

const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

/** The port of the server that the worker with this parallel index tests. */
export const serverPort = (parallelIndex: number) => E2E_PORT + 2 * parallelIndex;

/** The port of the SMTP server that worker's server sends mail to (a `Mailbox` listens there). */
export const smtpPort = (parallelIndex: number) => serverPort(parallelIndex) - 1;

/** The vacancy banner's link the server under test gives environment 1 (`VACANCY_URLS`). */
export const E2E_VACANCY_URL = 'https://jobs.e2e.test/speech-therapists';
