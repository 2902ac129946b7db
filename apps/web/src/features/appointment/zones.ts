import { LANGUAGE_LOCALES, dayOf, isTimeZone, timeIn, type Language } from '@logoschool/contract';

/** How each page language names days and regions. */

/**
 * The zones a parent may not find by their own city: the IANA name keeps one city per zone, and
 * Tel Aviv (spec §9 names it) is Asia/Jerusalem; Kyiv is still Kiev in some browsers' lists.
 */
const OTHER_CITIES: Record<string, string> = {
  'Asia/Jerusalem': 'Tel Aviv',
  'Europe/Kiev': 'Kyiv',
  'Europe/Kyiv': 'Kiev',
  'Asia/Kolkata': 'Delhi, Mumbai',
  'America/New_York': 'Washington',
};

/** The parent's zone as the browser knows it; UTC when it names none the API knows. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** A zone's offset from UTC at `now`, e.g. "UTC+02:00". */
export function offsetOf(zone: string, now: Date): string {
  const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((one) => one.type === 'timeZoneName')?.value;
  const offset = (part ?? 'GMT').replace('GMT', '');
  return `UTC${offset || '+00:00'}`;
}

/** The offset in minutes, to order the list from west to east. */
function offsetMinutes(offset: string): number {
  const match = /([+-])(\d\d):(\d\d)/.exec(offset);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

export interface ZoneOption {
  value: string;
  label: string;
}

/**
 * Every zone the browser knows (and `keep`, if it is not among them), each as "UTC+02:00 Jerusalem,
 * Tel Aviv (Asia/Jerusalem)": found by city, region or offset, ordered by offset.
 */
export function timeZoneOptions(now: Date, keep: string[] = []): ZoneOption[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set([...known, ...keep.filter(isTimeZone), 'UTC'])];
  return zones
    .map((zone) => {
      const offset = offsetOf(zone, now);
      const city = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
      const cities = OTHER_CITIES[zone] ? `${city}, ${OTHER_CITIES[zone]}` : city;
      return { value: zone, label: `${offset} ${cities} (${zone})`, minutes: offsetMinutes(offset) };
    })
    .sort((a, b) => a.minutes - b.minutes || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
}

/** ISO 3166-1 alpha-2 countries and territories (and Kosovo's XK), which the form offers. */
const COUNTRIES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
  'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ' +
  'ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID ' +
  'IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV ' +
  'LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR ' +
  'NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL ' +
  'SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC ' +
  'VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** The countries named in the page's language, in its alphabetical order. */
export function countryOptions(language: Language): ZoneOption[] {
  const names = new Intl.DisplayNames([LANGUAGE_LOCALES[language]], { type: 'region' });
  const collator = new Intl.Collator(LANGUAGE_LOCALES[language]);
  return COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/** The country the browser's language names (en-GB → GB), if any. */
export function browserCountry(): string | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && COUNTRIES.includes(region)) return region;
    } catch {
      // A tag the browser made up: try the next.
    }
  }
  return null;
}

/** A calendar day (YYYY-MM-DD) as "Mon, 30 Nov" in the page's language. */
export function dayLabel(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** A calendar day written out: "Monday, 30 November 2026". */
export function longDayLabel(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** An instant in a zone: its day and clock time. */
export function momentIn(instant: string | Date, zone: string): { day: string; time: string } {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return { day: dayOf(at, zone), time: timeIn(at, zone) };
}
