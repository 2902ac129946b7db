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
 * of its own, so that two specs at once never see each other's data. Two by default, one per core
 * of CI's machine: the 116 tests took 6.4 minutes on two workers on a quiet 2-core machine, all
 * green (issue 25).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

/** The port of the server that the worker with this parallel index tests. */
export const serverPort = (parallelIndex: number) => E2E_PORT + 2 * parallelIndex;

/** The port of the SMTP server that worker's server sends mail to (a `Mailbox` listens there). */
export const smtpPort = (parallelIndex: number) => serverPort(parallelIndex) - 1;

/** The vacancy banner's link the server under test gives environment 1 (`VACANCY_URLS`). */
export const E2E_VACANCY_URL = 'https://jobs.e2e.test/speech-therapists';
