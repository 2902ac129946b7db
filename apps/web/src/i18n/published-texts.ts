import { API, type Language, type PublishedTexts } from '@logoschool/contract';
import { apiBaseUrl } from '../api/client.ts';

type Texts = Record<string, unknown>;

/** How long the start waits for the published changes before it shows the shipped texts alone. */
const WAIT_MS = 3000;

const asked = new Map<Language, Promise<Record<string, string>>>();
/** Whether the app's start asked (a test's i18next, set up by the test, never does). */
let started = false;

/**
 * The published changes of a language's texts (`GET /texts/:language`, issue 33: the localization
 * editor), asked once per start of the app and language: none when the API cannot say in time, so
 * that the shipped texts still show. Outside the one client on purpose: it is asked beside the first
 * screen's texts, before anyone signs in, and says nothing when it fails. The app's start calls it.
 */
export function publishedChanges(language: Language): Promise<Record<string, string>> {
  started = true;
  let changes = asked.get(language);
  if (!changes) {
    changes = fetch(`${apiBaseUrl()}${API.texts}/${language}`, { signal: AbortSignal.timeout(WAIT_MS) })
      .then(async (response) =>
        response.ok ? ((await response.json()) as { data: PublishedTexts }).data.texts : {},
      )
      .catch(() => ({}));
    asked.set(language, changes);
  }
  return changes;
}

/**
 * The published changes of a language another load needs (the whole language, a switch, a public
 * page in the student's language): asked as at the start once the app has started, none before.
 */
export function changesFor(language: Language): Promise<Record<string, string>> {
  return started ? publishedChanges(language) : Promise.resolve({});
}

/** Forgets the changes asked for, so that the next load asks again (after a publication). */
export function forgetPublishedChanges(): void {
  asked.clear();
}

/**
 * `texts` with the published changes of the texts it holds put in: a change to a text it does not
 * hold (another part of the language, or a key the build no longer has) stays out.
 */
export function withChanges(texts: Texts, changes: Record<string, string>): Texts {
  const keys = Object.keys(changes);
  if (keys.length === 0) return texts;
  const result = structuredClone(texts);
  for (const key of keys) {
    const parts = key.split('.');
    const last = parts.pop() ?? '';
    let node: unknown = result;
    for (const part of parts) node = (node as Texts | undefined)?.[part];
    if (node && typeof node === 'object' && typeof (node as Texts)[last] === 'string') {
      (node as Texts)[last] = changes[key];
    }
  }
  return result;
}
