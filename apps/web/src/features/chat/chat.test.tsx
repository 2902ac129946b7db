import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { Chat } from './chat.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

const CHAT = {
  script_url: 'https://chat.example/widget.js',
  host: 'https://chat.example',
  token: 'chat-token',
};

// Formerly e2e/chat.spec.ts: “on localhost the chat never loads”; that the widget starts on a
// school host stays the browser test's.
describe('the support chat', () => {
  it('never loads its widget on localhost, though the server configures one', async () => {
    expect(window.location.hostname).toBe('localhost');
    const calls = fakeApi({ 'GET /app-config': () => json({ data: { chat: CHAT, vacancy_urls: {} } }) });
    await renderInApp(<Chat />, { as: { roles: ['author'] } });
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/app-config'));
    // The configuration has been read and rendered with.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
    expect(document.querySelector(`script[src="${CHAT.script_url}"]`)).toBeNull();
    expect(window.fcWidget).toBeUndefined();
  });
});
