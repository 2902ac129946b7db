import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../testing/render.tsx';
import { MailText } from './mail-text.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

async function shown(text: string) {
  const { container } = await renderInApp(
    <p data-testid="mail">
      <MailText text={text} />
    </p>,
  );
  const mail = container.querySelector('[data-testid="mail"]');
  if (!mail) throw new Error('the mail text is not shown');
  return mail;
}

describe('a mail text in the outbox', () => {
  it('makes its http(s) addresses links, leaving the sentence’s punctuation outside', async () => {
    const mail = await shown(
      'Open https://school.test/accept-invite?token=abc-123.\nOr see (http://school.test/help), then reply.',
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://school.test/accept-invite?token=abc-123',
      'http://school.test/help',
    ]);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    // The whole text is still there, line breaks and all.
    expect(mail.textContent).toBe(
      'Open https://school.test/accept-invite?token=abc-123.\nOr see (http://school.test/help), then reply.',
    );
  });

  it('links nothing but http(s), and reads nothing as HTML', async () => {
    const text =
      'javascript:alert(1) data:text/html,<b>x</b> <img src=x onerror=alert(1)> ftp://files.test mailto:a@b.test';
    const mail = await shown(text);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(mail.querySelector('img, b')).toBeNull();
    expect(mail.textContent).toBe(text);
  });

  it('links no address whose secret the kept copy hides', async () => {
    const mail = await shown(
      'Accept: https://school.test/accept-invite?token=[hidden]\nHelp: https://school.test/help',
    );
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://school.test/help',
    ]);
    expect(mail.textContent).toContain('https://school.test/accept-invite?token=[hidden]');
  });

  it('keeps markup around an address as text', async () => {
    const mail = await shown('<a href="https://evil.test">https://school.test/x"onmouseover="y</a>');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://evil.test/',
      'https://school.test/x',
    ]);
    // No attribute of the mail's made it onto a link.
    for (const link of links) {
      expect(link.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
    }
    expect(mail.querySelectorAll('a')).toHaveLength(2);
    expect(mail.textContent).toBe('<a href="https://evil.test">https://school.test/x"onmouseover="y</a>');
  });
});
