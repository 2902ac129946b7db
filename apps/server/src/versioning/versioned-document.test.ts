import {
  ASSIGNABLE_ROLES,
  roleMay,
  type Action,
  type DiagnosticCard,
  type DiagnosticCardInput,
  type DocumentVersion,
  type ProtocolTemplate,
  type TemplateInput,
  type VersionsDiff,
} from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../test/api.ts';
import { useTestApp } from '../test/app.ts';
import { buildSchool } from '../test/exercises.ts';
import { clients } from '../db/schema/index.ts';
import {
  buildCategory,
  buildDiagnosis,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../test/factories.ts';

/**
 * The versioned-document kit (decision 030) through the two areas built on it: the list of
 * published versions and the difference between two, with who may read them.
 */
const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};

async function school() {
  const base = await buildSchool(t.db);
  const sounds = await buildCategory(t.db, base.workspace.id, { name: 'Sounds', isFolder: true });
  const words = await buildCategory(t.db, base.workspace.id, {
    name: 'Words',
    parentId: sounds.id,
    isFolder: true,
  });
  const other = await buildWorkspace(t.db);
  const otherModerator = await buildSignedInMember(t.db, other, 'moderator');
  return { ...base, sounds: sounds.id, words: words.id, otherModerator };
}
type TestSchool = Awaited<ReturnType<typeof school>>;

const block = (s: TestSchool, target: string, key?: string) => ({
  ...(key ? { key } : {}),
  target,
  category_id: s.sounds,
  min_presentations: 1,
  max_presentations: 2,
  folders: [{ category_id: s.words }],
});

/** A template published twice: v1 with blocks A, B, C; v2 with C first, B's bounds changed, A gone, D new. */
async function templateOfTwoVersions(s: TestSchool) {
  const input: TemplateInput = {
    title: 'Sound R',
    description: 'For the educator',
    blocks: [block(s, 'A'), block(s, 'B'), block(s, 'C')],
  };
  const template = dataOf<ProtocolTemplate>(await as(s.moderator).post('/api/templates', input), 201);
  const url = `/api/templates/${template.id}`;
  dataOf(await as(s.moderator).post(`${url}/review`, { action: 'publish' }));
  const [a, b, c] = template.blocks.map((one) => one.key);
  const changed: TemplateInput = {
    ...input,
    title: 'Sound R, second edition',
    blocks: [block(s, 'C', c), { ...block(s, 'B', b), max_presentations: 3 }, block(s, 'D')],
  };
  const saved = dataOf<ProtocolTemplate>(await as(s.moderator).put(url, changed));
  dataOf(await as(s.moderator).post(`${url}/review`, { action: 'publish' }));
  return { template, url, keys: { a, b, c, d: saved.blocks[2]!.key } };
}

const question = (code: string, text: string, key?: string) => ({
  ...(key ? { key } : {}),
  code,
  text,
  type: 'short_text' as const,
});

/** The roles of a project that may not take `action`, one member each. */
async function rolesWithout(s: TestSchool, action: Action) {
  const roles = ASSIGNABLE_ROLES.filter((role) => !roleMay(role, action));
  return Promise.all(roles.map((role) => buildSignedInMember(t.db, s.workspace, role)));
}

