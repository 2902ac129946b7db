import {
  DEFAULT_API_LANGUAGE,
  LANGUAGES,
  roleLabelsIn,
  type Language,
  type RoleName,
} from '@logoschool/contract';
import i18next from 'i18next';
import en from './locales/en.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import uk from './locales/uk.json' with { type: 'json' };

/**
 * One language's server texts: its JSON, plus the role names, which the contract holds once for the
 * server and the web.
 */
export type Catalogue = typeof en & { roles: Record<RoleName, string> };

const catalogue = (lang: Language, texts: typeof en): Catalogue => ({ ...texts, roles: roleLabelsIn(lang) });

/** Every language's texts, as i18next holds them. */
export const CATALOGUES: Record<Language, Catalogue> = {
  uk: catalogue('uk', uk),
  ru: catalogue('ru', ru),
  en: catalogue('en', en),
  pl: catalogue('pl', pl),
};

/** A counted text's forms (`asset_in_use_one`, `…_few`…) are named by the key they share. */
type Counted<K extends string> = K extends `${infer Base}_${'one' | 'few' | 'many' | 'other'}` ? Base : K;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${Counted<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The key of one server text, e.g. `errors.not_found` or `mail.invite.subject`. */
export type TextKey = Leaves<Catalogue>;
/** A field-level validation message (`fields.*`). */
export type FieldMessage = Counted<keyof Catalogue['fields'] & string>;
/** Another message for an error code (`alternatives.*`, see `AppError.saying`). */
export type AlternativeMessage = keyof Catalogue['alternatives'];
/** Values for a text's `{{name}}` placeholders. */
export type TextParams = Record<string, string | number>;

const i18n = i18next.createInstance();
// Synchronous: the resources are imported above, so the instance is ready when this module is.
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: CATALOGUES[lang] }])),
  lng: DEFAULT_API_LANGUAGE,
  fallbackLng: DEFAULT_API_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // The texts go into JSON and plain-text mails, never into HTML unescaped.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * A server text in a language, its `{{name}}` placeholders filled from `params`. The values go in
 * as `replace`, so none of them is read as an i18next option (`count`, `context`…).
 */
export function text(lang: Language, key: TextKey, params: TextParams = {}): string {
  // A number named `count` also picks a counted text's form (`…_one`, `…_few`…).
  const count = typeof params.count === 'number' ? { count: params.count } : {};
  return i18n.t(key, { lng: lang, replace: params, ...count });
}

/** Role names in a language, as one list ("Manager, Speech therapist"). */
export function roleList(lang: Language, roles: readonly RoleName[]): string {
  return roles.map((role) => text(lang, `roles.${role}`)).join(', ');
}
