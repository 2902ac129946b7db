/**
 * The outside services the server under test is configured with. The chat's script is answered
 * by the test that needs it (page.route); the SMTP server is started by the test that reads mail.
 */
export const E2E_CHAT = {
  scriptUrl: 'https://chat.e2e.test/widget.js',
  host: 'https://chat.e2e.test',
  token: 'e2e-widget-token',
} as const;

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3198);

/** The vacancy banner's link the server under test gives environment 1 (`VACANCY_URLS`). */
export const E2E_VACANCY_URL = 'https://jobs.e2e.test/speech-therapists';
