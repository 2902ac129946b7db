import type { Plan, ProtocolTemplate } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSchool } from '../../test/exercises.ts';
import { buildSignedInMember, buildSoundFolders, type Member } from '../../test/factories.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};

/** A school with a published two-block template, a teacher's student and another teacher. */
async function school() {
  const s = await buildSchool(t.db);
  const { sounds, words, phrases } = await buildSoundFolders(t.db, s.workspace.id);
  const template = dataOf<ProtocolTemplate>(
    await as(s.moderator).post('/api/templates', {
      title: 'Sound [R]',
      description: 'For the educator',
      blocks: [
        {
          target: 'Articulation',
          category_id: sounds.id,
          min_presentations: 1,
          max_presentations: 4,
          folders: [{ category_id: words.id }, { category_id: phrases.id }],
        },
        {
          target: 'Phrases',
          category_id: sounds.id,
          min_presentations: 2,
          max_presentations: 3,
          folders: [{ category_id: phrases.id, description_parents: 'Short phrases' }],
        },
      ],
    }),
    201,
  );
  dataOf(await as(s.moderator).post(`/api/templates/${template.id}/review`, { action: 'publish' }));
  const student = dataOf<{ id: number }>(
    await as(s.teacher).post('/api/clients', { client_name: 'Iryna', child_name: 'Marko' }),
    201,
  );
  const otherTeacher = await buildSignedInMember(t.db, s.workspace, 'teacher', { name: 'Olena Teacher' });
  return { ...s, template, student, otherTeacher, words: words.id, phrases: phrases.id };
}

const future = '2099-06-30';

/** A plan of the school's student from its template, made through the API by its teacher. */
const newPlan = async (s: Awaited<ReturnType<typeof school>>, deadline = future) =>
  dataOf<Plan>(
    await as(s.teacher).post('/api/protocols', {
      client_id: s.student.id,
      template_id: s.template.id,
      deadline,
    }),
    201,
  );

/** A template's content as the input that writes it again. */
const inputOf = (template: ProtocolTemplate) => ({
  title: template.title,
  description: template.description,
  blocks: template.blocks.map(({ category_name: _category, folders, ...block }) => ({
    ...block,
    folders: folders.map(({ category_name: _folder, ...folder }) => folder),
  })),
});

