/**
 * The texts the build ships: the web app's catalogues, assembled by the same function its build
 * uses (`apps/web/texts-plugin.ts`: the shared sections and every area's files), read once per
 * process from the checkout the server runs in (`npm start` runs it from there, as it serves the
 * built app from `apps/web/dist`). The role names are the contract's, not the catalogues', and are
 * not edited here.
 */
import {
  LANGUAGES,
  PLURAL_SUFFIX,
  baseKeyOf,
  flattenTexts,
  translationKeysOf,
  type Language,
} from '@logoschool/contract';
// The one assembly of the web's texts; a copy here could drift from what the app ships.
import { wholeTexts } from '../../../../web/texts-plugin.ts';

export interface ShippedText {
  /** The key without plural suffix. */
  key: string;
  counted: boolean;
}

export interface Shipped {
  /** Each language's texts by whole key. */
  texts: Record<Language, Record<string, string>>;
  /** Every text, by key, in key order. */
  list: readonly ShippedText[];
  byKey: ReadonlyMap<string, ShippedText>;
}

let shipped: Shipped | undefined;

export function shippedTexts(): Shipped {
  if (shipped) return shipped;
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [language, flattenTexts(wholeTexts(language))]),
  ) as Record<Language, Record<string, string>>;
  const byKey = new Map<string, ShippedText>();
  for (const language of LANGUAGES) {
    for (const whole of Object.keys(texts[language])) {
      const key = baseKeyOf(whole);
      const counted = PLURAL_SUFFIX.test(whole) || byKey.get(key)?.counted === true;
      byKey.set(key, { key, counted });
    }
  }
  const list = [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  shipped = { texts, list, byKey };
  return shipped;
}

/** The shipped English forms of a text: the placeholders every language keeps. */
export function englishOf(text: ShippedText): string[] {
  const english = shippedTexts().texts.en;
  return translationKeysOf('en', text.key, text.counted).flatMap((key) =>
    english[key] === undefined ? [] : [english[key]],
  );
}
