import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer, buildExercise, buildMember, buildWorkspace, tokenFor } from '../test/factories.ts';

const t = useTestApp();

/**
 * A 16 MB multipart upload that counts what the server pulls from it: a refused caller's form must
 * stay unread (decision 008).
 */
function countedUpload(megabytes = 16) {
  const boundary = '----LogoschoolOrder';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pptx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.presentationml.presentation\r\n\r\n',
  );
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const chunks = (megabytes * 1024 * 1024) / chunk.length;
  let sent = 0;
  let pulled = 0;
  const stream = new Readable({
    read() {
      if (sent === 0) {
        pulled += head.length;
        this.push(head);
      }
      if (sent >= chunks) {
        this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
        this.push(null);
        return;
      }
      sent += 1;
      pulled += chunk.length;
      this.push(chunk);
    },
  });
  return {
    stream,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    pulled: () => pulled,
    total: chunks * chunk.length,
  };
}

describe('authorize before reading (issue 10)', () => {
  it('refuses a deck upload from a role that may read but not edit the exercise before reading its form', async () => {
    const workspace = await buildWorkspace(t.db);
    const author = await buildMember(t.db, workspace, ['author']);
    const teacher = await buildMember(t.db, workspace, ['teacher']);
    const exercise = await buildExercise(t.db, workspace.id, author.id);
    const upload = countedUpload();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/exercises/${exercise.id}/files?workspace_id=${workspace.id}&role_id=5`,
      headers: { ...upload.headers, ...bearer(await tokenFor(t.db, teacher)) },
      payload: upload.stream,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    // The stream's internal buffer may run ahead a little; the form was never read through.
    expect(upload.pulled()).toBeLessThan(upload.total / 10);
  });

  it('answers 404 before reading a form for another project’s exercise', async () => {
    const [mine, theirs] = [await buildWorkspace(t.db), await buildWorkspace(t.db)];
    const moderator = await buildMember(t.db, mine, ['moderator']);
    const stranger = await buildMember(t.db, theirs, ['author']);
    const exercise = await buildExercise(t.db, theirs.id, stranger.id);
    const upload = countedUpload();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/exercises/${exercise.id}/files?workspace_id=${mine.id}&role_id=3`,
      headers: { ...upload.headers, ...bearer(await tokenFor(t.db, moderator)) },
      payload: upload.stream,
    });
    expect(response.statusCode).toBe(404);
    expect(upload.pulled()).toBeLessThan(upload.total / 10);
  });

  it('gives a caller without a role in the project no field errors about its input', async () => {
    const [mine, theirs] = [await buildWorkspace(t.db), await buildWorkspace(t.db)];
    const moderator = await buildMember(t.db, mine, ['moderator']);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/themes?workspace_id=${theirs.id}&role_id=3`,
      headers: bearer(await tokenFor(t.db, moderator)),
      payload: { name: '', genders: 'nope', age_from: -1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).not.toHaveProperty('errors');
  });
});
