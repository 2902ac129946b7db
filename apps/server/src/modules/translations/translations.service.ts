import {
  LANGUAGES,
  TRANSLATION_IMPORT_ERRORS_MAX,
  TRANSLATION_TEXT_MAX,
  pluralFormOf,
  placeholdersOf,
  translationKeysOf,
  translationProblems,
  type Language,
  type PublishedTexts,
  type TranslationChange,
  type TranslationDraftInput,
  type TranslationEntry,
  type TranslationProblem,
  type TranslationSummary,
  type TranslationsQuery,
} from '@logoschool/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { englishOf, shippedTexts, type ShippedText } from './shipped-texts.ts';
import {
  translationChanges,
  translationDrafts,
  translationOverrides,
  translationReleases,
} from './translations.schema.ts';

type ByLanguage = Record<Language, Map<string, string>>;

/** The changes kept: the published overrides and the drafts, each by language and whole key. */
interface Changes {
  published: ByLanguage;
  drafts: ByLanguage;
}

const emptyByLanguage = (): ByLanguage =>
  Object.fromEntries(LANGUAGES.map((language) => [language, new Map<string, string>()])) as ByLanguage;

export async function readChanges(db: Tx): Promise<Changes> {
  // One after the other: inside a transaction both go through its one connection.
  const overrides = await db.select().from(translationOverrides);
  const drafts = await db.select().from(translationDrafts);
  const changes = { published: emptyByLanguage(), drafts: emptyByLanguage() };
  for (const row of overrides) changes.published[row.language]?.set(row.key, row.text);
  for (const row of drafts) changes.drafts[row.language]?.set(row.key, row.text);
  return changes;
}

/** The text in use: the published change, else the shipped text. */
export function inUse(changes: Changes, language: Language, key: string): string | undefined {
  return changes.published[language].get(key) ?? shippedTexts().texts[language][key];
}

function entryOf(text: ShippedText, changes: Changes): TranslationEntry {
  const { texts } = shippedTexts();
  const inUseForms = (language: Language) =>
    translationKeysOf(language, text.key, text.counted).map((key) => ({
      key,
      text: inUse(changes, language, key),
    }));
  const english = inUseForms('en');
  const languages = Object.fromEntries(
    LANGUAGES.map((language) => {
      const keys = translationKeysOf(language, text.key, text.counted);
      const current = inUseForms(language);
      const missing = current.some((form) => form.text === undefined || form.text.trim() === '');
      // Identical to English: every form English has reads the same (a plural text's `one` and `other`).
      const same =
        language !== 'en' &&
        !missing &&
        english.every((form) => {
          const here = current.find((other) => pluralFormOf(other.key) === pluralFormOf(form.key));
          return here !== undefined && here.text === form.text;
        });
      const forms = keys.map((key) => ({
        key,
        form: pluralFormOf(key),
        shipped: texts[language][key] ?? null,
        published: changes.published[language].get(key) ?? null,
        draft: changes.drafts[language].get(key) ?? null,
      }));
      return [language, { forms, missing, same }];
    }),
  ) as TranslationEntry['languages'];
  return { key: text.key, counted: text.counted, placeholders: placeholdersOf(englishOf(text)), languages };
}

function matches(entry: TranslationEntry, search: string): boolean {
  if (entry.key.toLowerCase().includes(search)) return true;
  return LANGUAGES.some((language) =>
    entry.languages[language].forms.some((form) =>
      [form.shipped, form.published, form.draft].some((value) => value?.toLowerCase().includes(search)),
    ),
  );
}

function passes(entry: TranslationEntry, query: Pick<TranslationsQuery, 'language' | 'filter'>): boolean {
  const here = entry.languages[query.language];
  switch (query.filter) {
    case 'all':
      return true;
    case 'missing':
      return here.missing;
    case 'same':
      return here.same;
    case 'overridden':
      return here.forms.some((form) => form.published !== null);
    case 'draft':
      return here.forms.some((form) => form.draft !== null);
  }
}

/** A page of texts found by key or by words in any language, filtered in one language. */
export async function listTranslations(db: Tx, query: TranslationsQuery) {
  const changes = await readChanges(db);
  const search = query.search?.toLowerCase();
  const found = shippedTexts()
    .list.map((text) => entryOf(text, changes))
    .filter((entry) => (!search || matches(entry, search)) && passes(entry, query));
  const start = pageOffset(query);
  return pageOf(found.slice(start, start + query.per_page), { count: found.length }, query);
}