describe('protocol templates as versioned documents', () => {
  it('lists the published versions with who published them', async () => {
    const s = await school();
    const { url } = await templateOfTwoVersions(s);
    const versions = dataOf<DocumentVersion[]>(await as(s.moderator).get(`${url}/versions`));
    expect(versions.map((one) => [one.version, one.published_by?.name])).toEqual([
      [1, 'Oksana Moderator'],
      [2, 'Oksana Moderator'],
    ]);
    expect(Date.parse(versions[0]!.published_at)).not.toBeNaN();
    // What the "in use" notice reads: no plan yet for its moderator; nothing for a teacher.
    expect(dataOf<ProtocolTemplate>(await as(s.moderator).get(url)).plans).toBe(0);
    expect(dataOf<ProtocolTemplate>(await as(s.teacher).get(url)).plans).toBeNull();
  });

  it('tells what changed between two versions, block by block by key', async () => {
    const s = await school();
    const { url, keys } = await templateOfTwoVersions(s);
    const diff = dataOf<VersionsDiff>(
      await as(s.teacher).get(`${url}/versions/diff`, { query: 'from=1&to=2' }),
    );
    expect(diff).toEqual({
      from: 1,
      to: 2,
      fields: ['title'],
      changes: [
        {
          change: 'moved',
          key: keys.c,
          kind: 'block',
          label: 'C',
          parent: null,
          parent_label: null,
          position: 0,
          fields: [],
        },
        {
          change: 'changed',
          key: keys.b,
          kind: 'block',
          label: 'B',
          parent: null,
          parent_label: null,
          position: null,
          fields: ['presentations'],
        },
        {
          change: 'added',
          key: keys.d,
          kind: 'block',
          label: 'D',
          parent: null,
          parent_label: null,
          position: 2,
          fields: [],
        },
        {
          change: 'removed',
          key: keys.a,
          kind: 'block',
          label: 'A',
          parent: null,
          parent_label: null,
          position: null,
          fields: [],
        },
      ],
    });
    const back = dataOf<VersionsDiff>(
      await as(s.moderator).get(`${url}/versions/diff`, { query: 'from=2&to=1' }),
    );
    expect(back.changes.map((change) => [change.change, change.label])).toEqual([
      ['added', 'A'],
      ['moved', 'B'],
      ['removed', 'D'],
    ]);
    const same = dataOf<VersionsDiff>(
      await as(s.moderator).get(`${url}/versions/diff`, { query: 'from=2&to=2' }),
    );
    expect(same).toMatchObject({ fields: [], changes: [] });
  });

  it('compares with the working copy for its moderator, with the latest version for a teacher', async () => {
    const s = await school();
    const { url, template } = await templateOfTwoVersions(s);
    const current = dataOf<ProtocolTemplate>(await as(s.moderator).get(url));
    const blocks = current.blocks.map(({ category_name: _name, folders, ...rest }) => ({
      ...rest,
      folders: folders.map(({ category_name: _folder, ...folder }) => folder),
    }));
    const content = { title: current.title, description: current.description };
    dataOf(await as(s.moderator).put(url, { ...content, description: 'Changed', blocks }));
    const working = dataOf<VersionsDiff>(
      await as(s.moderator).get(`${url}/versions/diff`, { query: 'from=2' }),
    );
    expect(working).toMatchObject({ from: 2, to: null, fields: ['description'], changes: [] });
    const latest = dataOf<VersionsDiff>(await as(s.teacher).get(`${url}/versions/diff`, { query: 'from=2' }));
    expect(latest).toMatchObject({ from: 2, to: 2, fields: [], changes: [] });
    expect(template.id).toBeGreaterThan(0);
  });

  it('404 for a version it does not have, for a draft of another writer and for another project; 422 for a bad number', async () => {
    const s = await school();
    const { url } = await templateOfTwoVersions(s);
    expect((await as(s.moderator).get(`${url}/versions/diff`, { query: 'from=3&to=1' })).statusCode).toBe(
      404,
    );
    expect((await as(s.moderator).get(`${url}/versions/diff`, { query: 'from=1&to=9' })).statusCode).toBe(
      404,
    );
    const draft = dataOf<ProtocolTemplate>(
      await as(s.moderator).post('/api/templates', {
        title: 'Draft',
        description: 'D',
        blocks: [block(s, 'A')],
      }),
      201,
    );
    expect((await as(s.teacher).get(`/api/templates/${draft.id}/versions`)).statusCode).toBe(404);
    expect((await as(s.otherModerator).get(`${url}/versions`)).statusCode).toBe(404);
    expect((await as(s.otherModerator).get(`${url}/versions/diff`, { query: 'from=1' })).statusCode).toBe(
      404,
    );
    for (const query of ['', 'from=0', 'from=abc', 'from=1&to=-1', 'from=1.5']) {
      const response = await as(s.moderator).get(`${url}/versions/diff`, { query });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('401 without a token, 403 for every role that does not read templates', async () => {
    const s = await school();
    const { url } = await templateOfTwoVersions(s);
    expect((await as(s.moderator).get(`${url}/versions`, { token: null })).statusCode).toBe(401);
    expect(
      (await as(s.moderator).get(`${url}/versions/diff`, { token: null, query: 'from=1' })).statusCode,
    ).toBe(401);
    const others = await rolesWithout(s, 'protocolTemplates.read');
    expect(others.length).toBeGreaterThan(0);
    for (const who of others) {
      expect((await as(who).get(`${url}/versions`)).statusCode).toBe(403);
      expect((await as(who).get(`${url}/versions/diff`, { query: 'from=1&to=2' })).statusCode).toBe(403);
    }
  });
});

describe('diagnostic cards as versioned documents', () => {
  /** A card published twice: in v2 a question moved to the other block, one renamed, a computed block added. */
  async function cardOfTwoVersions(s: TestSchool) {
    const input: DiagnosticCardInput = {
      title: 'Screening',
      language: 'en',
      blocks: [
        { title: 'Sounds', questions: [question('q1', 'Say R'), question('q2', 'Say L')] },
        { title: 'Hearing', questions: [question('q3', 'Pairs')] },
      ],
    };
    const card = dataOf<DiagnosticCard>(await as(s.moderator).post('/api/diagnostic-cards', input), 201);
    const url = `/api/diagnostic-cards/${card.id}`;
    dataOf(await as(s.moderator).post(`${url}/publish`));
    const [sounds, hearing] = card.blocks;
    const [q1, q2] = sounds!.questions;
    const q3 = hearing!.questions[0]!;
    const changed: DiagnosticCardInput = {
      ...input,
      blocks: [
        { key: sounds!.key, title: 'Sounds', questions: [question('q1', 'Say R clearly', q1!.key)] },
        {
          key: hearing!.key,
          title: 'Hearing',
          questions: [question('q3', 'Pairs', q3.key), question('q2', 'Say L', q2!.key)],
        },
      ],
      computed: [{ code: 'total', title: 'Total', formula: '1' }],
    };
    const saved = dataOf<DiagnosticCard>(await as(s.moderator).put(url, changed));
    dataOf(await as(s.moderator).post(`${url}/publish`));
    return {
      url,
      keys: {
        sounds: sounds!.key,
        hearing: hearing!.key,
        q1: q1!.key,
        q2: q2!.key,
        total: saved.computed[0]!.key,
      },
    };
  }

  it('lists the versions and tells what changed: questions moved between blocks, changed, computed blocks added', async () => {
    const s = await school();
    const { url, keys } = await cardOfTwoVersions(s);
    const versions = dataOf<DocumentVersion[]>(await as(s.teacher).get(`${url}/versions`));
    expect(versions.map((one) => one.version)).toEqual([1, 2]);
    const diff = dataOf<VersionsDiff>(
      await as(s.moderator).get(`${url}/versions/diff`, { query: 'from=1&to=2' }),
    );
    expect(diff.fields).toEqual([]);
    expect(diff.changes).toEqual([
      {
        change: 'changed',
        key: keys.q1,
        kind: 'question',
        label: 'Say R clearly',
        parent: keys.sounds,
        parent_label: 'Sounds',
        position: null,
        fields: ['text'],
      },
      {
        change: 'moved',
        key: keys.q2,
        kind: 'question',
        label: 'Say L',
        parent: keys.hearing,
        parent_label: 'Hearing',
        position: 1,
        fields: [],
      },
      {
        change: 'added',
        key: keys.total,
        kind: 'computed',
        label: 'Total',
        parent: null,
        parent_label: null,
        position: 0,
        fields: [],
      },
    ]);
  });

  it('refuses publishing an unchanged card and deleting one with diagnoses, each with its own 409', async () => {
    const s = await school();
    const { url } = await cardOfTwoVersions(s);
    const unchanged = await as(s.moderator).post(`${url}/publish`);
    expect(unchanged.statusCode).toBe(409);
    expect((unchanged.json() as { code: string }).code).toBe('diagnostic_card_unchanged');
    const [client] = await t.db
      .insert(clients)
      .values({
        workspaceId: s.workspace.id,
        teacherId: s.teacher.user.id,
        clientName: 'Iryna',
        childName: 'Taras',
      })
      .returning();
    const cardId = Number(url.split('/').pop());
    await buildDiagnosis(t.db, {
      workspaceId: s.workspace.id,
      cardId,
      clientId: client!.id,
      filledBy: s.teacher.user.id,
    });
    expect(dataOf<DiagnosticCard>(await as(s.moderator).get(url)).diagnoses).toBe(1);
    const refused = await as(s.moderator).delete(url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'diagnostic_card_in_use' });
    expect((refused.json() as { message: string }).message).toBe(
      'The card cannot be deleted: 1 diagnosis was made from it.',
    );
    expect((await as(s.moderator).get(url)).statusCode).toBe(200);
  });

  it('401, 403 for every role that does not read cards, 404 for another project, 422 for a bad number', async () => {
    const s = await school();
    const { url } = await cardOfTwoVersions(s);
    expect((await as(s.moderator).get(`${url}/versions`, { token: null })).statusCode).toBe(401);
    expect(
      (await as(s.moderator).get(`${url}/versions/diff`, { token: null, query: 'from=1' })).statusCode,
    ).toBe(401);
    for (const who of await rolesWithout(s, 'diagnosticCards.read')) {
      expect((await as(who).get(`${url}/versions`)).statusCode).toBe(403);
      expect((await as(who).get(`${url}/versions/diff`, { query: 'from=1' })).statusCode).toBe(403);
    }
    expect((await as(s.otherModerator).get(`${url}/versions`)).statusCode).toBe(404);
    expect((await as(s.otherModerator).get(`${url}/versions/diff`, { query: 'from=1' })).statusCode).toBe(
      404,
    );
    expect((await as(s.moderator).get(`${url}/versions/diff`, { query: 'from=5' })).statusCode).toBe(404);
    expect((await as(s.moderator).get(`${url}/versions/diff`, { query: 'to=1' })).statusCode).toBe(422);
  });
});
