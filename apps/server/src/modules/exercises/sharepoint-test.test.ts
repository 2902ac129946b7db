import { describe, expect, it } from 'vitest';
import { encodePng } from '../../db/demo/encode.ts';
import { findProgram } from '../../files/render-slides.ts';
import { PPTX_MIME } from '../../files/pptx-deck.ts';
import { useTestApp } from '../../test/app.ts';
import { bearer, buildMember, buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';
import { filePart, multipartForm, type FormPart } from '../../test/multipart.ts';
import { pptxDeck } from '../../test/pptx.ts';

/** `/sharepoint-test` (issue 33 item 6): a deck rendered here while the caller waits, kept nowhere. */

const toolsInstalled = (await findProgram('soffice')) !== null && (await findProgram('pdftoppm')) !== null;

const t = useTestApp();

/** A member of a new project in this role, signed in: their token. */
async function tokenOf(role: 'author' | 'manager' | 'teacher') {
  return tokenFor(t.db, await buildMember(t.db, await buildWorkspace(t.db), [role]));
}

function check(token: string | null, parts: FormPart[], app = t.app) {
  const form = multipartForm(parts);
  return app.inject({
    method: 'POST',
    url: '/api/sharepoint-test',
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': 'en', ...(token ? bearer(token) : {}) },
  });
}

const deck = (slides: string[][]) => filePart(pptxDeck(slides), 'Lesson deck.pptx', PPTX_MIME);

describe('POST /api/sharepoint-test', () => {
  it.skipIf(!toolsInstalled)(
    'renders the deck’s slides as PNG images with the time it took; a third check while two render is told to wait',
    async () => {
      const token = await tokenOf('author');
      const answers = await Promise.all(
        [1, 2, 3].map(() => check(token, [deck([['The mouse'], ['The cat'], ['The dog']])])),
      );
      const busy = answers.filter((answer) => answer.statusCode === 429);
      expect(busy).toHaveLength(1);
      expect(busy[0]!.json().code).toBe('rate_limited');
      expect(busy[0]!.headers['retry-after']).toBeDefined();
      for (const answer of answers.filter((one) => one.statusCode !== 429)) {
        expect(answer.statusCode, answer.body).toBe(200);
        const { data } = answer.json();
        expect(data).toMatchObject({
          outcome: 'rendered',
          file_name: 'Lesson deck.pptx',
          slide_count: 3,
          reason: null,
        });
        expect(data.slides).toHaveLength(3);
        for (const slide of data.slides) {
          expect(slide).toMatch(/^data:image\/png;base64,/);
          const png = Buffer.from(slide.slice('data:image/png;base64,'.length), 'base64');
          expect(png.subarray(1, 4).toString()).toBe('PNG');
        }
        expect(data.render_ms).toBeGreaterThan(0);
      }
    },
    120_000,
  );

  it('says a deck without slides has nothing to show, without running the tools', async () => {
    const response = await check(await tokenOf('teacher'), [deck([])]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      outcome: 'failed',
      file_name: 'Lesson deck.pptx',
      slide_count: 0,
      slides: [],
      render_ms: 0,
      reason: 'The presentation has no slides: there is nothing to show.',
    });
  });

  it('refuses what is no .pptx as an exercise’s upload does: 415 for an image, 422 without a file', async () => {
    const token = await tokenOf('author');
    const image = await check(token, [
      filePart(encodePng(1, 1, new Uint8Array([0, 0, 0, 255])), 'deck.pptx', PPTX_MIME),
    ]);
    expect(image.statusCode).toBe(415);
    expect(image.json().errors.file[0]).toContain('.pptx');

    const none = await check(token, [{ name: 'note', value: 'no file' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json().code).toBe('validation_failed');
  });

  it('is for the roles that make, moderate or show decks: 401 without a session, 403 for a manager', async () => {
    expect((await check(null, [deck([['One']])])).statusCode).toBe(401);
    const manager = await check(await tokenOf('manager'), [deck([['One']])]);
    expect(manager.statusCode).toBe(403);
    expect(manager.json().code).toBe('forbidden');
  });
});

describe('POST /api/sharepoint-test without LibreOffice', () => {
  const missing = useTestApp({ SOFFICE_PATH: '/nonexistent/soffice' });

  it('says that presentations cannot be rendered here, and why', async () => {
    const root = await buildUser(missing.db, { isRoot: true });
    const response = await check(await tokenFor(missing.db, root), [deck([['One'], ['Two']])], missing.app);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      outcome: 'tools_missing',
      slide_count: 2,
      slides: [],
      render_ms: 0,
      reason: expect.stringContaining('LibreOffice'),
    });
  });
});
