/**
 * Text that may be stored and sent: PostgreSQL refuses U+0000 in `text`, and a lone UTF-16
 * surrogate is no character at all (it cannot be written as UTF-8, so a driver or a JSON encoder
 * either fails on it or changes it behind our back).
 */

// With the `u` flag a surrogate class matches only a surrogate that is not half of a pair.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const FORBIDDEN = /\u0000|[\uD800-\uDFFF]/u;

// C0 controls but tab, line feed and carriage return (a Windows line break is CR LF).
// eslint-disable-next-line no-control-regex -- control characters are exactly what goes
const DROPPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDFFF]/gu;

/** Whether a string holds U+0000 or an unpaired surrogate: text that must never be stored. */
export function hasForbiddenText(value: string): boolean {
  return FORBIDDEN.test(value);
}

/**
 * The string without NUL and the other C0 control characters (tab, line feed and carriage return
 * stay) and without unpaired surrogates, for text taken from files rather than typed into a form
 * (a deck's slides, its part names). Paired surrogates (emoji) stay. Never `hasForbiddenText`, and
 * cleaning twice changes nothing.
 */
export function cleanText(value: string): string {
  return value.replace(DROPPED, '');
}
