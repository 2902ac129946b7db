import type { Language } from '@logoschool/contract';
import type { i18n as I18n } from 'i18next';
import { i18n, loadTextsOf } from './i18n.ts';

/**
 * The texts in `language` for one page (a public page for the parents or the child shows itself in the student's language):
 * an i18next instance that shares the app's texts but has a language of its own, so that the app's
 * language and the saved choice (`default-language`) stay as they are, for a teacher who opens the
 * link while signed in too.
 */
export async function textsIn(language: Language): Promise<I18n> {
  await loadTextsOf(language);
  return i18n.cloneInstance({ lng: language });
}
