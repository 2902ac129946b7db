import { describe, expect, it } from 'vitest';
import { apiWithToken } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildMember, buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';

const t = useTestApp();

async function rootApi(name = 'Root Editor') {
  const user = await buildUser(t.db, { isRoot: true, name });
  return { user, api: apiWithToken(t.app, await tokenFor(t.db, user)) };
}

/** The localization editor's own texts serve as the examples: they are shipped in every language. */
const TOTAL = 'localization.total';
const UK_TOTAL = {
  'localization.total_one': 'Усього {{count}} рядок',
  'localization.total_few': 'Усього {{count}} рядки',
  'localization.total_many': 'Усього {{count}} рядків',
  'localization.total_other': 'Усього {{count}} рядка',
};

describe('who may use the editor', () => {
  it('answers 401 without a session and 403 to every role but root, and the published texts to anyone', async () => {
    const anonymous = apiWithToken(t.app, null);
    for (const url of [
      '/api/translations',
      '/api/translations/summary',
      '/api/translations/history',
      '/api/translations/export/uk',
    ]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
    expect((await anonymous.post('/api/translations/publish')).statusCode).toBe(401);
    const school = await buildWorkspace(t.db);
    for (const role of ['admin', 'manager', 'moderator', 'author', 'teacher'] as const) {
      const member = await buildMember(t.db, school, [role]);
      const api = apiWithToken(t.app, await tokenFor(t.db, member));
      for (const response of [
        await api.get('/api/translations'),
        await api.put('/api/translations/drafts', { language: 'uk', key: TOTAL, texts: UK_TOTAL }),
        await api.post('/api/translations/publish'),
        await api.post('/api/translations/import/uk', { localization: { title: 'x' } }),
      ]) {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    }
    const published = await anonymous.get('/api/texts/uk');
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toEqual({ version: expect.any(Number), texts: expect.any(Object) });
    // A language the interface does not have is no address, as an unknown id is not.
    expect((await anonymous.get('/api/texts/xx')).statusCode).toBe(404);
  });
});

describe('finding texts', () => {
  it('finds a text by its key and by its words in any language, with every language’s forms', async () => {
    const { api } = await rootApi();
    const byKey = await api.get('/api/translations?search=localization.total');
    expect(byKey.statusCode).toBe(200);
    const [entry] = byKey.json().data;
    expect(entry.key).toBe(TOTAL);
    expect(entry.counted).toBe(true);
    expect(entry.placeholders).toEqual(['count']);
    expect(entry.languages.uk.forms.map((form: { form: string }) => form.form)).toEqual([
      'few',
      'many',
      'one',
      'other',
    ]);
    expect(entry.languages.en.forms.map((form: { form: string }) => form.form)).toEqual(['one', 'other']);

    const byUkrainianWords = await api.get(`/api/translations?search=${encodeURIComponent('опублікувати')}`);
    expect(byUkrainianWords.json().data.map((found: { key: string }) => found.key)).toContain(
      'localization.publish',
    );
    const byPolishWords = await api.get(
      `/api/translations?search=${encodeURIComponent('PRZYWRÓĆ pierwotny')}`,
    );
    expect(byPolishWords.json().data.map((found: { key: string }) => found.key)).toEqual([
      'localization.restoreShipped',
    ]);
  });

  it('lists the texts identical to English in a language, and counts them per language', async () => {
    const { api } = await rootApi();
    // "Import {{language}}" is the same word in Polish.
    const same = await api.get('/api/translations?language=pl&filter=same&search=importDialog.title');
    expect(same.json().data.map((found: { key: string }) => found.key)).toEqual([
      'localization.importDialog.title',
    ]);
    expect(same.json().data[0].languages.pl.same).toBe(true);
    const notInUkrainian = await api.get(
      '/api/translations?language=uk&filter=same&search=importDialog.title',
    );
    expect(notInUkrainian.json().data).toEqual([]);

    const summary = (await api.get('/api/translations/summary')).json().data;
    expect(summary.languages.pl.same).toBeGreaterThan(0);
    expect(summary.languages.en.same).toBe(0);
    // The shipped catalogues are complete (the web's locale test keeps them so).
    for (const language of ['uk', 'ru', 'en', 'pl']) {
      expect(summary.languages[language].missing, language).toBe(0);
      expect(summary.languages[language].total).toBe(summary.languages.en.total);
    }
  });

  it('answers 422 for a filter or a language it does not know', async () => {
    const { api } = await rootApi();
    expect((await api.get('/api/translations?filter=broken')).statusCode).toBe(422);
    expect((await api.get('/api/translations?language=de')).statusCode).toBe(422);
  });
});

describe('a text’s draft', () => {
  it('refuses a plural form without {{count}}, a dropped or added placeholder, a missing form, an unknown key', async () => {
    const { api } = await rootApi();
    const withoutCount = await api.put(
      '/api/translations/drafts',
      { language: 'uk', key: TOTAL, texts: { ...UK_TOTAL, 'localization.total_few': 'Кілька рядків' } },
      { headers: { 'accept-language': 'uk' } },
    );
    expect(withoutCount.statusCode).toBe(422);
    expect(withoutCount.json().errors).toEqual({
      'texts.localization.total_few': ['Форма множини має містити число: {{count}}.'],
    });

    const dropped = await api.put(
      '/api/translations/drafts',
      { language: 'uk', key: 'localization.export', texts: { 'localization.export': 'Експорт' } },
      { headers: { 'accept-language': 'en' } },
    );
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors).toEqual({
      'texts.localization.export': ['Keep exactly the placeholders of the English text: {{language}}.'],
    });

    const added = await api.put('/api/translations/drafts', {
      language: 'ru',
      key: 'localization.title',
      texts: { 'localization.title': 'Перевод {{name}}' },
    });
    expect(added.statusCode).toBe(422);
    expect(Object.keys(added.json().errors)).toEqual(['texts.localization.title']);

    const missingForm = await api.put('/api/translations/drafts', {
      language: 'uk',
      key: TOTAL,
      texts: { 'localization.total_one': 'Усього {{count}} рядок' },
    });
    expect(missingForm.statusCode).toBe(422);
    expect(Object.keys(missingForm.json().errors).sort()).toEqual([
      'texts.localization.total_few',
      'texts.localization.total_many',
      'texts.localization.total_other',
    ]);

    // English has no "few": a form of another language is no form of this one.
    const englishFew = await api.put('/api/translations/drafts', {
      language: 'en',
      key: TOTAL,
      texts: {
        'localization.total_one': '{{count}} text',
        'localization.total_other': '{{count}} texts',
        'localization.total_few': '{{count}} texts',
      },
    });
    expect(englishFew.statusCode).toBe(422);
    expect(Object.keys(englishFew.json().errors)).toEqual(['texts.localization.total_few']);

    const unknown = await api.put('/api/translations/drafts', {
      language: 'uk',
      key: 'no.such.text',
      texts: { 'no.such.text': 'Текст' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['key']);

    const empty = await api.put('/api/translations/drafts', {
      language: 'uk',
      key: 'localization.title',
      texts: { 'localization.title': '   ' },
    });
    expect(empty.statusCode).toBe(422);

    const drafts = (await api.get('/api/translations?language=uk&filter=draft')).json();
    expect(drafts.meta.total).toBe(0);
  });

  it('keeps a draft of every form, lists it, and drops it', async () => {
    const { api } = await rootApi();
    const saved = await api.put('/api/translations/drafts', {
      language: 'ru',
      key: 'localization.tabs.history',
      texts: { 'localization.tabs.history': 'Журнал' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.languages.ru.forms).toEqual([
      { key: 'localization.tabs.history', form: null, shipped: 'История', published: null, draft: 'Журнал' },
    ]);
    const drafts = (await api.get('/api/translations?language=ru&filter=draft')).json().data;
    expect(drafts.map((entry: { key: string }) => entry.key)).toEqual(['localization.tabs.history']);

    const dropped = await api.delete('/api/translations/drafts?language=ru&key=localization.tabs.history');
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data.languages.ru.forms[0].draft).toBeNull();
    expect((await api.get('/api/translations?language=ru&filter=draft')).json().data).toEqual([]);
    expect((await api.delete('/api/translations/drafts?language=ru&key=no.such.text')).statusCode).toBe(404);
  });
});

describe('publishing', () => {
  it('serves a published plural to everyone, keeps who wrote and published it, and goes back to the shipped text', async () => {
    const writer = await rootApi('Writer Root');
    const publisher = await rootApi('Publisher Root');
    const before = (await apiWithToken(t.app, null).get('/api/texts/uk')).json().data.version;

    expect(
      (await writer.api.put('/api/translations/drafts', { language: 'uk', key: TOTAL, texts: UK_TOTAL }))
        .statusCode,
    ).toBe(200);
    // Nothing shows before the publication.
    expect((await apiWithToken(t.app, null).get('/api/texts/uk')).json().data.texts).not.toHaveProperty([
      'localization.total_few',
    ]);

    const published = await publisher.api.post('/api/translations/publish');
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toEqual({ published: 4, version: before + 1 });

    const served = await apiWithToken(t.app, null).get('/api/texts/uk');
    expect(served.headers['cache-control']).toBe('no-cache');
    expect(served.json().data.version).toBe(before + 1);
    expect(served.json().data.texts).toMatchObject(UK_TOTAL);
    expect((await apiWithToken(t.app, null).get('/api/texts/en')).json().data.texts).not.toHaveProperty([
      'localization.total_one',
    ]);

    const history = (await publisher.api.get(`/api/translations/history?key=${TOTAL}`)).json();
    expect(history.meta.total).toBe(4);
    const few = history.data.find((change: { key: string }) => change.key === 'localization.total_few');
    expect(few).toMatchObject({
      language: 'uk',
      before: 'В інтерфейсі {{count}} тексти кожною мовою.',
      after: 'Усього {{count}} рядки',
      edited_by: { id: writer.user.id, name: 'Writer Root' },
      published_by: { id: publisher.user.id, name: 'Publisher Root' },
      version: before + 1,
    });
    const listed = (
      await writer.api.get('/api/translations?language=uk&filter=overridden&search=localization.total')
    ).json().data;
    expect(listed[0].languages.uk.forms.find((form: { form: string }) => form.form === 'few')).toEqual({
      key: 'localization.total_few',
      form: 'few',
      shipped: 'В інтерфейсі {{count}} тексти кожною мовою.',
      published: 'Усього {{count}} рядки',
      draft: null,
    });

    // Nothing left to publish: no new version.
    expect((await publisher.api.post('/api/translations/publish')).json().data).toEqual({
      published: 0,
      version: before + 1,
    });

    // Back to the shipped text: a draft of it, published, removes the change.
    const shipped = listed[0].languages.uk.forms.map((form: { key: string; shipped: string }) => [
      form.key,
      form.shipped,
    ]);
    await writer.api.put('/api/translations/drafts', {
      language: 'uk',
      key: TOTAL,
      texts: Object.fromEntries(shipped),
    });
    expect((await publisher.api.post('/api/translations/publish')).json().data).toEqual({
      published: 4,
      version: before + 2,
    });
    expect((await apiWithToken(t.app, null).get('/api/texts/uk')).json().data.texts).not.toHaveProperty([
      'localization.total_few',
    ]);
    expect(
      (await writer.api.get(`/api/translations/history?key=${TOTAL}&language=uk`)).json().meta.total,
    ).toBe(8);
  });

  it('publishes each draft once when two publish at the same moment', async () => {
    const { api } = await rootApi();
    await api.put('/api/translations/drafts', {
      language: 'pl',
      key: 'localization.tabs.texts',
      texts: { 'localization.tabs.texts': 'Napisy' },
    });
    const answers = await Promise.all([
      api.post('/api/translations/publish'),
      api.post('/api/translations/publish'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().data.published).sort()).toEqual([0, 1]);
    const history = (await api.get('/api/translations/history?key=localization.tabs.texts')).json();
    expect(history.meta.total).toBe(1);
  });
});

describe('a language’s file', () => {
  it('exports the texts in use, nested, as a file', async () => {
    const { api } = await rootApi();
    await api.put('/api/translations/drafts', {
      language: 'en',
      key: 'localization.tabs.history',
      texts: { 'localization.tabs.history': 'Changes' },
    });
    await api.post('/api/translations/publish');
    const file = await api.get('/api/translations/export/en');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('logoschool-en.json');
    const texts = file.json();
    expect(texts.localization.tabs.history).toBe('Changes');
    expect(texts.localization.total_other).toBe('{{count}} texts in the interface, in every language.');
    expect(texts.nav.localization).toBe('Localization');
  });

  it('refuses a file that is no object, holds no text, or names a key the language does not have', async () => {
    const { api } = await rootApi();
    const array = await api.post('/api/translations/import/uk', [1, 2]);
    expect(array.statusCode).toBe(422);
    expect(array.json().errors).toHaveProperty('body');

    const notText = await api.post('/api/translations/import/uk', { localization: { title: 5 } });
    expect(notText.statusCode).toBe(422);
    expect(Object.keys(notText.json().errors)).toEqual(['localization.title']);

    const unknown = await api.post(
      '/api/translations/import/uk',
      { localization: { title: 'Переклад', nothing: 'Ніщо' }, 'no.such': 'x' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'localization.nothing': ['There is no text with this key in the interface.'],
      'no.such': ['There is no text with this key in the interface.'],
    });

    // English has no "few": the key is unknown in English.
    const englishFew = await api.post('/api/translations/import/en', {
      'localization.total_few': '{{count}} texts',
    });
    expect(englishFew.statusCode).toBe(422);

    const noCount = await api.post('/api/translations/import/uk', {
      'localization.total_many': 'Багато текстів',
    });
    expect(noCount.statusCode).toBe(422);
    expect(Object.keys(noCount.json().errors)).toEqual(['localization.total_many']);

    const malformed = await api.request('POST', '/api/translations/import/uk', '{"localization": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);

    expect((await api.get('/api/translations?language=uk&filter=draft')).json().meta.total).toBe(0);
  });

  it('makes a valid file into drafts, a text as it is in use drafting nothing', async () => {
    const { api } = await rootApi();
    const exported = (await api.get('/api/translations/export/ru')).json();
    const imported = await api.post('/api/translations/import/ru', {
      localization: { title: 'Переводы интерфейса', description: exported.localization.description },
      'localization.total_many': 'Всего {{count}} строк',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ drafted: 2, unchanged: 1 });
    const drafts = (await api.get('/api/translations?language=ru&filter=draft')).json().data;
    expect(drafts.map((entry: { key: string }) => entry.key).sort()).toEqual([
      'localization.title',
      'localization.total',
    ]);
    // The whole exported file goes back in as it is: nothing to draft.
    const whole = await api.post('/api/translations/import/ru', exported);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data.drafted).toBe(0);
  });
});
