import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { users } from '../db/schema/index.ts';
import { apiWithToken } from '../test/api.ts';
import { testConfig } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { buildUser, tokenFor } from '../test/factories.ts';
import { filePart } from '../test/multipart.ts';
import { startS3Server, type TestS3Server } from '../test/s3.ts';
import { DirectoryFileStore } from './files.ts';
import { S3FileStore } from './s3-file-store.ts';

/** A 1×1 PNG and a 1×1 GIF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Two app instances on one database, each with a DATA_DIR of its own (as on two machines): with the
 * S3-compatible store a file uploaded through one is served by the other (issue 32 item 4).
 */
describe('files across two app instances', () => {
  let testDb: TestDatabase;
  let s3: TestS3Server;
  const apps: App[] = [];

  /** A new app instance on the test database, with `env` added to the test configuration. */
  async function instance(env: Record<string, string> = {}): Promise<App> {
    const app = await buildApp({ config: testConfig(env), database: testDb.database });
    apps.push(app);
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    [testDb, s3] = await Promise.all([createTestDatabase(), startS3Server()]);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) {
      await app.close();
      fs.rmSync(app.config.dataDir, { recursive: true, force: true });
    }
    await testDb?.drop();
    await s3?.close();
  });

  /** Uploads an avatar through `app` for a new user; the avatar's path and the user's token. */
  async function uploadAvatar(app: App, image = PNG, filename = 'me.png', type = 'image/png') {
    const user = await buildUser(testDb.database.db);
    const token = await tokenFor(testDb.database.db, user);
    const response = await apiWithToken(app, token).upload('/api/users/profile', [
      filePart(image, filename, type),
    ]);
    expect(response.statusCode).toBe(200);
    return { avatar: response.json().data.avatar as string, token };
  }

  it('serves on B an avatar uploaded through A, and forgets on B the one replaced on A', async () => {
    const [a, b] = [await instance(s3.env), await instance(s3.env)];
    expect(a.files).toBeInstanceOf(S3FileStore);
    expect(a.config.dataDir).not.toBe(b.config.dataDir);

    const { avatar, token } = await uploadAvatar(a);
    const served = await apiWithToken(b, null).get(avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(PNG);
    // Nothing of it on either instance's disk: it is in the bucket.
    for (const app of [a, b]) expect(fs.readdirSync(app.config.dataDir)).toEqual([]);
    expect((await b.files.list('avatars')).map((file) => file.name)).toContain(avatar.split('/').pop());

    // A new avatar through A removes the old one from the bucket: B answers 404 for it.
    const replaced = await apiWithToken(a, token).upload('/api/users/profile', [
      filePart(GIF, 'new.gif', 'image/gif'),
    ]);
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().data.avatar as string;
    expect((await apiWithToken(b, null).get(avatar)).statusCode).toBe(404);
    const again = await apiWithToken(b, null).get(second);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload).toEqual(GIF);
  });

  it('does not with the directory store in separate DATA_DIRs (what the S3 store is for)', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(a.files).toBeInstanceOf(DirectoryFileStore);
    const { avatar } = await uploadAvatar(a);
    expect((await apiWithToken(a, null).get(avatar)).statusCode).toBe(200);
    expect((await apiWithToken(b, null).get(avatar)).statusCode).toBe(404);
  });

  it('answers a clear error, with no secret in it, when the store refuses the key pair', async () => {
    const secret = 'a-wrong-secret-for-this-store';
    const wrong = await instance({ ...s3.env, S3_SECRET_ACCESS_KEY: secret });
    const user = await buildUser(testDb.database.db);
    const token = await tokenFor(testDb.database.db, user);
    const response = await apiWithToken(wrong, token).upload('/api/users/profile', [
      filePart(PNG, 'me.png', 'image/png'),
    ]);
    // A server fault, the operator's to fix (the start's check stops such an instance before it
    // serves): the generic error code, never the store's answer or the secret.
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal_error' });
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('SignatureDoesNotMatch');
    const [row] = await testDb.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.avatar).toBeNull();
    await expect(wrong.files.check()).rejects.toThrow(/check refused/);
  });
});
