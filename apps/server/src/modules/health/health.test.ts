import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

/** The CSP's directives by name. */
function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('GET /api/app-config without a chat', () => {
  const t = useTestApp();

  it('says there is no chat, to anyone', async () => {
    const response = await t.app.inject({ url: '/api/app-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { chat: null, vacancy_urls: {}, environment: 'test' } });
  });

  it('keeps frames and foreign scripts out of the CSP', async () => {
    const csp = directives((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-src')).toBe("'none'");
  });
});

describe('GET /api/app-config with a chat', () => {
  const t = useTestApp({
    CHAT_SCRIPT_URL: 'https://cdn.chat.example/js/widget.js',
    CHAT_HOST: 'https://wchat.chat.example',
    CHAT_TOKEN: 'widget-token',
  });

  it('gives the widget settings', async () => {
    const response = await t.app.inject({ url: '/api/app-config' });
    expect(response.json()).toEqual({
      data: {
        chat: {
          script_url: 'https://cdn.chat.example/js/widget.js',
          host: 'https://wchat.chat.example',
          token: 'widget-token',
        },
        vacancy_urls: {},
        environment: 'test',
      },
    });
  });

  it('lets the CSP load the widget from its origins and talk to its host', async () => {
    const csp = directives((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self' https://cdn.chat.example https://wchat.chat.example");
    expect(csp.get('frame-src')).toBe('https://cdn.chat.example https://wchat.chat.example');
    expect(csp.get('connect-src')).toContain('wss://wchat.chat.example');
    expect(csp.get('default-src')).toBe("'self'");
  });
});

describe('GET /api/app-config with a chat half configured', () => {
  const t = useTestApp({ CHAT_SCRIPT_URL: 'https://cdn.chat.example/js/widget.js' });

  it('gives no chat rather than a broken one', async () => {
    expect((await t.app.inject({ url: '/api/app-config' })).json()).toEqual({
      data: { chat: null, vacancy_urls: {}, environment: 'test' },
    });
  });
});

describe('GET /api/app-config with vacancy links', () => {
  const t = useTestApp({
    VACANCY_URLS: '{"1":"https://jobs.example/speech-therapists","2":"https://jobs.example/pl"}',
  });

  it('gives each configured environment its link, to anyone (the banner shows before a project loads)', async () => {
    const response = await t.app.inject({ url: '/api/app-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.vacancy_urls).toEqual({
      '1': 'https://jobs.example/speech-therapists',
      '2': 'https://jobs.example/pl',
    });
  });
});

describe('GET /api/app-config outside the tests', () => {
  const t = useTestApp({ NODE_ENV: 'development' });

  it('says where the server runs: `npm start` is development, and the header shows the dev badge (spec §1)', async () => {
    expect((await t.app.inject({ url: '/api/app-config' })).json().data.environment).toBe('development');
  });
});
