import {
  ASSET_IMAGE_MAX_BYTES,
  type ClientSession,
  type Lesson,
  type LessonSessionLink,
  type StoriesPage,
  type Story,
  type StoryFile,
  type StoryInput,
  type VersionsDiff,
} from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { sineTone } from '../../db/demo/encode.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildCategory, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import { buildLessonSchool, dataOf, lessonsOfPlan, type LessonSchool } from '../../test/lessons.ts';
import { buildThemeWithAssets, solidPng } from '../../test/media.ts';
import { filePart } from '../../test/multipart.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const nobody = () => apiAs(t.app, null, { lang: 'en' });
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const png = (shade: number) => solidPng(shade, 120, 200);

/** A story file uploaded by a member. */
async function upload(who: Member, content: Buffer, name = 'slide.png', type = 'image/png') {
  return as(who).upload('/api/histories/files', [filePart(content, name, type)]);
}

/** The lesson school, its images and sound, and another project with a moderator and its own image. */
async function school() {
  const s = await buildLessonSchool(t.app, t.db);
  const category = await buildCategory(t.db, s.workspace.id, { name: 'Hissing sounds' });
  const images = [
    dataOf<StoryFile>(await upload(s.moderator, png(10)), 201),
    dataOf<StoryFile>(await upload(s.moderator, png(90)), 201),
    dataOf<StoryFile>(await upload(s.author, png(170)), 201),
  ];
  const sound = dataOf<StoryFile>(
    await upload(s.moderator, sineTone(440, 0.05), 'hum.wav', 'audio/wav'),
    201,
  );
  const other = await buildWorkspace(t.db);
  const otherModerator = await buildSignedInMember(t.db, other, 'moderator');
  const otherImage = dataOf<StoryFile>(await upload(otherModerator, png(250)), 201);
  return { ...s, category: category.id, images, sound, otherModerator, otherImage };
}
type School = LessonSchool & Awaited<ReturnType<typeof school>>;

/** A story of two episodes (two parts in the first), each slide an image of the school's. */
const input = (s: School, values: Partial<StoryInput> = {}): StoryInput => ({
  title: 'The fox and the drum',
  description: 'A fox learns to say R',
  language: 'en',
  age_from: 4,
  age_to: 7,
  sounds: ['R', 'L'],
  category_ids: [s.category],
  episodes: [
    {
      title: 'In the forest',
      parts: [
        {
          title: 'The drum',
          slides: [
            { image_file_id: s.images[0]!.id, text: 'Rrr, says the drum', note: 'Ask for a long R' },
            { image_file_id: s.images[1]!.id, text: 'The fox runs', audio_file_id: s.sound.id },
          ],
        },
        { title: 'The river', slides: [{ image_file_id: s.images[1]!.id, text: 'Rain on the river' }] },
      ],
    },
    { title: 'At home', parts: [{ title: 'Supper', slides: [{ image_file_id: s.images[0]!.id }] }] },
  ],
  ...values,
});

const create = async (who: Member, body: StoryInput) =>
  dataOf<Story>(await as(who).post('/api/histories', body), 201);
const review = (who: Member, id: number, body: Record<string, unknown>) =>
  as(who).post(`/api/histories/${id}/review`, body);
const submit = (who: Member, id: number, action: 'submit' | 'withdraw') =>
  as(who).post(`/api/histories/${id}/submit`, { action });

