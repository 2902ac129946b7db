import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** A web address in plain text: up to the first space, quote, angle or square bracket. */
const ADDRESS = /https?:\/\/[^\s<>"'`[\]]+/g;

/** Punctuation that ends a sentence rather than the address before it. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** An address as a link target, when it is a well-formed http(s) address; else null. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A mail's plain text with its http(s) addresses as links (an invitation's link opens with a
 * click). Everything stays React text: nothing of the mail is read as HTML, and only http(s)
 * addresses become links (no `javascript:`, `data:` or the like).
 */
export function MailText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    // A kept copy of a delivered mail hides its secrets as `[hidden]`: such a link leads nowhere.
    const redacted = text[start + match[0].length] === '[';
    const href = redacted ? null : safeHref(address);
    if (!href) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Anchor key={start} href={href} target="_blank" rel="noopener noreferrer" c="blue.9">
        {address}
      </Anchor>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
