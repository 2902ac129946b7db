import type { Language } from '@logoschool/contract';

/** What a mail says: paragraphs of plain text and, optionally, one link to open. */
export interface MailContent {
  subject: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** A last, smaller line (why the reader got the mail). */
  footer?: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML, in an element or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Inline styles: mail programs drop style sheets. */
const STYLE = {
  body: 'margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529',
  button:
    'background:#228be6;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block',
  small: ';font-size:12px;color:#868e96',
};

const paragraph = (text: string, style = '') =>
  `<p style="margin:0 0 16px${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

function htmlOf(lang: Language, content: MailContent): string {
  const parts = content.paragraphs.map((text) => paragraph(text));
  if (content.action) {
    const link = `<a href="${escapeHtml(content.action.url)}" style="${STYLE.button}">${escapeHtml(content.action.label)}</a>`;
    parts.push(
      `<p style="margin:24px 0">${link}</p>`,
      // The address itself too, for mail programs that do not show links.
      paragraph(content.action.url, `${STYLE.small};word-break:break-all`),
    );
  }
  if (content.footer) parts.push(paragraph(content.footer, STYLE.small));
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="${STYLE.body}">`,
    ...parts,
    '</body></html>',
  ].join('\n');
}

function textOf(content: MailContent): string {
  const parts = [...content.paragraphs];
  if (content.action) parts.push(`${content.action.label}:\n${content.action.url}`);
  if (content.footer) parts.push(content.footer);
  return `${parts.join('\n\n')}\n`;
}

/** A mail's plain text and its simple HTML twin; every value is escaped in the HTML. */
export function composeMail(lang: Language, content: MailContent): ComposedMail {
  return { subject: content.subject, text: textOf(content), html: htmlOf(lang, content) };
}