describe('plans', () => {
  it('a teacher makes a plan of ten lessons from a published template, fills it, and it turns active', async () => {
    const s = await school();
    const plan = await newPlan(s);
    expect(plan).toMatchObject({
      client: { id: s.student.id, child_name: 'Marko' },
      template: { id: s.template.id, title: 'Sound [R]', version: 1, latest_version: 1 },
      deadline: future,
      lessons: 10,
      status: 'pending',
      sent_at: null,
    });
    expect(
      plan.blocks.map((block) => [block.target, block.folder_id, block.template_min, block.template_max]),
    ).toEqual([
      ['Articulation', null, 1, 4],
      ['Phrases', null, 2, 3],
    ]);
    const [first, second] = plan.blocks;
    const filled = dataOf<Plan>(
      await as(s.teacher).put(`/api/protocols/${plan.id}`, {
        deadline: future,
        blocks: [
          { key: first!.key, folder_id: s.words, min_presentations: 2, max_presentations: 3 },
          { key: second!.key, folder_id: s.phrases, min_presentations: 2, max_presentations: 2 },
        ],
      }),
    );
    expect(filled.status).toBe('active');
    expect(
      filled.blocks.map((block) => [block.folder_id, block.min_presentations, block.max_presentations]),
    ).toEqual([
      [s.words, 2, 3],
      [s.phrases, 2, 2],
    ]);
    expect(dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`))).toEqual(filled);
  });

  it('refuses saving while a block has no folder, naming the block, and keeps what was there (spec §5)', async () => {
    const s = await school();
    const plan = await newPlan(s);
    const [first] = plan.blocks;
    const response = await as(s.teacher).put(`/api/protocols/${plan.id}`, {
      deadline: '2099-01-01',
      blocks: [{ key: first!.key, folder_id: s.phrases, min_presentations: 1, max_presentations: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ blocks: ['Choose a folder for the block “Phrases”.'] });
    expect(dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`))).toEqual(plan);
  });

  it('refuses a folder the block does not offer, bounds outside the template’s and an unknown block', async () => {
    const s = await school();
    const plan = await newPlan(s);
    const [first, second] = plan.blocks;
    const response = await as(s.teacher).put(`/api/protocols/${plan.id}`, {
      deadline: future,
      blocks: [
        { key: first!.key, folder_id: s.words, min_presentations: 1, max_presentations: 5 },
        { key: second!.key, folder_id: s.words, min_presentations: 2, max_presentations: 3 },
        {
          key: '0b6f5a3e-6f1e-4c69-9f57-6d0f8b1f4a11',
          folder_id: s.words,
          min_presentations: 1,
          max_presentations: 1,
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'blocks.0.max_presentations': ['Keep within the template’s bounds: 1 to 4.'],
      'blocks.1.folder_id': ['Choose one of the folders this block offers.'],
      'blocks.2.key': ['This block is not in the plan’s template.'],
    });
    const twice = await as(s.teacher).put(`/api/protocols/${plan.id}`, {
      deadline: future,
      blocks: [first, first, second].map((block) => ({
        key: block!.key,
        folder_id: s.phrases,
        min_presentations: 2,
        max_presentations: 2,
      })),
    });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(['blocks.1.key']);
    const reversed = await as(s.teacher).put(`/api/protocols/${plan.id}`, {
      deadline: 'someday',
      blocks: [{ key: first!.key, folder_id: s.words, min_presentations: 3, max_presentations: 2 }],
    });
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().errors).sort()).toEqual(['blocks.0.max_presentations', 'deadline']);
  });

  it('is made only for the teacher’s own student, from a published template', async () => {
    const s = await school();
    const draft = dataOf<ProtocolTemplate>(
      await as(s.moderator).post('/api/templates', { ...inputOf(s.template), title: 'A draft' }),
      201,
    );
    const response = await as(s.otherTeacher).post('/api/protocols', {
      client_id: s.student.id,
      template_id: draft.id,
      deadline: future,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      client_id: ['There is no such student among yours.'],
      template_id: ['Choose a published template.'],
    });
  });

  it('filters all / to fill / expired / filled, judging the deadline in the teacher’s time zone', async () => {
    const s = await school();
    const make = (deadline: string) => newPlan(s, deadline);
    const toFill = await make(future);
    const filled = await make('2099-01-01');
    const expired = await make('2020-01-01');
    await as(s.teacher).put(`/api/protocols/${filled.id}`, {
      deadline: filled.deadline,
      blocks: filled.blocks.map((block) => ({
        key: block.key,
        folder_id: block.folders[0]!.category_id,
        min_presentations: block.template_min,
        max_presentations: block.template_max,
      })),
    });
    const ids = async (filter: string, zone = 'Europe/Kyiv') =>
      (
        (
          await as(s.teacher).get('/api/protocols', { query: `filter=${filter}&time_zone=${zone}` })
        ).json() as {
          data: Plan[];
        }
      ).data.map((plan) => plan.id);
    expect(await ids('all')).toEqual([expired.id, filled.id, toFill.id]);
    expect(await ids('toFill')).toEqual([toFill.id]);
    expect(await ids('filled')).toEqual([filled.id]);
    expect(await ids('expired')).toEqual([expired.id]);
    const wrongZone = await as(s.teacher).get('/api/protocols', { query: 'time_zone=Mars/Olympus' });
    expect(wrongZone.statusCode).toBe(422);
    // Another teacher sees none of them.
    expect(((await as(s.otherTeacher).get('/api/protocols')).json() as { data: Plan[] }).data).toEqual([]);
  });

  it('shows a newer template version block by block, and takes it when the teacher applies it', async () => {
    const s = await school();
    const plan = await newPlan(s);
    const [first, second] = plan.blocks;
    await as(s.teacher).put(`/api/protocols/${plan.id}`, {
      deadline: future,
      blocks: [
        { key: first!.key, folder_id: s.words, min_presentations: 3, max_presentations: 4 },
        { key: second!.key, folder_id: s.phrases, min_presentations: 2, max_presentations: 3 },
      ],
    });
    // Version 2: the first block allows 1 to 2 presentations, the second goes, a third comes.
    const { blocks } = inputOf(s.template);
    const changed = {
      title: 'Sound [R]',
      description: 'For the educator',
      blocks: [
        { ...blocks[0]!, max_presentations: 2 },
        { ...blocks[1]!, key: undefined, target: 'Stories' },
      ],
    };
    await as(s.moderator).put(`/api/templates/${s.template.id}`, changed);
    await as(s.moderator).post(`/api/templates/${s.template.id}/review`, { action: 'publish' });
    const shown = dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`));
    expect(shown.status).toBe('active');
    expect(shown.template_update?.blocks.map((block) => [block.kind, block.target])).toEqual([
      ['changed', 'Articulation'],
      ['added', 'Stories'],
      ['removed', 'Phrases'],
    ]);
    expect(shown.template_update?.blocks[0]).toMatchObject({
      changes: ['bounds'],
      from: { min: 1, max: 4 },
      to: { min: 1, max: 2 },
    });
    // Applying a version not shown is refused; the shown one is taken.
    const stale = await as(s.teacher).post(`/api/protocols/${plan.id}/template-update`, { version: 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('template_version_changed');
    const taken = dataOf<Plan>(
      await as(s.teacher).post(`/api/protocols/${plan.id}/template-update`, { version: 2 }),
    );
    expect(taken.template).toMatchObject({ version: 2, latest_version: 2 });
    expect(taken.template_update).toBeNull();
    expect(
      taken.blocks.map((block) => [
        block.target,
        block.folder_id,
        block.min_presentations,
        block.max_presentations,
      ]),
    ).toEqual([
      ['Articulation', s.words, 2, 2],
      ['Stories', null, 2, 3],
    ]);
    expect(taken.status).toBe('pending');
    const again = await as(s.teacher).post(`/api/protocols/${plan.id}/template-update`, { version: 2 });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the plan as it is for a newer version when the teacher says so, until a newer one comes', async () => {
    const s = await school();
    const plan = await newPlan(s);
    const { blocks } = inputOf(s.template);
    const publish = async (maxOfFirst: number) => {
      await as(s.moderator).put(`/api/templates/${s.template.id}`, {
        title: 'Sound [R]',
        description: 'For the educator',
        blocks: [{ ...blocks[0]!, max_presentations: maxOfFirst }, blocks[1]!],
      });
      await as(s.moderator).post(`/api/templates/${s.template.id}/review`, { action: 'publish' });
    };
    expect(plan.template_update_kept).toBe(false);
    await publish(2);
    const shown = dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`));
    expect(shown).toMatchObject({ template_update_kept: false, template: { version: 1, latest_version: 2 } });
    const keep = (who: Member, version: number, action = 'keep') =>
      as(who).post(`/api/protocols/${plan.id}/template-update`, { version, action });

    // A version not shown, or none newer than the plan's, is not set aside unseen.
    for (const version of [3, 1]) {
      const stale = await keep(s.teacher, version);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('template_version_changed');
    }
    expect((await keep(s.teacher, 2, 'discard')).statusCode).toBe(422);
    // Only the plan's teacher, in its project, as a teacher.
    expect(
      (
        await apiAs(t.app, null, { workspace: s.workspace }).post(
          `/api/protocols/${plan.id}/template-update`,
          {
            version: 2,
            action: 'keep',
          },
        )
      ).statusCode,
    ).toBe(401);
    for (const who of [s.moderator, s.author, s.manager]) expect((await keep(who, 2)).statusCode).toBe(403);
    const other = await buildSchool(t.db);
    for (const who of [s.otherTeacher, other.teacher]) expect((await keep(who, 2)).statusCode).toBe(404);
    expect(dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`))).toEqual(shown);

    const kept = dataOf<Plan>(await keep(s.teacher, 2));
    // Nothing of the plan changes; the difference stays to be applied later, marked as kept.
    expect(kept).toEqual({ ...shown, template_update_kept: true });
    expect(dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`))).toEqual(kept);
    const listed = (await as(s.teacher).get('/api/protocols')).json() as { data: Plan[] };
    expect(listed.data.find((row) => row.id === plan.id)?.template_update_kept).toBe(true);

    // A newer version shows again; the teacher may still take it.
    await publish(3);
    const newer = dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`));
    expect(newer).toMatchObject({ template_update_kept: false, template: { version: 1, latest_version: 3 } });
    const applied = dataOf<Plan>(
      await as(s.teacher).post(`/api/protocols/${plan.id}/template-update`, { version: 3 }),
    );
    expect(applied).toMatchObject({
      template: { version: 3, latest_version: 3 },
      template_update: null,
      template_update_kept: false,
    });
    expect((await keep(s.teacher, 3)).statusCode).toBe(409);
  });

  it('keeps the template version it was made from when the template is published again', async () => {
    const s = await school();
    const plan = await newPlan(s);
    const { blocks } = inputOf(s.template);
    await as(s.moderator).put(`/api/templates/${s.template.id}`, {
      title: 'Sound [R] 2',
      description: 'D',
      blocks: blocks.slice(0, 1),
    });
    await as(s.moderator).post(`/api/templates/${s.template.id}/review`, { action: 'publish' });
    const read = dataOf<Plan>(await as(s.teacher).get(`/api/protocols/${plan.id}`));
    expect(read.template).toMatchObject({ version: 1, latest_version: 2, title: 'Sound [R]' });
    expect(read.blocks).toHaveLength(2);
    // The template stays while the plan is made from it.
    const deleting = await as(s.moderator).delete(`/api/templates/${s.template.id}`);
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json().code).toBe('template_in_use');
  });

  it('answers 401, 403 to roles that may not, 404 for another teacher’s or project’s plan; deletes', async () => {
    const s = await school();
    const plan = await newPlan(s);
    expect((await apiAs(t.app, null, { workspace: s.workspace }).get('/api/protocols')).statusCode).toBe(401);
    for (const who of [s.moderator, s.author, s.manager]) {
      expect((await as(who).get(`/api/protocols/${plan.id}`)).statusCode).toBe(403);
    }
    const other = await buildSchool(t.db);
    for (const who of [s.otherTeacher, other.teacher]) {
      expect((await as(who).get(`/api/protocols/${plan.id}`)).statusCode).toBe(404);
      expect((await as(who).delete(`/api/protocols/${plan.id}`)).statusCode).toBe(404);
    }
    expect((await as(s.teacher).delete(`/api/protocols/${plan.id}`)).statusCode).toBe(200);
    expect((await as(s.teacher).get(`/api/protocols/${plan.id}`)).statusCode).toBe(404);
  });
});