async function currentVersion(db: Tx): Promise<number> {
  const [row] = await db
    .select({ version: sql<number>`coalesce(max(${translationReleases.id}), 0)::int` })
    .from(translationReleases);
  return row?.version ?? 0;
}

/** Per language, how many texts there are and how many are missing, identical to English, changed, drafted. */
export async function translationSummary(db: Tx): Promise<TranslationSummary> {
  const changes = await readChanges(db);
  const entries = shippedTexts().list.map((text) => entryOf(text, changes));
  const languages = Object.fromEntries(
    LANGUAGES.map((language) => {
      const count = (filter: TranslationsQuery['filter']) =>
        entries.filter((entry) => passes(entry, { language, filter })).length;
      return [
        language,
        {
          total: entries.length,
          missing: count('missing'),
          same: count('same'),
          overridden: count('overridden'),
          draft: count('draft'),
        },
      ];
    }),
  ) as TranslationSummary['languages'];
  return { languages, version: await currentVersion(db) };
}

/** A problem said in the request's language, as its field (the text's whole key) gets it. */
function problemMessage(lang: Language, problem: TranslationProblem): string {
  switch (problem.problem) {
    case 'unknown':
      return fieldMessage(lang, 'translationUnknownKey');
    case 'missingForm':
    case 'required':
      return fieldMessage(lang, 'required');
    case 'tooLong':
      return fieldMessage(lang, 'tooLongString', { count: TRANSLATION_TEXT_MAX });
    case 'forbidden':
      return fieldMessage(lang, 'forbiddenCharacters');
    case 'count':
      return fieldMessage(lang, 'translationCount', { code: '{{count}}' });
    case 'placeholders':
      return problem.values
        ? fieldMessage(lang, 'translationPlaceholders', { values: problem.values })
        : fieldMessage(lang, 'translationNoPlaceholders');
  }
}

export function refuse(lang: Language, problems: readonly TranslationProblem[], prefix = ''): never {
  const errors: Record<string, string[]> = {};
  for (const problem of problems.slice(0, TRANSLATION_IMPORT_ERRORS_MAX)) {
    (errors[`${prefix}${problem.key}`] ??= []).push(problemMessage(lang, problem));
  }
  throw new AppError('validation_failed', {}, errors);
}

/**
 * Writes a text's forms as drafts: a form that reads as the text in use has no draft (saving the
 * text in use drops the draft; saving the shipped text over a published change drafts going back).
 */
export async function writeDrafts(
  tx: Tx,
  changes: Changes,
  language: Language,
  texts: Record<string, string>,
  editorId: number,
): Promise<number> {
  let drafted = 0;
  for (const [key, value] of Object.entries(texts)) {
    if (value === inUse(changes, language, key)) {
      await tx
        .delete(translationDrafts)
        .where(and(eq(translationDrafts.language, language), eq(translationDrafts.key, key)));
      continue;
    }
    drafted += 1;
    await tx
      .insert(translationDrafts)
      .values({ language, key, text: value, editedBy: editorId })
      .onConflictDoUpdate({
        target: [translationDrafts.language, translationDrafts.key],
        set: { text: value, editedBy: editorId, editedAt: new Date() },
      });
  }
  return drafted;
}

/** A text's draft in one language, every form of it checked as the editor checks it. */
export async function saveDraft(
  db: Db,
  lang: Language,
  input: TranslationDraftInput,
  editorId: number,
): Promise<TranslationEntry> {
  const text = shippedTexts().byKey.get(input.key);
  if (!text)
    throw new AppError('validation_failed', {}, { key: [fieldMessage(lang, 'translationUnknownKey')] });
  const problems = translationProblems({
    language: input.language,
    key: text.key,
    counted: text.counted,
    english: englishOf(text),
    texts: input.texts,
  });
  if (problems.length > 0) refuse(lang, problems, 'texts.');
  return db.transaction(async (tx) => {
    const changes = await readChanges(tx);
    await writeDrafts(tx, changes, input.language, input.texts, editorId);
    return entryOf(text, await readChanges(tx));
  });
}

/** Drops a text's drafts in one language. */
export async function dropDraft(db: Db, language: Language, key: string): Promise<TranslationEntry> {
  const text = shippedTexts().byKey.get(key);
  if (!text) throw new AppError('not_found');
  await db
    .delete(translationDrafts)
    .where(
      and(
        eq(translationDrafts.language, language),
        inArray(translationDrafts.key, translationKeysOf(language, key, text.counted)),
      ),
    );
  return entryOf(text, await readChanges(db));
}

