import {
  EXERCISE_STATUS,
  type CheckGenerateResult,
  type ExerciseGenerated,
  type GenerationAssetType,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  exerciseFiles,
  exerciseGenerated,
  exercises,
  themes,
  type ExerciseRow,
} from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { sineTone } from '../../db/demo/encode.ts';
import { readPptx } from '../../files/pptx.ts';
import { PPTX_LIMITS } from '../../files/pptx-deck.ts';
import { findProgram, renderSlides } from '../../files/render-slides.ts';
import { InflateBudget, inflateEntry, listEntries } from '../../files/zip.ts';
import { apiAs, type Method } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  buildDraft,
  buildSchool,
  CAT,
  DECK_MEDIA,
  PPTX_TYPE,
  SKY,
  SLIDES,
  storedExerciseFiles,
  uploadDeck,
  type School,
} from '../../test/exercises.ts';
import { buildWorkspace, type Member } from '../../test/factories.ts';
import { buildThemeWithAssets, solidPng, type TestAsset } from '../../test/media.ts';
import { pptxDeck, type DeckMedia } from '../../test/pptx.ts';

const t = useTestApp();

const soffice = await findProgram('soffice');
const pdftoppm = await findProgram('pdftoppm');

const GRASS = solidPng(60, 180, 60);

/** The marks of `DECK_MEDIA`: a background (slide 1), a character (slide 3) and a sound (slide 2). */
const MARKS: Record<string, GenerationAssetType> = {
  'image1.png': 'background',
  'image2.jpeg': 'character',
  'media1.wav': 'sound',
};

/** Theme assets: two backgrounds, a character, a sound (their colours tell them apart). */
const BACKGROUND_A = solidPng(10, 10, 120);
const BACKGROUND_B = solidPng(200, 90, 150);
const CHARACTER = solidPng(220, 40, 40);
const SOUND = sineTone(440, 0.3);
const FULL_THEME: TestAsset[] = [
  { type: 'background', content: BACKGROUND_A },
  { type: 'character', content: CHARACTER },
  { type: 'background', content: BACKGROUND_B },
  { type: 'sound', content: SOUND },
];

const message = (key: FieldMessage, lang: 'en' | 'uk' = 'en') => text(lang, `fields.${key}`);

/**
 * An accepted exercise ready for generation whose deck (uploaded through the API while a draft)
 * has its media marked as `marks` says.
 */
async function readyExercise(
  school: School,
  options: {
    media?: DeckMedia[];
    marks?: Record<string, GenerationAssetType>;
    values?: Partial<typeof exercises.$inferInsert>;
    deck?: boolean;
  } = {},
): Promise<ExerciseRow> {
  const draft = await buildDraft(t.db, school.author);
  if (options.deck ?? true) {
    const deck = pptxDeck(SLIDES, { media: options.media ?? DECK_MEDIA });
    const response = await uploadDeck(t.app, school.author, draft.id, deck);
    expect(response.statusCode, response.body).toBe(201);
  }
  for (const [name, type] of Object.entries(options.marks ?? MARKS)) {
    await t.db
      .update(exerciseFiles)
      .set({ assetType: type })
      .where(and(eq(exerciseFiles.exerciseId, draft.id), eq(exerciseFiles.originalName, name)));
  }
  const [row] = await t.db
    .update(exercises)
    .set({ statusId: EXERCISE_STATUS.accepted, readyForGeneration: true, ...options.values })
    .where(eq(exercises.id, draft.id))
    .returning();
  return row as ExerciseRow;
}

const themeOf = (school: School, items: TestAsset[] = FULL_THEME, sharedWith: number[] = []) =>
  buildThemeWithAssets(t.db, t.app.files, school.workspace.id, items, sharedWith);

async function generate(who: Member, exerciseId: number, themeId: number, extra: object = {}, lang = 'en') {
  return apiAs(t.app, who).post(
    `/api/exercises/${exerciseId}/check-generate`,
    { theme_id: themeId, ...extra },
    { lang },
  );
}

