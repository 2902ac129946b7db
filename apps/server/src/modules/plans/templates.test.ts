import type { ProtocolTemplate, TemplateInput } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSchool } from '../../test/exercises.ts';
import { buildCategory, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';

const t = useTestApp();

/** A school with a block category "Sounds" holding the folders "[R] words" and "[R] phrases", and a leaf. */
async function school() {
  const base = await buildSchool(t.db);
  const sounds = await buildCategory(t.db, base.workspace.id, { name: 'Sounds R', isFolder: true });
  const words = await buildCategory(t.db, base.workspace.id, {
    name: '[R] words',
    parentId: sounds.id,
    isFolder: true,
  });
  const deep = await buildCategory(t.db, base.workspace.id, {
    name: 'Deep',
    parentId: words.id,
    isFolder: true,
  });
  const phrases = await buildCategory(t.db, base.workspace.id, {
    name: '[R] phrases',
    parentId: sounds.id,
    isFolder: true,
  });
  const leaf = await buildCategory(t.db, base.workspace.id, { name: 'A leaf', parentId: sounds.id });
  const elsewhere = await buildCategory(t.db, base.workspace.id, { name: 'Elsewhere', isFolder: true });
  const otherTeacher = await buildSignedInMember(t.db, base.workspace, 'teacher', { name: 'Olena Teacher' });
  return {
    ...base,
    otherTeacher,
    sounds: sounds.id,
    words: words.id,
    deep: deep.id,
    phrases: phrases.id,
    leafCategory: leaf.id,
    elsewhere: elsewhere.id,
  };
}
type TestSchool = Awaited<ReturnType<typeof school>>;

const input = (s: TestSchool, values: Partial<TemplateInput> = {}): TemplateInput => ({
  title: 'Sound [R]',
  description: 'Setting the sound R: for the educator',
  blocks: [
    {
      target: 'Articulation gymnastics',
      category_id: s.sounds,
      description_parents: 'Exercises for the tongue',
      description_educator: 'Start with a mirror',
      min_presentations: 1,
      max_presentations: 3,
      folders: [
        { category_id: s.words, description_parents: 'Words', indications_educator: 'Slowly' },
        { category_id: s.deep },
      ],
    },
    {
      target: 'Phrases',
      category_id: s.sounds,
      min_presentations: 2,
      max_presentations: 2,
      folders: [{ category_id: s.phrases }],
    },
  ],
  ...values,
});

const as = (who: Member) => apiAs(t.app, who);
const dataOf = (response: { json(): unknown }) => (response.json() as { data: ProtocolTemplate }).data;

async function created(who: Member, s: TestSchool, values: Partial<TemplateInput> = {}) {
  const response = await as(who).post('/api/templates', input(s, values));
  expect(response.statusCode, response.body).toBe(201);
  return dataOf(response);
}

/** A status change: the writer's (`status`) or the moderator's (`review`), by the action's name. */
const setStatus = (who: Member, id: number, action: string, comment?: string) =>
  as(who).post(
    `/api/templates/${id}/${['submit', 'withdraw'].includes(action) ? 'status' : 'review'}`,
    comment === undefined ? { action } : { action, comment },
  );

describe('protocol templates', () => {
  it('a moderator writes a template with blocks and folders, in order, with the names of their categories', async () => {
    const s = await school();
    const template = await created(s.moderator, s);
    expect(template).toMatchObject({
      title: 'Sound [R]',
      status: 'draft',
      version: 0,
      writer: { id: s.moderator.user.id, name: 'Oksana Moderator' },
      actions: ['publish'],
      editable: true,
    });
    expect(
      template.blocks.map((block) => [
        block.target,
        block.category_name,
        block.folders.map((f) => f.category_name),
      ]),
    ).toEqual([
      ['Articulation gymnastics', 'Sounds R', ['[R] words', 'Deep']],
      ['Phrases', 'Sounds R', ['[R] phrases']],
    ]);
    expect(template.blocks[0]?.folders[1]).toMatchObject({
      description_parents: '',
      indications_educator: '',
    });
    expect(template.blocks[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    const read = await as(s.moderator).get(`/api/templates/${template.id}`);
    expect(dataOf(read)).toEqual(template);
  });

  it('publishes versions: teachers read the published one while the next is written', async () => {
    const s = await school();
    const template = await created(s.moderator, s);
    // Before publication a teacher does not see it.
    expect((await as(s.teacher).get(`/api/templates/${template.id}`)).statusCode).toBe(404);
    const published = dataOf(await setStatus(s.moderator, template.id, 'publish'));
    expect(published).toMatchObject({ status: 'published', version: 1, actions: [] });
    // The moderator changes it: a draft again, version 1 still what teachers see.
    const changed = input(s, { title: 'Sound [R], second edition' });
    const keys = published.blocks.map((block) => block.key);
    changed.blocks = changed.blocks.map((block, index) => ({ ...block, key: keys[index] }));
    const draft = dataOf(await as(s.moderator).put(`/api/templates/${template.id}`, changed));
    expect(draft).toMatchObject({ status: 'draft', version: 1, title: 'Sound [R], second edition' });
    expect(draft.blocks.map((block) => block.key)).toEqual(keys);
    const teacherView = dataOf(await as(s.teacher).get(`/api/templates/${template.id}`));
    expect(teacherView).toMatchObject({
      title: 'Sound [R]',
      status: 'published',
      version: 1,
      editable: false,
      actions: [],
    });
    const second = dataOf(await setStatus(s.moderator, template.id, 'publish'));
    expect(second).toMatchObject({ version: 2, status: 'published' });
    expect(dataOf(await as(s.teacher).get(`/api/templates/${template.id}`)).title).toBe(
      'Sound [R], second edition',
    );
  });

  it("a teacher's own template is a draft until a moderator publishes it; a return carries the comment", async () => {
    const s = await school();
    const own = await created(s.teacher, s);
    expect(own).toMatchObject({ status: 'draft', actions: ['submit'], editable: true });
    // Another teacher does not see the draft, nor may publish.
    expect((await as(s.otherTeacher).get(`/api/templates/${own.id}`)).statusCode).toBe(404);
    const publishing = await setStatus(s.teacher, own.id, 'publish');
    expect(publishing.statusCode).toBe(403);
    expect(dataOf(await setStatus(s.teacher, own.id, 'submit'))).toMatchObject({
      status: 'moderation',
      actions: ['withdraw'],
    });
    const returned = dataOf(await setStatus(s.moderator, own.id, 'return', 'Add a block for phrases'));
    expect(returned).toMatchObject({ status: 'draft', comment: 'Add a block for phrases' });
    expect(dataOf(await as(s.teacher).get(`/api/templates/${own.id}`)).comment).toBe(
      'Add a block for phrases',
    );
    await setStatus(s.teacher, own.id, 'submit');
    expect(dataOf(await setStatus(s.moderator, own.id, 'publish'))).toMatchObject({
      status: 'published',
      comment: '',
    });
    // Published, the other teacher reads it; only its writer and moderators may change it.
    expect((await as(s.otherTeacher).get(`/api/templates/${own.id}`)).statusCode).toBe(200);
    expect((await as(s.otherTeacher).put(`/api/templates/${own.id}`, input(s))).statusCode).toBe(403);
  });

  it('refuses a step from the wrong status with 409', async () => {
    const s = await school();
    const template = await created(s.moderator, s);
    await setStatus(s.moderator, template.id, 'publish');
    const again = await setStatus(s.moderator, template.id, 'publish');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'template_transition_refused' });
    expect((await setStatus(s.moderator, template.id, 'return')).statusCode).toBe(409);
    expect((await setStatus(s.moderator, template.id, 'dance')).statusCode).toBe(422);
  });

  it('lists what the role reads, by status and title, the latest change first', async () => {
    const s = await school();
    const first = await created(s.moderator, s, { title: 'Whistling sounds' });
    const second = await created(s.moderator, s, { title: 'Sound [R]' });
    const teachers = await created(s.teacher, s, { title: 'My own [L]' });
    await setStatus(s.moderator, first.id, 'publish');
    const all = (await as(s.moderator).get('/api/templates')).json();
    expect(all.data.map((item: { id: number }) => item.id)).toEqual([first.id, teachers.id, second.id]);
    expect(all.meta).toEqual({ total: 3, page: 1, per_page: 20 });
    expect(all.data[0]).toMatchObject({
      title: 'Whistling sounds',
      status: 'published',
      version: 1,
      blocks: 2,
    });
    const drafts = (await as(s.moderator).get('/api/templates', { query: 'status=draft&term=SOUND' })).json();
    expect(drafts.data.map((item: { id: number }) => item.id)).toEqual([second.id]);
    const teacher = (await as(s.teacher).get('/api/templates')).json();
    expect(teacher.data.map((item: { id: number }) => item.id)).toEqual([first.id, teachers.id]);
    const teacherPublished = (
      await as(s.teacher).get('/api/templates', { query: 'status=published' })
    ).json();
    expect(teacherPublished.data.map((item: { id: number }) => item.id)).toEqual([first.id]);
  });

  it('lists the published version to teachers while the next edition is written, and finds it by that title', async () => {
    const s = await school();
    const template = await created(s.moderator, s, { title: 'Sound [R]' });
    const published = dataOf(await setStatus(s.moderator, template.id, 'publish'));
    const next = input(s, { title: 'Sound [R] with phrases' });
    next.blocks = [
      ...next.blocks.map((block, index) => ({ ...block, key: published.blocks[index]?.key })),
      { ...next.blocks[1]!, target: 'Third block' },
    ];
    expect((await as(s.moderator).put(`/api/templates/${template.id}`, next)).statusCode).toBe(200);
    const [moderatorRow] = (await as(s.moderator).get('/api/templates')).json().data;
    expect(moderatorRow).toMatchObject({ title: 'Sound [R] with phrases', status: 'draft', blocks: 3 });
    const [teacherRow] = (await as(s.teacher).get('/api/templates')).json().data;
    expect(teacherRow).toMatchObject({
      title: 'Sound [R]',
      status: 'published',
      version: 1,
      blocks: 2,
      writer: { id: s.moderator.user.id, name: s.moderator.user.name },
    });
    const byTitle = async (term: string) =>
      (await as(s.teacher).get('/api/templates', { query: `term=${encodeURIComponent(term)}` })).json().meta
        .total;
    // The draft's words are not the teacher's to find.
    expect(await byTitle('phrases')).toBe(0);
    expect(await byTitle('sound [r]')).toBe(1);
    expect((await as(s.teacher).get('/api/templates', { query: 'status=draft' })).json().meta.total).toBe(0);
  });

  it('checks categories: the project’s, folders inside the block’s category (spec §5)', async () => {
    const s = await school();
    const other = await buildWorkspace(t.db);
    const foreign = await buildCategory(t.db, other.id, { isFolder: true });
    const base = input(s).blocks[0]!;
    const response = await as(s.moderator).post('/api/templates', {
      ...input(s),
      blocks: [
        { ...base, category_id: foreign.id, folders: [{ category_id: s.words }] },
        {
          ...base,
          folders: [
            { category_id: s.leafCategory },
            { category_id: s.elsewhere },
            { category_id: foreign.id },
          ],
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'blocks.0.category_id': ['There is no such category in this project.'],
      'blocks.0.folders.0.category_id': ['Choose a folder inside the block’s category.'],
      'blocks.1.folders.0.category_id': ['Choose a folder, not a category.'],
      'blocks.1.folders.1.category_id': ['Choose a folder inside the block’s category.'],
      'blocks.1.folders.2.category_id': ['There is no such category in this project.'],
    });
  });

  it('answers each validation error with its field, and saves nothing', async () => {
    const s = await school();
    const base = input(s).blocks[0]!;
    const response = await as(s.moderator).post('/api/templates', {
      title: '',
      description: ' ',
      blocks: [
        { ...base, min_presentations: 3, max_presentations: 2 },
        { ...base, folders: [] },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'blocks.0.max_presentations',
      'blocks.1.folders',
      'description',
      'title',
    ]);
    expect(response.json().errors['blocks.0.max_presentations']).toEqual([
      'The maximum cannot be less than the minimum (3).',
    ]);
    expect((await as(s.moderator).get('/api/templates')).json().meta.total).toBe(0);
    const ukrainian = await apiAs(t.app, s.moderator).post(
      '/api/templates',
      { ...input(s), blocks: [] },
      {
        headers: { 'accept-language': 'uk' },
      },
    );
    expect(ukrainian.statusCode).toBe(422);
  });

  it('answers 401 without a token, 403 to roles that may not, 404 for another project’s template', async () => {
    const s = await school();
    const template = await created(s.moderator, s);
    expect((await apiAs(t.app, null, { workspace: s.workspace }).get('/api/templates')).statusCode).toBe(401);
    for (const who of [s.author, s.manager]) {
      expect((await as(who).get('/api/templates')).statusCode).toBe(403);
      expect((await as(who).get(`/api/templates/${template.id}`)).statusCode).toBe(403);
      expect((await as(who).post('/api/templates', input(s))).statusCode).toBe(403);
    }
    const other = await buildSchool(t.db);
    for (const call of [
      () => as(other.moderator).get(`/api/templates/${template.id}`),
      () => as(other.moderator).put(`/api/templates/${template.id}`, input(s)),
      () => setStatus(other.moderator, template.id, 'publish'),
      () => as(other.moderator).delete(`/api/templates/${template.id}`),
    ]) {
      expect((await call()).statusCode).toBe(404);
    }
  });

  it('deletes: a writer their never-published one, a moderator any; a used category stays', async () => {
    const s = await school();
    const own = await created(s.teacher, s);
    const categoryDelete = await as(s.moderator).delete(
      `/api/workspaces/${s.workspace.id}/categories/${s.phrases}`,
    );
    expect(categoryDelete.statusCode).toBe(409);
    expect(categoryDelete.json().code).toBe('category_in_use');
    await setStatus(s.teacher, own.id, 'submit');
    await setStatus(s.moderator, own.id, 'publish');
    expect((await as(s.teacher).delete(`/api/templates/${own.id}`)).statusCode).toBe(403);
    expect((await as(s.moderator).delete(`/api/templates/${own.id}`)).statusCode).toBe(200);
    expect((await as(s.moderator).get(`/api/templates/${own.id}`)).statusCode).toBe(404);
    const draft = await created(s.teacher, s);
    expect((await as(s.teacher).delete(`/api/templates/${draft.id}`)).statusCode).toBe(200);
  });
});