/**
 * Publishes every draft at once: each becomes the text in use (a draft of the shipped text removes
 * the published change), the history keeps its before and after, and the texts' version moves on.
 * One publication at a time; a draft written meanwhile waits for the next.
 */
export async function publishDrafts(db: Db, publisherId: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('translation_publish'))`);
    const drafts = await tx.select().from(translationDrafts).for('update');
    const changes = await readChanges(tx);
    const { texts } = shippedTexts();
    const made = drafts.flatMap((draft) => {
      const shipped = texts[draft.language]?.[draft.key];
      const before = inUse(changes, draft.language, draft.key);
      // A key the build no longer ships, or a draft that changes nothing, is dropped unpublished.
      if (shipped === undefined || before === undefined || before === draft.text) return [];
      return [{ ...draft, shipped, before }];
    });
    for (const draft of drafts) {
      await tx
        .delete(translationDrafts)
        .where(and(eq(translationDrafts.language, draft.language), eq(translationDrafts.key, draft.key)));
    }
    if (made.length === 0) return { published: 0, version: await currentVersion(tx) };
    const [release] = await tx.insert(translationReleases).values({ publishedBy: publisherId }).returning();
    if (!release) throw new Error('the release was not made');
    for (const change of made) {
      if (change.text === change.shipped) {
        await tx
          .delete(translationOverrides)
          .where(
            and(eq(translationOverrides.language, change.language), eq(translationOverrides.key, change.key)),
          );
      } else {
        await tx
          .insert(translationOverrides)
          .values({ language: change.language, key: change.key, text: change.text })
          .onConflictDoUpdate({
            target: [translationOverrides.language, translationOverrides.key],
            set: { text: change.text, updatedAt: new Date() },
          });
      }
    }
    await tx.insert(translationChanges).values(
      made.map((change) => ({
        releaseId: release.id,
        language: change.language,
        key: change.key,
        before: change.before,
        after: change.text,
        editedBy: change.editedBy,
      })),
    );
    return { published: made.length, version: release.id };
  });
}

/** The published changes of a language over its shipped texts, for the app to merge (public). */
export async function publishedTexts(db: Tx, language: Language): Promise<PublishedTexts> {
  const shipped = shippedTexts().texts[language];
  const rows = await db
    .select({ key: translationOverrides.key, text: translationOverrides.text })
    .from(translationOverrides)
    .where(eq(translationOverrides.language, language));
  return {
    version: await currentVersion(db),
    texts: Object.fromEntries(
      rows.filter((row) => shipped[row.key] !== undefined).map((row) => [row.key, row.text]),
    ),
  };
}

/** The published changes, newest first: of one text (its every form) and language, or all. */
export async function translationHistory(
  db: Tx,
  query: { page: number; per_page: number; key?: string; language?: Language },
) {
  const editor = alias(users, 'editor');
  const publisher = alias(users, 'publisher');
  const where: SQL[] = [];
  if (query.key) {
    const forms = [query.key, ...['one', 'few', 'many', 'other'].map((form) => `${query.key}_${form}`)];
    where.push(inArray(translationChanges.key, forms));
  }
  if (query.language) where.push(eq(translationChanges.language, query.language));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        change: translationChanges,
        publishedAt: translationReleases.publishedAt,
        editor: { id: editor.id, name: editor.name },
        publisher: { id: publisher.id, name: publisher.name },
      })
      .from(translationChanges)
      .innerJoin(translationReleases, eq(translationReleases.id, translationChanges.releaseId))
      .leftJoin(editor, eq(editor.id, translationChanges.editedBy))
      .leftJoin(publisher, eq(publisher.id, translationReleases.publishedBy))
      .where(condition)
      .orderBy(desc(translationChanges.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(translationChanges).where(condition),
  ]);
  const data: TranslationChange[] = rows.map((row) => ({
    id: row.change.id,
    version: row.change.releaseId,
    language: row.change.language,
    key: row.change.key,
    before: row.change.before,
    after: row.change.after,
    edited_by: row.editor?.id ? { id: row.editor.id, name: row.editor.name } : null,
    published_by: row.publisher?.id ? { id: row.publisher.id, name: row.publisher.name } : null,
    published_at: row.publishedAt.toISOString(),
  }));
  return pageOf(data, total, query);
}