/** Every entry of a zip, unpacked with the upload caps. */
async function unzip(content: Buffer): Promise<Map<string, Buffer>> {
  const budget = new InflateBudget(PPTX_LIMITS.maxInflatedBytes);
  const entries = new Map<string, Buffer>();
  for (const entry of listEntries(content, PPTX_LIMITS)) {
    entries.set(entry.name, (await inflateEntry(content, entry, budget, true)) ?? Buffer.alloc(0));
  }
  return entries;
}

async function download(who: Member, variant: ExerciseGenerated): Promise<Buffer> {
  const response = await apiAs(t.app, null, { token: who.token }).get(variant.file.url);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('POST /exercises/:id/check-generate', () => {
  it('makes the variant: every marked part carries the theme asset’s bytes, and readPptx reads it', async () => {
    const school = await buildSchool(t.db);
    const exercise = await readyExercise(school);
    const { theme, assetIds } = await themeOf(school);
    const response = await generate(school.moderator, exercise.id, theme.id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as CheckGenerateResult;
    expect(result.possible).toBe(true);
    expect(result.problems).toEqual([]);
    expect(result.replacements.map((r) => [r.media_name, r.asset_type, r.asset?.id])).toEqual([
      ['image1.png', 'background', assetIds[0]],
      ['media1.wav', 'sound', assetIds[3]],
      ['image2.jpeg', 'character', assetIds[1]],
    ]);
    const variant = result.generated as ExerciseGenerated;
    expect(variant).toEqual({
      id: expect.any(Number),
      exercise_id: exercise.id,
      exercise_title: exercise.title,
      theme: { id: theme.id, name: theme.name },
      replaced_count: 3,
      read_only: false,
      file: {
        name: `${exercise.title} — ${theme.name}.pptx`,
        size: expect.any(Number),
        url: `/api/exercises/generated/${variant.id}/file?workspace_id=${school.workspace.id}`,
      },
      created_by: { id: school.moderator.user.id, name: school.moderator.user.name },
      created_at: expect.any(String),
    });
    const file = await download(school.moderator, variant);
    expect(file.length).toBe(variant.file.size);
    const entries = await unzip(file);
    expect(entries.get('ppt/media/image1.png')?.equals(BACKGROUND_A)).toBe(true);
    expect(entries.get('ppt/media/media1.wav')?.equals(SOUND)).toBe(true);
    const deck = await readPptx(file);
    expect(deck.slideTexts).toEqual(['One', 'Two', 'Three']);
    expect(deck.media.map((m) => [m.name, m.slides])).toEqual([
      ['image1.png', [1, 2]],
      ['image2.png', [3]],
      ['media1.wav', [2]],
    ]);
    // The exercise's own deck and media are untouched.
    const own = await apiAs(t.app, school.moderator).get(`/api/exercises/${exercise.id}/images`);
    expect(own.json().data.map((m: { name: string }) => m.name)).toEqual(['image1.png', 'image2.jpeg']);
  });

  it('renames a part whose format changes and rewrites the relationships and content types', async () => {
    const school = await buildSchool(t.db);
    const exercise = await readyExercise(school);
    const { theme } = await themeOf(school);
    const result = (await generate(school.moderator, exercise.id, theme.id)).json()
      .data as CheckGenerateResult;
    const entries = await unzip(await download(school.moderator, result.generated as ExerciseGenerated));
    expect(entries.has('ppt/media/image2.jpeg')).toBe(false);
    expect(entries.get('ppt/media/image2.png')?.equals(CHARACTER)).toBe(true);
    const rels = entries.get('ppt/slides/_rels/slide3.xml.rels')?.toString('utf8') ?? '';
    expect(rels).toContain('Target="../media/image2.png"');
    expect(rels).not.toContain('image2.jpeg');
    for (const [name, content] of entries) {
      if (name.endsWith('.rels')) expect(content.toString('utf8')).not.toContain('image2.jpeg');
    }
    const types = entries.get('[Content_Types].xml')?.toString('utf8') ?? '';
    expect(types).toMatch(/<Default Extension="png" ContentType="image\/png"\/>/);
  });

  it.runIf(soffice && pdftoppm)(
    'makes a deck LibreOffice opens, one page per slide',
    async () => {
      const school = await buildSchool(t.db);
      const exercise = await readyExercise(school);
      const { theme } = await themeOf(school);
      const result = (await generate(school.moderator, exercise.id, theme.id)).json()
        .data as CheckGenerateResult;
      const file = await download(school.moderator, result.generated as ExerciseGenerated);
      const pages = await renderSlides(file, { soffice: soffice ?? '', pdftoppm: pdftoppm ?? '' });
      expect(pages).toHaveLength(3);
    },
    60_000,
  );

  it('gives the k-th marked media of a type the theme’s asset k mod n (by asset id)', async () => {
    const school = await buildSchool(t.db);
    const media: DeckMedia[] = [
      { name: 'image3.png', content: CAT, slides: [2] },
      { name: 'image1.png', content: SKY, slides: [1] },
      { name: 'image2.png', content: GRASS, slides: [2] },
    ];
    const exercise = await readyExercise(school, {
      media,
      marks: { 'image1.png': 'background', 'image2.png': 'background', 'image3.png': 'background' },
    });
    const { theme, assetIds } = await themeOf(school, [
      { type: 'background', content: BACKGROUND_A },
      { type: 'background' },
      { type: 'background', content: BACKGROUND_B },
    ]);
    const result = (await generate(school.moderator, exercise.id, theme.id)).json()
      .data as CheckGenerateResult;
    // The asset without a file is skipped: the theme has two backgrounds to give.
    expect(result.replacements.map((r) => [r.media_name, r.asset?.id])).toEqual([
      ['image1.png', assetIds[0]],
      ['image2.png', assetIds[2]],
      ['image3.png', assetIds[0]],
    ]);
    const entries = await unzip(await download(school.moderator, result.generated as ExerciseGenerated));
    expect(entries.get('ppt/media/image1.png')?.equals(BACKGROUND_A)).toBe(true);
    expect(entries.get('ppt/media/image2.png')?.equals(BACKGROUND_B)).toBe(true);
    expect(entries.get('ppt/media/image3.png')?.equals(BACKGROUND_A)).toBe(true);
  });

  it('only checks on a dry run: nothing is stored', async () => {
    const school = await buildSchool(t.db);
    const exercise = await readyExercise(school);
    const { theme } = await themeOf(school);
    const before = storedExerciseFiles(t.app);
    const response = await generate(school.moderator, exercise.id, theme.id, { dry_run: true });
    expect(response.json().data).toMatchObject({ possible: true, problems: [], generated: null });
    expect(response.json().data.replacements).toHaveLength(3);
    expect(storedExerciseFiles(t.app)).toEqual(before);
  });

  it('reports every problem that applies, each with its message in the caller’s language', async () => {
    const school = await buildSchool(t.db);
    const { theme } = await themeOf(school, [{ type: 'background', content: BACKGROUND_A }]);
    const draft = await readyExercise(school, {
      deck: false,
      marks: {},
      values: { statusId: EXERCISE_STATUS.draft, readyForGeneration: false, excludedFromGeneration: true },
    });
    for (const lang of ['en', 'uk'] as const) {
      const result = (await generate(school.moderator, draft.id, theme.id, {}, lang)).json()
        .data as CheckGenerateResult;
      expect(result).toEqual({
        possible: false,
        problems: [
          { code: 'not_accepted', message: message('generationNotAccepted', lang) },
          { code: 'not_ready', message: message('generationNotReady', lang) },
          { code: 'excluded', message: message('generationExcluded', lang) },
          { code: 'no_presentation', message: message('generationNoPresentation', lang) },
          { code: 'nothing_marked', message: message('generationNothingMarked', lang) },
        ],
        replacements: [],
        generated: null,
      });
    }
    const unmarked = await readyExercise(school, { marks: {} });
    const nothing = (await generate(school.moderator, unmarked.id, theme.id)).json()
      .data as CheckGenerateResult;
    expect(nothing.problems.map((p) => p.code)).toEqual(['nothing_marked']);

    // The theme has a background only: the character and the sound have nothing to take their place.
    const marked = await readyExercise(school);
    const missing = (await generate(school.moderator, marked.id, theme.id)).json()
      .data as CheckGenerateResult;
    expect(missing.problems).toEqual([
      { code: 'missing_assets', asset_type: 'character', message: message('generationMissingCharacter') },
      { code: 'missing_assets', asset_type: 'sound', message: message('generationMissingSound') },
    ]);
    expect(missing.replacements.map((r) => [r.asset_type, r.asset === null])).toEqual([
      ['background', false],
      ['sound', true],
      ['character', true],
    ]);
    expect(missing.generated).toBeNull();

    // A theme a moderator has not marked ready: its assets may be incomplete.
    const full = await themeOf(school);
    await t.db.update(themes).set({ ready: false }).where(eq(themes.id, full.theme.id));
    const notReady = (await generate(school.moderator, marked.id, full.theme.id)).json()
      .data as CheckGenerateResult;
    expect(notReady).toMatchObject({
      possible: false,
      problems: [{ code: 'theme_not_ready', message: message('generationThemeNotReady') }],
      generated: null,
    });
  });

  it('keeps a read-only variant and says so; regenerating replaces a variant that is not', async () => {
    const school = await buildSchool(t.db);
    const exercise = await readyExercise(school);
    const { theme } = await themeOf(school);
    const first = (await generate(school.moderator, exercise.id, theme.id)).json()
      .data as CheckGenerateResult;
    const firstRow = await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.kind, 'generated'));
    const firstName = firstRow.find((row) => row.exerciseId === exercise.id)?.storedName ?? '';
    expect(storedExerciseFiles(t.app)).toContain(firstName);

    const second = (await generate(school.moderator, exercise.id, theme.id)).json()
      .data as CheckGenerateResult;
    expect(second.generated?.id).not.toBe(first.generated?.id);
    expect(storedExerciseFiles(t.app)).not.toContain(firstName);
    const variants = await t.db
      .select()
      .from(exerciseGenerated)
      .where(eq(exerciseGenerated.exerciseId, exercise.id));
    expect(variants.map((v) => v.id)).toEqual([second.generated?.id]);
    const toggle = await apiAs(t.app, school.moderator).post('/api/exercises/generated/toggle', {
      ids: [second.generated?.id],
      read_only: true,
    });
    expect(toggle.json()).toEqual({ data: { count: 1 } });
    const before = storedExerciseFiles(t.app);
    const third = (await generate(school.moderator, exercise.id, theme.id)).json()
      .data as CheckGenerateResult;
    expect(third).toMatchObject({
      possible: false,
      problems: [{ code: 'read_only', message: message('generationReadOnly') }],
      generated: null,
    });
    expect(storedExerciseFiles(t.app)).toEqual(before);
    const kept = await apiAs(t.app, school.moderator).get(`/api/exercises/generated/${second.generated?.id}`);
    expect(kept.json().data.read_only).toBe(true);
  });

  it('takes a theme shared with the project; 404 for another project’s theme or exercise', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const exercise = await readyExercise(school);
    const shared = await themeOf(other, FULL_THEME, [school.workspace.id]);
    const response = await generate(school.moderator, exercise.id, shared.theme.id, { dry_run: true });
    expect(response.json().data.possible).toBe(true);
    const foreign = await themeOf(other);
    expect((await generate(school.moderator, exercise.id, foreign.theme.id)).statusCode).toBe(404);
    const { theme } = await themeOf(school);
    expect((await generate(other.moderator, exercise.id, theme.id)).statusCode).toBe(404);
  });

  it('answers 401 and 403 to every role but the moderator', async () => {
    const school = await buildSchool(t.db);
    const exercise = await readyExercise(school);
    const { theme } = await themeOf(school);
    const url = `/api/exercises/${exercise.id}/check-generate`;
    expect(
      (await apiAs(t.app, school.moderator, { token: null }).post(url, { theme_id: theme.id })).statusCode,
    ).toBe(401);
    for (const who of [school.author, school.teacher, school.manager]) {
      const response = await apiAs(t.app, who).post(url, { theme_id: theme.id });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });

  it.each([
    ['no theme', {}],
    ['a theme id that is no id', { theme_id: 'x' }],
    ['a negative theme id', { theme_id: -1 }],
    ['a dry run that is no flag', { theme_id: 1, dry_run: 'yes' }],
    ['an unknown field', { theme_id: 1, force: true }],
  ])('answers 422 for %s', async (_case, body) => {
    const school = await buildSchool(t.db);
    const exercise = await readyExercise(school);
    const response = await apiAs(t.app, school.moderator).post(
      `/api/exercises/${exercise.id}/check-generate`,
      body,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
  });

  it('answers 422 when the body names another project than the one the call acts in, and makes nothing', async () => {
    const school = await buildSchool(t.db);
    const elsewhere = await buildWorkspace(t.db);
    const exercise = await readyExercise(school);
    const { theme } = await themeOf(school);
    const response = await apiAs(t.app, school.moderator).post(
      `/api/exercises/${exercise.id}/check-generate`,
      {
        theme_id: theme.id,
        workspace_id: elsewhere.id,
      },
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['workspace_id']);
    expect(
      await t.db.select().from(exerciseGenerated).where(eq(exerciseGenerated.exerciseId, exercise.id)),
    ).toEqual([]);
  });
});

/** A school with one variant made. */
async function withVariant() {
  const school = await buildSchool(t.db);
  const exercise = await readyExercise(school);
  const { theme } = await themeOf(school);
  const result = (await generate(school.moderator, exercise.id, theme.id)).json().data as CheckGenerateResult;
  return { school, exercise, theme, variant: result.generated as ExerciseGenerated };
}

describe('themed variants', () => {
  it('lists an exercise’s variants and reads one, its file an attachment', async () => {
    const { school, exercise, variant } = await withVariant();
    const list = await apiAs(t.app, school.moderator).get(`/api/exercises/${exercise.id}/generated`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [variant] });
    const one = await apiAs(t.app, school.moderator).get(`/api/exercises/generated/${variant.id}`);
    expect(one.json()).toEqual({ data: variant });
    const file = await apiAs(t.app, school.moderator).get(`/api/exercises/generated/${variant.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(PPTX_TYPE);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('outlives the deck it was made from: removing the deck keeps the variants and their files', async () => {
    const { school, exercise, variant } = await withVariant();
    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.draft })
      .where(eq(exercises.id, exercise.id));
    const removed = await apiAs(t.app, school.author).delete(`/api/exercises/${exercise.id}/files`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await apiAs(t.app, school.moderator).get(`/api/exercises/generated/${variant.id}`)).json().data,
    ).toEqual(variant);
    expect((await download(school.moderator, variant)).length).toBe(variant.file.size);
  });

  it('deletes a variant with its file', async () => {
    const { school, variant } = await withVariant();
    const [row] = await t.db.select().from(exerciseGenerated).where(eq(exerciseGenerated.id, variant.id));
    const [file] = await t.db
      .select()
      .from(exerciseFiles)
      .where(eq(exerciseFiles.id, row?.fileId ?? 0));
    expect(storedExerciseFiles(t.app)).toContain(file?.storedName);
    const response = await apiAs(t.app, school.moderator).delete(`/api/exercises/generated/${variant.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(storedExerciseFiles(t.app)).not.toContain(file?.storedName);
    expect(
      await t.db
        .select()
        .from(exerciseFiles)
        .where(eq(exerciseFiles.id, row?.fileId ?? 0)),
    ).toEqual([]);
    expect(
      (await apiAs(t.app, school.moderator).get(`/api/exercises/generated/${variant.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await apiAs(t.app, school.moderator).delete(`/api/exercises/generated/${variant.id}`)).statusCode,
    ).toBe(404);
  });

  it('goes with its theme: deleting the theme removes the variant and its file row', async () => {
    const { school, exercise, theme, variant } = await withVariant();
    const [row] = await t.db.select().from(exerciseGenerated).where(eq(exerciseGenerated.id, variant.id));
    const deleted = await apiAs(t.app, school.moderator).delete(`/api/themes/${theme.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (await apiAs(t.app, school.moderator).get(`/api/exercises/generated/${variant.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await apiAs(t.app, school.moderator).get(`/api/exercises/${exercise.id}/generated`)).json().data,
    ).toEqual([]);
    // The row is gone; the nightly sweep (file-sweep.service.ts) removes the bytes.
    expect(
      await t.db
        .select()
        .from(exerciseFiles)
        .where(eq(exerciseFiles.id, row?.fileId ?? 0)),
    ).toEqual([]);
  });

  it('toggles read-only all or nothing: 404 when one id is not the project’s', async () => {
    const first = await withVariant();
    const other = await withVariant();
    const { school } = first;
    const mixed = await apiAs(t.app, school.moderator).post('/api/exercises/generated/toggle', {
      ids: [first.variant.id, other.variant.id],
      read_only: true,
    });
    expect(mixed.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(exerciseGenerated)
      .where(eq(exerciseGenerated.id, first.variant.id));
    expect(row?.readOnly).toBe(false);
    const own = await apiAs(t.app, school.moderator).post('/api/exercises/generated/toggle', {
      ids: [first.variant.id],
      read_only: true,
    });
    expect(own.json()).toEqual({ data: { count: 1 } });
    const back = await apiAs(t.app, school.moderator).post('/api/exercises/generated/toggle', {
      ids: [first.variant.id],
      read_only: false,
    });
    expect(back.json()).toEqual({ data: { count: 1 } });
  });

  it.each([
    ['no ids', { ids: [], read_only: true }],
    ['the same id twice', { ids: [1, 1], read_only: true }],
    ['no flag', { ids: [1] }],
    ['an id that is no id', { ids: ['a'], read_only: true }],
  ])('answers 422 to a toggle with %s', async (_case, body) => {
    const school = await buildSchool(t.db);
    const response = await apiAs(t.app, school.moderator).post('/api/exercises/generated/toggle', body);
    expect(response.statusCode).toBe(422);
  });

  it('answers 404 for another project’s variant and exercise, on every route', async () => {
    const { exercise, variant } = await withVariant();
    const stranger = await buildSchool(t.db);
    const { moderator } = stranger;
    expect((await apiAs(t.app, moderator).get(`/api/exercises/${exercise.id}/generated`)).statusCode).toBe(
      404,
    );
    expect((await apiAs(t.app, moderator).get(`/api/exercises/generated/${variant.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await apiAs(t.app, moderator).get(`/api/exercises/generated/${variant.id}/file`)).statusCode,
    ).toBe(404);
    expect((await apiAs(t.app, moderator).delete(`/api/exercises/generated/${variant.id}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 401 without a token and 403 to every role but the moderator, on every route', async () => {
    const { school, exercise, variant } = await withVariant();
    const routes: [Method, string, object?][] = [
      ['GET', `/api/exercises/${exercise.id}/generated`],
      ['GET', `/api/exercises/generated/${variant.id}`],
      ['GET', `/api/exercises/generated/${variant.id}/file`],
      ['DELETE', `/api/exercises/generated/${variant.id}`],
      ['POST', '/api/exercises/generated/toggle', { ids: [variant.id], read_only: true }],
    ];
    for (const [method, url, body] of routes) {
      expect(
        (await apiAs(t.app, school.moderator, { token: null }).request(method, url, body)).statusCode,
      ).toBe(401);
      for (const who of [school.author, school.teacher, school.manager]) {
        expect((await apiAs(t.app, who).request(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // Nothing was changed by the refused calls.
    expect(
      (await apiAs(t.app, school.moderator).get(`/api/exercises/generated/${variant.id}`)).json().data,
    ).toEqual(variant);
  });
});
