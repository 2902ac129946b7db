// A time zone's check without zod, for the pages that show times in one (issue 32: the schemas in
// plans.ts would bring zod to them).

/** Whether a text names a time zone this runtime knows (IANA, e.g. 'Europe/Kyiv'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
