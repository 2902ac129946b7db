import type { DiagnosticCard, DiagnosticCardInput } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { clients, diagnoses, recommendedPrograms } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSchool } from '../../test/exercises.ts';
import { buildCategory, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';

const t = useTestApp();

/** A school with a category, a recommended program and a complex, and another project with its own card. */
async function school() {
  const base = await buildSchool(t.db);
  const category = await buildCategory(t.db, base.workspace.id, { name: 'Speech screening' });
  const [program, complex] = await t.db
    .insert(recommendedPrograms)
    .values([
      { workspaceId: base.workspace.id, kind: 'program', name: 'Sound [R] program' },
      { workspaceId: base.workspace.id, kind: 'complex', name: 'Breathing complex' },
    ])
    .returning();
  const other = await buildWorkspace(t.db);
  const otherModerator = await buildSignedInMember(t.db, other, 'moderator');
  const [otherProgram] = await t.db
    .insert(recommendedPrograms)
    .values({ workspaceId: other.id, kind: 'program', name: 'Elsewhere' })
    .returning();
  const admin = await buildSignedInMember(t.db, base.workspace, 'admin');
  return {
    ...base,
    admin,
    category: category.id,
    program: program!.id,
    complex: complex!.id,
    otherModerator,
    otherProgram: otherProgram!.id,
  };
}
type TestSchool = Awaited<ReturnType<typeof school>>;

/** A card with every answer type and two computed blocks, the second using the first. */
const input = (s: TestSchool, values: Partial<DiagnosticCardInput> = {}): DiagnosticCardInput => ({
  title: 'Speech screening',
  description: 'For children of 4 to 7',
  language: 'en',
  category_ids: [s.category],
  blocks: [
    {
      title: 'Sounds',
      questions: [
        { code: 'name_note', text: 'What does the child call themselves?', type: 'short_text' },
        { code: 'story', text: 'Retell a story', type: 'long_text', required: true },
        {
          code: 'r_sound',
          text: 'How does the child say R?',
          type: 'one_variant',
          variants: [
            { label: 'Clearly', score: 2 },
            { label: 'Replaced', score: 0 },
          ],
        },
        {
          code: 'errors',
          text: 'Which errors are there?',
          type: 'many_variants',
          variants: [
            { label: 'Omission', score: 1 },
            { label: 'Substitution', score: 1 },
            { label: 'Distortion', score: 1 },
          ],
        },
      ],
    },
    {
      title: 'Hearing',
      questions: [
        {
          code: 'attention',
          text: 'Attention',
          type: 'scale',
          scale: { from: 0, to: 10, start_label: 'None', centre_label: 'Some', end_label: 'Full' },
        },
        {
          code: 'pairs',
          text: 'Tell the pairs apart',
          type: 'table',
          rows: [{ label: 'ba – pa' }, { label: 'da – ta' }],
          columns: [
            { label: 'Yes', score: 1 },
            { label: 'No', score: 0 },
          ],
        },
      ],
    },
  ],
  computed: [
    {
      code: 'total',
      title: 'Total',
      formula: 'r_sound + attention + sum(pairs) - count(errors)',
      bands: [
        { from: 0, to: 4, label: 'Severe', kind: 'violation', program_id: s.program },
        { from: 5, to: 20, label: 'Typical', kind: 'qualification' },
      ],
    },
    { code: 'share', title: 'Share', formula: 'round(total / 14 * 100)', parents_visible: false },
  ],
  ...values,
});

const as = (who: Member) => apiAs(t.app, who);
const dataOf = (response: { json(): unknown }) => (response.json() as { data: DiagnosticCard }).data;
const errorsOf = (response: { json(): unknown }) =>
  (response.json() as { errors?: Record<string, string[]> }).errors ?? {};

async function created(who: Member, s: TestSchool, values: Partial<DiagnosticCardInput> = {}) {
  const response = await as(who).post('/api/diagnostic-cards', input(s, values));
  expect(response.statusCode, response.body).toBe(201);
  return dataOf(response);
}

/** A diagnosis made from a card's first version, for a student of the school's teacher. */
async function diagnosed(s: TestSchool, cardId: number) {
  const [client] = await t.db
    .insert(clients)
    .values({
      workspaceId: s.workspace.id,
      teacherId: s.teacher.user.id,
      clientName: 'Iryna',
      childName: 'Taras',
    })
    .returning();
  await t.db.insert(diagnoses).values({
    workspaceId: s.workspace.id,
    cardId,
    cardVersion: 1,
    clientId: client!.id,
    filledBy: s.teacher.user.id,
    clientName: 'Iryna',
    childName: 'Taras',
    diagnosedOn: '2026-11-01',
  });
}

/** The card with one question changed by `change`. */
function withQuestion(
  s: TestSchool,
  change: (question: DiagnosticCardInput['blocks'][number]['questions'][number]) => object,
): DiagnosticCardInput {
  const card = input(s, { computed: [] });
  const [first, ...rest] = card.blocks[0]!.questions;
  return {
    ...card,
    blocks: [
      { ...card.blocks[0]!, questions: [change(first!) as typeof first & object, ...rest] },
      ...card.blocks.slice(1),
    ],
  };
}

describe('diagnostic cards', () => {
  it('a moderator writes a card: keys given, counts listed, read back as written', async () => {
    const s = await school();
    const card = await created(s.moderator, s);
    expect(card).toMatchObject({
      title: 'Speech screening',
      language: 'en',
      status: 'draft',
      version: 0,
      writer: { id: s.moderator.user.id, name: 'Oksana Moderator' },
      actions: ['edit', 'publish', 'delete'],
      diagnoses: 0,
      category_ids: [s.category],
    });
    expect(card.blocks[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(card.blocks[0]?.questions[2]?.variants[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(card.blocks[1]?.questions[1]?.rows).toHaveLength(2);
    // Fields another type needs are dropped.
    expect(card.blocks[0]?.questions[0]).toMatchObject({ variants: [], scale: null, rows: [], columns: [] });
    expect(card.computed[0]?.bands[0]).toMatchObject({ program_id: s.program, kind: 'violation' });
    expect(card.computed[1]?.parents_visible).toBe(false);
    expect(dataOf(await as(s.moderator).get(`/api/diagnostic-cards/${card.id}`))).toEqual(card);
    const list = (await as(s.moderator).get('/api/diagnostic-cards')).json();
    expect(list.meta).toEqual({ total: 1, page: 1, per_page: 20 });
    expect(list.data[0]).toMatchObject({
      id: card.id,
      title: 'Speech screening',
      status: 'draft',
      blocks: 2,
      questions: 6,
      computed: 2,
      diagnoses: 0,
      writer: { name: 'Oksana Moderator' },
    });
  });

  it('publishes versions: teachers read the published one while the next is written', async () => {
    const s = await school();
    const card = await created(s.moderator, s);
    expect((await as(s.teacher).get(`/api/diagnostic-cards/${card.id}`)).statusCode).toBe(404);
    expect((await as(s.teacher).get('/api/diagnostic-cards')).json().meta.total).toBe(0);
    const published = dataOf(await as(s.moderator).post(`/api/diagnostic-cards/${card.id}/publish`));
    expect(published).toMatchObject({ status: 'published', version: 1, actions: ['edit', 'delete'] });
    const again = await as(s.moderator).post(`/api/diagnostic-cards/${card.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'diagnostic_card_unchanged' });
    // Edited: a draft again, keys kept; teachers still read version 1.
    const changed = { ...input(s, { title: 'Speech screening, second edition' }) };
    changed.blocks = changed.blocks.map((block, index) => ({ ...block, key: published.blocks[index]?.key }));
    const draft = dataOf(await as(s.moderator).put(`/api/diagnostic-cards/${card.id}`, changed));
    expect(draft).toMatchObject({ status: 'draft', version: 1, title: 'Speech screening, second edition' });
    expect(draft.blocks.map((block) => block.key)).toEqual(published.blocks.map((block) => block.key));
    const teacherView = dataOf(await as(s.teacher).get(`/api/diagnostic-cards/${card.id}`));
    expect(teacherView).toMatchObject({
      title: 'Speech screening',
      status: 'published',
      version: 1,
      actions: [],
      diagnoses: null,
    });
    const teacherList = (await as(s.teacher).get('/api/diagnostic-cards')).json();
    expect(teacherList.data[0]).toMatchObject({
      title: 'Speech screening',
      status: 'published',
      diagnoses: null,
    });
    expect(dataOf(await as(s.moderator).post(`/api/diagnostic-cards/${card.id}/publish`)).version).toBe(2);
    expect(dataOf(await as(s.teacher).get(`/api/diagnostic-cards/${card.id}`)).title).toBe(
      'Speech screening, second edition',
    );
  });

  it('lists by title, status and language, the latest change first', async () => {
    const s = await school();
    const first = await created(s.moderator, s, { title: 'Whistling sounds' });
    const second = await created(s.moderator, s, { title: 'Hissing sounds', language: 'uk' });
    await as(s.moderator).post(`/api/diagnostic-cards/${first.id}/publish`);
    const ids = async (query: string) =>
      (await as(s.moderator).get('/api/diagnostic-cards', { query }))
        .json()
        .data.map((row: { id: number }) => row.id);
    expect(await ids('')).toEqual([first.id, second.id]);
    expect(await ids('term=HISS')).toEqual([second.id]);
    expect(await ids('status=published')).toEqual([first.id]);
    expect(await ids('language=uk')).toEqual([second.id]);
    expect(await ids('language=pl')).toEqual([]);
    expect((await as(s.moderator).get('/api/diagnostic-cards', { query: 'status=gone' })).statusCode).toBe(
      422,
    );
  });

  it('deletes a card; 409 with a clear message while diagnoses use it', async () => {
    const s = await school();
    const unused = await created(s.moderator, s);
    expect((await as(s.moderator).delete(`/api/diagnostic-cards/${unused.id}`)).statusCode).toBe(200);
    expect((await as(s.moderator).get(`/api/diagnostic-cards/${unused.id}`)).statusCode).toBe(404);
    const used = await created(s.moderator, s);
    await as(s.moderator).post(`/api/diagnostic-cards/${used.id}/publish`);
    await diagnosed(s, used.id);
    const refused = await as(s.moderator).delete(`/api/diagnostic-cards/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'diagnostic_card_in_use',
      message: 'The card cannot be deleted: 1 diagnosis was made from it.',
    });
    expect(dataOf(await as(s.moderator).get(`/api/diagnostic-cards/${used.id}`)).diagnoses).toBe(1);
  });

  it('401 without a token; 403 for roles that do not keep or read cards; teachers only read', async () => {
    const s = await school();
    const card = await created(s.moderator, s);
    await as(s.moderator).post(`/api/diagnostic-cards/${card.id}/publish`);
    expect((await as(s.moderator).get('/api/diagnostic-cards', { token: null })).statusCode).toBe(401);
    expect((await as(s.moderator).post('/api/diagnostic-cards', input(s), { token: null })).statusCode).toBe(
      401,
    );
    for (const who of [s.author, s.manager, s.admin]) {
      expect((await as(who).get('/api/diagnostic-cards')).statusCode).toBe(403);
      expect((await as(who).get(`/api/diagnostic-cards/${card.id}`)).statusCode).toBe(403);
      expect((await as(who).post('/api/diagnostic-cards', input(s))).statusCode).toBe(403);
    }
    expect((await as(s.teacher).get(`/api/diagnostic-cards/${card.id}`)).statusCode).toBe(200);
    expect((await as(s.teacher).post('/api/diagnostic-cards', input(s))).statusCode).toBe(403);
    expect((await as(s.teacher).put(`/api/diagnostic-cards/${card.id}`, input(s))).statusCode).toBe(403);
    expect((await as(s.teacher).post(`/api/diagnostic-cards/${card.id}/publish`)).statusCode).toBe(403);
    expect((await as(s.teacher).delete(`/api/diagnostic-cards/${card.id}`)).statusCode).toBe(403);
  });

  it("404 for another project's card, an unknown id; its program and categories are refused", async () => {
    const s = await school();
    const card = await created(s.moderator, s);
    const stranger = as(s.otherModerator);
    expect((await stranger.get(`/api/diagnostic-cards/${card.id}`)).statusCode).toBe(404);
    expect((await stranger.put(`/api/diagnostic-cards/${card.id}`, input(s))).statusCode).toBe(404);
    expect((await stranger.post(`/api/diagnostic-cards/${card.id}/publish`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/diagnostic-cards/${card.id}`)).statusCode).toBe(404);
    expect((await as(s.moderator).get('/api/diagnostic-cards/999999')).statusCode).toBe(404);
    expect((await stranger.get('/api/diagnostic-cards')).json().meta.total).toBe(0);
  });

  it('refuses the §5 errors at their fields, in the caller’s language', async () => {
    const s = await school();
    const post = (body: object, lang = 'en') => as(s.moderator).post('/api/diagnostic-cards', body, { lang });
    const cases: [string, DiagnosticCardInput, string, string][] = [
      [
        'empty variant label',
        withQuestion(s, (q) => ({ ...q, type: 'one_variant', variants: [{ label: '' }, { label: 'No' }] })),
        'blocks.0.questions.0.variants.0.label',
        'Required.',
      ],
      [
        'no answer type',
        withQuestion(s, ({ type: _type, ...q }) => q),
        'blocks.0.questions.0.type',
        'Choose an answer type.',
      ],
      [
        'one variant only',
        withQuestion(s, (q) => ({ ...q, type: 'many_variants', variants: [{ label: 'Yes' }] })),
        'blocks.0.questions.0.variants',
        'Add at least 2 variants.',
      ],
      [
        'scale in the wrong order',
        withQuestion(s, (q) => ({
          ...q,
          type: 'scale',
          scale: { from: 5, to: 1, start_label: 'Low', end_label: 'High' },
        })),
        'blocks.0.questions.0.scale.to',
        'The end of the scale must be greater than its start.',
      ],
      [
        'empty row label',
        withQuestion(s, (q) => ({
          ...q,
          type: 'table',
          rows: [{ label: ' ' }],
          columns: [{ label: 'Yes' }, { label: 'No' }],
        })),
        'blocks.0.questions.0.rows.0.label',
        'Required.',
      ],
      [
        'empty column label',
        withQuestion(s, (q) => ({
          ...q,
          type: 'table',
          rows: [{ label: 'ba' }],
          columns: [{ label: 'Yes' }, { label: '' }],
        })),
        'blocks.0.questions.0.columns.1.label',
        'Required.',
      ],
    ];
    for (const [name, body, field, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, name).toBe(422);
      expect(errorsOf(response)[field], `${name}: ${response.body}`).toContain(message);
    }
    const ukrainian = await post(
      withQuestion(s, ({ type: _type, ...q }) => q),
      'uk',
    );
    expect(errorsOf(ukrainian)['blocks.0.questions.0.type']).toContain('Оберіть тип відповіді.');
  });

  it('checks formulas, cycles, bands, programs and categories on save (422 at the field)', async () => {
    const s = await school();
    const post = (values: Partial<DiagnosticCardInput>) =>
      as(s.moderator).post('/api/diagnostic-cards', input(s, values));
    const computed = (formula: string, more: object = {}) => [
      { code: 'total', title: 'Total', formula, ...more },
    ];
    const fieldsOf = async (values: Partial<DiagnosticCardInput>) => {
      const response = await post(values);
      expect(response.statusCode, response.body).toBe(422);
      return errorsOf(response);
    };
    expect(Object.keys(await fieldsOf({ computed: computed('sum(r_sound, nope)') }))).toEqual([
      'computed.0.formula',
    ]);
    expect(Object.keys(await fieldsOf({ computed: computed('median(r_sound)') }))).toEqual([
      'computed.0.formula',
    ]);
    // A text in arithmetic; a list where a number is needed.
    expect(Object.keys(await fieldsOf({ computed: computed('name_note + 1') }))).toEqual([
      'computed.0.formula',
    ]);
    expect(Object.keys(await fieldsOf({ computed: computed('errors * 2') }))).toEqual(['computed.0.formula']);
    const cycle = await fieldsOf({
      computed: [
        { code: 'a', title: 'A', formula: 'b + 1' },
        { code: 'b', title: 'B', formula: 'a + r_sound' },
      ],
    });
    expect(Object.keys(cycle)).toEqual(['computed.0.formula']);
    expect(cycle['computed.0.formula']?.join(' ')).toContain('a → b → a');
    const overlap = await fieldsOf({
      computed: computed('r_sound', {
        bands: [
          { from: 0, to: 4, label: 'Severe', kind: 'violation' },
          { from: 4, to: 8, label: 'Mild', kind: 'violation' },
        ],
      }),
    });
    expect(Object.keys(overlap)).toEqual(['computed.0.bands.1.from']);
    const programs = await fieldsOf({
      computed: computed('r_sound', {
        bands: [
          { from: 0, to: 1, label: 'Complex', kind: 'violation', program_id: s.complex },
          { from: 2, to: 3, label: 'Foreign', kind: 'violation', program_id: s.otherProgram },
          { from: 4, to: 5, label: 'Unknown', kind: 'violation', program_id: 999999 },
        ],
      }),
    });
    expect(programs).toEqual({
      'computed.0.bands.0.program_id': ['There is no such recommended program in this project.'],
      'computed.0.bands.1.program_id': ['There is no such recommended program in this project.'],
      'computed.0.bands.2.program_id': ['There is no such recommended program in this project.'],
    });
    const otherCategory = await buildCategory(t.db, (await buildWorkspace(t.db)).id);
    expect(await fieldsOf({ category_ids: [s.category, otherCategory.id] })).toEqual({
      'category_ids.1': ['There is no such category in this project.'],
    });
    // Duplicate codes across questions and computed blocks.
    expect(Object.keys(await fieldsOf({ computed: computed('1', { code: 'r_sound' }) }))).toEqual([
      'computed.0.code',
    ]);
  });

  it('refuses NUL bytes, huge and deeply nested input with a 4xx', async () => {
    const s = await school();
    const post = (body: object) => as(s.moderator).post('/api/diagnostic-cards', body);
    const nul = await post(input(s, { title: 'Speech\u0000screening' }));
    expect(nul.statusCode).toBe(422);
    const huge = await post(input(s, { description: 'x'.repeat(2_000_000) }));
    expect([413, 422]).toContain(huge.statusCode);
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i += 1) deep = { a: deep };
    const nested = await post({ ...input(s), description: deep });
    expect(nested.statusCode).toBeGreaterThanOrEqual(400);
    expect(nested.statusCode).toBeLessThan(500);
    const formula = await post(
      input(s, { computed: [{ code: 'c', title: 'C', formula: '('.repeat(900) + '1' + ')'.repeat(99) }] }),
    );
    expect(formula.statusCode).toBe(422);
    const many = await post(input(s, { blocks: Array.from({ length: 41 }, () => input(s).blocks[0]!) }));
    expect(many.statusCode).toBe(422);
  });
});