describe('story files', () => {
  it('takes images and sounds by their bytes, refuses lying and oversized files, and keeps them in the project', async () => {
    const s = await school();
    expect(s.images[0]).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(s.sound).toMatchObject({ kind: 'sound', mime: 'audio/wav' });

    // A text file that says it is a PNG, and an SVG (script can hide in it).
    expect(errorsOf(await upload(s.moderator, Buffer.from('not an image at all'), 'x.png'), 415).code).toBe(
      'unsupported_media_type',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    errorsOf(await upload(s.moderator, svg, 'x.svg', 'image/svg+xml'), 415);
    // A real PNG's header in front of more bytes than an image may have.
    const huge = Buffer.concat([png(1), Buffer.alloc(ASSET_IMAGE_MAX_BYTES)]);
    errorsOf(await upload(s.moderator, huge), 413);
    expect(errorsOf(await as(s.moderator).post('/api/histories/files', {}), 422).errors).toHaveProperty(
      'file',
    );

    errorsOf(
      await nobody().upload('/api/histories/files', [filePart(png(3), 'a.png', 'image/png')], {
        workspace: s.workspace,
      }),
      401,
    );
    errorsOf(await upload(s.teacher, png(4)), 403);

    // Teachers read the files (their slides), another project does not even see them.
    const read = await as(s.teacher).get(`/api/histories/files/${s.images[0]!.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(png(10))).toBe(true);
    errorsOf(await as(s.otherModerator).get(`/api/histories/files/${s.images[0]!.id}`), 404);
    errorsOf(await as(s.manager).get(`/api/histories/files/${s.images[0]!.id}`), 403);
  });

  it("copies a file of an asset the project's themes hold, and no other", async () => {
    const s = await school();
    const own = await buildThemeWithAssets(t.db, t.app.files, s.workspace.id, [
      { type: 'background', content: png(33) },
    ]);
    const elsewhere = await buildThemeWithAssets(t.db, t.app.files, s.otherModerator.workspace.id, [
      { type: 'character', content: png(66) },
    ]);
    const fileOf = async (assetId: number) =>
      dataOf<{ files: { id: number }[] }>(await as(s.moderator).get(`/api/assets/${assetId}`)).files[0]!.id;
    const copied = dataOf<StoryFile>(
      await as(s.moderator).post('/api/histories/files/from-asset', {
        asset_file_id: await fileOf(own.assetIds[0]!),
      }),
      201,
    );
    expect(copied.kind).toBe('image');
    const bytes = await as(s.moderator).get(`/api/histories/files/${copied.id}`);
    expect(bytes.rawPayload.equals(png(33))).toBe(true);
    errorsOf(
      await as(s.moderator).post('/api/histories/files/from-asset', {
        asset_file_id: await fileOf(elsewhere.assetIds[0]!),
      }),
      404,
    );
  });
});

describe('writing and reviewing a story', () => {
  it('creates a draft with keys, checks what the schema cannot, and refuses those who may not', async () => {
    const s = await school();
    const story = await create(s.moderator, input(s));
    expect(story).toMatchObject({
      status: 'draft',
      version: 0,
      editable: true,
      steps: ['publish'],
      lessons: 0,
    });
    expect(story.episodes[0]!.parts[0]!.slides[1]).toMatchObject({ audio_file_id: s.sound.id, note: '' });
    expect(
      story.episodes
        .flatMap((e) => [e.key, ...e.parts.map((p) => p.key)])
        .every((k) => /^[\da-f-]{36}$/.test(k)),
    ).toBe(true);

    const bad = errorsOf(
      await as(s.moderator).post(
        '/api/histories',
        input(s, {
          age_from: 9,
          age_to: 5,
          sounds: ['R', 'r'],
        }),
      ),
      422,
    );
    expect(Object.keys(bad.errors ?? {})).toEqual(expect.arrayContaining(['age_to', 'sounds.1']));

    const slides = (image: number, audio: number | null) => [
      { title: 'E', parts: [{ title: 'P', slides: [{ image_file_id: image, audio_file_id: audio }] }] },
    ];
    const foreign = errorsOf(
      await as(s.moderator).post(
        '/api/histories',
        input(s, { episodes: slides(s.otherImage.id, s.images[0]!.id), category_ids: [999_999] }),
      ),
      422,
    );
    expect(foreign.errors).toMatchObject({
      'episodes.0.parts.0.slides.0.image_file_id': [
        "There is no such file among this project's story files.",
      ],
      'episodes.0.parts.0.slides.0.audio_file_id': ['A sound goes here (MP3, WAV, OGG).'],
      'category_ids.0': ['There is no such category in this project.'],
    });
    errorsOf(
      await as(s.moderator).post('/api/histories', input(s, { episodes: slides(s.sound.id, null) })),
      422,
    );
    errorsOf(await as(s.moderator).post('/api/histories', input(s, { title: 'x'.repeat(201) })), 422);
    errorsOf(await as(s.moderator).post('/api/histories', input(s, { title: 'Fox\u0000drum' })), 422);
    errorsOf(await as(s.moderator).post('/api/histories', { ...input(s), extra: 1 }), 422);

    errorsOf(await nobody().post('/api/histories', input(s), { workspace: s.workspace }), 401);
    errorsOf(await as(s.teacher).post('/api/histories', input(s)), 403);
    errorsOf(await as(s.manager).get('/api/histories'), 403);
    errorsOf(await as(s.otherModerator).get(`/api/histories/${story.id}`), 404);
    errorsOf(await as(s.otherModerator).put(`/api/histories/${story.id}`, input(s)), 404);
    errorsOf(await as(s.otherModerator).delete(`/api/histories/${story.id}`), 404);
    errorsOf(await review(s.otherModerator, story.id, { action: 'publish' }), 404);
  });

  it("takes an author's story through review to versions, with the difference between them", async () => {
    const s = await school();
    const draft = await create(s.author, input(s, { title: 'The hedgehog', episodes: [] }));
    expect(draft.steps).toEqual(['submit']);
    // An empty story is not published: it has nothing to read.
    expect(errorsOf(await review(s.moderator, draft.id, { action: 'publish' }), 422).errors).toHaveProperty(
      'episodes',
    );

    const full = dataOf<Story>(
      await as(s.author).put(`/api/histories/${draft.id}`, input(s, { title: 'The hedgehog' })),
    );
    expect(full.status).toBe('draft');
    expect(dataOf<Story>(await submit(s.author, draft.id, 'submit')).status).toBe('moderation');
    errorsOf(await submit(s.author, draft.id, 'submit'), 409);
    errorsOf(await review(s.author, draft.id, { action: 'publish' }), 403);
    errorsOf(await submit(s.moderator, draft.id, 'withdraw'), 403);
    // Another author neither sees a draft nor its review.
    errorsOf(await as(s.otherAuthor).get(`/api/histories/${draft.id}`), 404);
    errorsOf(await submit(s.otherAuthor, draft.id, 'withdraw'), 404);

    expect(errorsOf(await review(s.moderator, draft.id, { action: 'return' }), 422).errors).toHaveProperty(
      'comment',
    );
    const returned = dataOf<Story>(
      await review(s.moderator, draft.id, { action: 'return', comment: 'Shorter texts' }),
    );
    expect(returned).toMatchObject({ status: 'draft', comment: 'Shorter texts' });
    expect(dataOf<Story>(await as(s.author).get(`/api/histories/${draft.id}`)).comment).toBe('Shorter texts');
    dataOf(await submit(s.author, draft.id, 'submit'));
    const published = dataOf<Story>(await review(s.moderator, draft.id, { action: 'publish' }));
    expect(published).toMatchObject({ status: 'published', version: 1, comment: '', steps: [] });
    errorsOf(await review(s.moderator, draft.id, { action: 'publish' }), 409);

    // Readers see the latest version; its writer changes the working copy, which readers do not see.
    const changed = input(s, { title: 'The hedgehog' });
    changed.episodes![0]!.title = 'In the dark forest';
    changed.episodes![0]!.parts[0]!.key = full.episodes[0]!.parts[0]!.key;
    changed.episodes![0]!.key = full.episodes[0]!.key;
    changed.episodes![1]!.key = full.episodes[1]!.key;
    changed.episodes!.reverse();
    dataOf(await as(s.author).put(`/api/histories/${draft.id}`, changed));
    const asTeacher = dataOf<Story>(await as(s.teacher).get(`/api/histories/${draft.id}`));
    expect(asTeacher).toMatchObject({
      status: 'published',
      version: 1,
      editable: false,
      lessons: null,
      steps: [],
    });
    expect(asTeacher.episodes[0]!.title).toBe('In the forest');
    errorsOf(await as(s.otherAuthor).put(`/api/histories/${draft.id}`, changed), 403);
    errorsOf(await as(s.teacher).put(`/api/histories/${draft.id}`, changed), 403);

    dataOf(await submit(s.author, draft.id, 'submit'));
    dataOf(await review(s.moderator, draft.id, { action: 'publish' }));
    const versions = dataOf<{ version: number }[]>(
      await as(s.teacher).get(`/api/histories/${draft.id}/versions`),
    );
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    const diff = dataOf<VersionsDiff>(
      await as(s.teacher).get(`/api/histories/${draft.id}/versions/diff`, { query: 'from=1&to=2' }),
    );
    expect(diff.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'episode', change: 'changed', fields: ['title'] }),
        expect.objectContaining({ kind: 'part', change: 'removed' }),
      ]),
    );
    errorsOf(await as(s.teacher).get(`/api/histories/${draft.id}/versions/diff`, { query: 'from=3' }), 404);
    errorsOf(await as(s.otherModerator).get(`/api/histories/${draft.id}/versions`), 404);
  });

  it('lists what each role reads, with counts per status and a search', async () => {
    const s = await school();
    const published = await create(s.moderator, input(s, { title: 'Published fox' }));
    dataOf(await review(s.moderator, published.id, { action: 'publish' }));
    await create(s.moderator, input(s, { title: 'Draft bear' }));
    const review_ = await create(s.author, input(s, { title: 'Author owl' }));
    dataOf(await submit(s.author, review_.id, 'submit'));
    await create(s.otherModerator, input(s, { title: 'Elsewhere', episodes: [], category_ids: [] }));

    const moderators = dataOf<StoriesPage['data']>(await as(s.moderator).get('/api/histories'));
    expect(moderators.map((story) => story.title).sort()).toEqual([
      'Author owl',
      'Draft bear',
      'Published fox',
    ]);
    const page = (
      await as(s.moderator).get('/api/histories', { query: 'status=moderation' })
    ).json() as StoriesPage;
    expect(page.counts).toEqual({ draft: 1, moderation: 1, published: 1 });
    expect(page.data.map((story) => story.title)).toEqual(['Author owl']);
    const found = dataOf<StoriesPage['data']>(
      await as(s.moderator).get('/api/histories', { query: 'term=FOX' }),
    );
    expect(found[0]).toMatchObject({
      title: 'Published fox',
      episodes: 2,
      slides: 4,
      cover_file_id: s.images[0]!.id,
    });

    const teachers = dataOf<StoriesPage['data']>(await as(s.teacher).get('/api/histories'));
    expect(teachers.map((story) => story.title)).toEqual(['Published fox']);
    const authors = dataOf<StoriesPage['data']>(await as(s.author).get('/api/histories'));
    expect(authors.map((story) => story.title).sort()).toEqual(['Author owl', 'Published fox']);
    errorsOf(await nobody().get('/api/histories', { workspace: s.workspace }), 401);
  });

  it('publishes once when two moderators publish at the same time', async () => {
    const s = await school();
    const second = await buildSignedInMember(t.db, s.workspace, 'moderator');
    const story = await create(s.moderator, input(s));
    const answers = await Promise.all([
      review(s.moderator, story.id, { action: 'publish' }),
      review(second, story.id, { action: 'publish' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const versions = dataOf<unknown[]>(await as(s.moderator).get(`/api/histories/${story.id}/versions`));
    expect(versions).toHaveLength(1);
  });
});

describe('a story part in a lesson', () => {
  it('keeps the version it was added from, plays after the presentations and on the child’s screen', async () => {
    const s = await school();
    const story = await create(s.moderator, input(s));
    const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const lessonId = first!.id;
    const partKey = story.episodes[0]!.parts[0]!.key;
    const add = (who: Member, body: Record<string, unknown>) =>
      as(who).post(`/api/lesson/${lessonId}/story-parts`, body);

    // Not published yet: the teacher cannot see it.
    errorsOf(await add(s.teacher, { history_id: story.id, part_key: partKey }), 404);
    dataOf(await review(s.moderator, story.id, { action: 'publish' }));
    errorsOf(
      await add(s.teacher, { history_id: story.id, part_key: '00000000-0000-4000-8000-000000000000' }),
      422,
    );
    errorsOf(await add(s.teacher, { history_id: story.id, part_key: 'not-a-key' }), 422);
    errorsOf(await add(s.otherTeacher, { history_id: story.id, part_key: partKey }), 404);
    errorsOf(await add(s.moderator, { history_id: story.id, part_key: partKey }), 403);
    errorsOf(
      await nobody().post(
        `/api/lesson/${lessonId}/story-parts`,
        { history_id: story.id, part_key: partKey },
        {
          workspace: s.workspace,
        },
      ),
      401,
    );
    const elsewhere = await create(s.otherModerator, input(s, { episodes: [], category_ids: [] }));
    errorsOf(await add(s.teacher, { history_id: elsewhere.id, part_key: partKey }), 404);

    const lesson = dataOf<Lesson>(await add(s.teacher, { history_id: story.id, part_key: partKey }), 201);
    expect(lesson.story_parts).toHaveLength(1);
    expect(lesson.story_parts[0]).toMatchObject({
      history_id: story.id,
      version: 1,
      title: 'The drum',
      episode_title: 'In the forest',
      story_title: 'The fox and the drum',
    });
    expect(lesson.story_parts[0]!.slides.map((slide) => slide.text)).toEqual([
      'Rrr, says the drum',
      'The fox runs',
    ]);
    expect(errorsOf(await add(s.teacher, { history_id: story.id, part_key: partKey }), 409).message).toBe(
      'This part of the story is already in the lesson.',
    );
    // In use: not deleted.
    expect(errorsOf(await as(s.moderator).delete(`/api/histories/${story.id}`), 409).message).toBe(
      'The story cannot be deleted while lessons hold its parts.',
    );
    expect(dataOf<Story>(await as(s.moderator).get(`/api/histories/${story.id}`)).lessons).toBe(1);

    // A new version changes nothing in the lesson.
    const renamed = input(s);
    renamed.episodes = story.episodes.map((episode) => ({
      ...episode,
      parts: episode.parts.map((part) => ({ ...part, title: `${part.title} (new)` })),
    }));
    dataOf(await as(s.moderator).put(`/api/histories/${story.id}`, renamed));
    dataOf(await review(s.moderator, story.id, { action: 'publish' }));
    const kept = dataOf<Lesson>(await as(s.teacher).get(`/api/lesson/${lessonId}`));
    expect(kept.story_parts[0]).toMatchObject({ version: 1, title: 'The drum' });

    // The child's screen follows the teacher onto the story's slides, after the lesson's presentations.
    const presentations = kept.blocks.reduce((sum, block) => sum + block.presentations.length, 0);
    const link = dataOf<LessonSessionLink>(
      await as(s.teacher).post(`/api/lesson/${lessonId}/session`, {
        action: 'start',
        position: presentations,
        slide: 1,
      }),
    );
    const token = /\/client-session\/([\w-]{43})$/.exec(link.url ?? '')?.[1] ?? '';
    const shown = dataOf<ClientSession>(await nobody().get(`/api/play-lesson/${token}`));
    expect(shown.presentations).toBe(presentations + 1);
    expect(shown.session.presentation).toMatchObject({ title: 'The drum', slides: 2, text: 'The fox runs' });
    const image = await nobody().get(`/api/play-lesson/${token}/slide`, {
      query: `position=${presentations}&slide=1`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png(90))).toBe(true);
    errorsOf(
      await nobody().get(`/api/play-lesson/${token}/slide`, { query: `position=${presentations}&slide=2` }),
      404,
    );
    errorsOf(
      await as(s.teacher).post(`/api/lesson/${lessonId}/session`, {
        action: 'move',
        position: presentations,
        slide: 2,
      }),
      422,
    );

    const partId = kept.story_parts[0]!.id;
    errorsOf(await as(s.otherTeacher).delete(`/api/lesson/${lessonId}/story-parts/${partId}`), 404);
    expect(
      dataOf<Lesson>(await as(s.teacher).delete(`/api/lesson/${lessonId}/story-parts/${partId}`)).story_parts,
    ).toEqual([]);
    errorsOf(await as(s.teacher).delete(`/api/lesson/${lessonId}/story-parts/${partId}`), 404);
    // Nothing holds it now: it may go.
    dataOf(await as(s.moderator).delete(`/api/histories/${story.id}`));
    errorsOf(await as(s.moderator).get(`/api/histories/${story.id}`), 404);
  });
});
