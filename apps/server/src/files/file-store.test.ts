import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../config.ts';
import { startS3Server, type TestS3Server } from '../test/s3.ts';
import { DirectoryFileStore, FileStoreError, openFileStore, type FileStore } from './files.ts';
import { S3FileStore } from './s3-file-store.ts';

/** A stored file with the bytes of a 1×1 PNG (the store does not look at them; the app does). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A name of the stored form that was never saved. */
const NEVER_SAVED = `${'0'.repeat(32)}.png`;
/** Names that are not stored names, each planted as a real file or object beside the stored ones. */
const NOT_STORED = [
  'notes.txt',
  `${'a'.repeat(32)}.exe`,
  `${'a'.repeat(32)}.PNG`,
  `${'a'.repeat(31)}.png`,
  `${'a'.repeat(32)}.png.bak`,
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<{ bytes: Buffer; chunks: number; first: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length, first: chunks[0]?.length ?? 0 };
}

interface Subject {
  store: FileStore;
  /** Puts bytes under any name, past the store (a file left by something else). */
  plant(folder: string, name: string, content: Buffer): Promise<void>;
  close(): Promise<void>;
}

async function directorySubject(): Promise<Subject> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-store-'));
  return {
    store: new DirectoryFileStore(root),
    async plant(folder, name, content) {
      fs.mkdirSync(path.join(root, folder), { recursive: true });
      fs.writeFileSync(path.join(root, folder, name), content);
    },
    async close() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

let s3: TestS3Server;

const rawClient = (config: S3Config) =>
  new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });

async function s3Subject(): Promise<Subject> {
  const client = rawClient(s3.config);
  // Through the factory, as the app gets it.
  const store = await openFileStore({ dataDir: '/nonexistent', s3: s3.config });
  return {
    store,
    async plant(folder, name, content) {
      await client.send(
        new PutObjectCommand({ Bucket: s3.config.bucket, Key: `${folder}/${name}`, Body: content }),
      );
    },
    async close() {
      store.close();
      client.destroy();
    },
  };
}

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
});

describe.each([
  ['directory', directorySubject],
  ['S3-compatible', s3Subject],
] as const)('the %s file store', (_kind, makeSubject) => {
  let subject: Subject;
  let store: FileStore;
  // Each test its own folder: the S3 bucket is shared by the whole file.
  let folderCount = 0;
  const newFolder = () => `folder-${_kind.slice(0, 3)}-${(folderCount += 1)}`;

  beforeAll(async () => {
    subject = await makeSubject();
    store = subject.store;
  });

  afterAll(async () => {
    await subject?.close();
  });

  it('is the store the factory chose', () => {
    expect(store).toBeInstanceOf(_kind === 'directory' ? DirectoryFileStore : S3FileStore);
    expect(store.location).toMatch(
      _kind === 'directory' ? /^directory \// : /^s3 http:\/\/127\.0\.0\.1:\d+ bucket /,
    );
  });

  it('passes its start check', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('saves under a new random name and reads back the bytes with the type of the extension', async () => {
    const folder = newFolder();
    const first = await store.save(folder, PNG, 'png');
    const second = await store.save(folder, PNG, 'png');
    expect(first).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(second).not.toBe(first);
    expect(await store.read(folder, first)).toEqual({ content: PNG, type: 'image/png' });
    const pdf = await store.save(folder, Buffer.from('%PDF-1.7\n'), 'pdf');
    expect(await store.read(folder, pdf)).toEqual({
      content: Buffer.from('%PDF-1.7\n'),
      type: 'application/pdf',
    });
  });

  it('opens a stored file as a stream of its bytes', async () => {
    const folder = newFolder();
    const name = await store.save(folder, PNG, 'png');
    const stream = await store.open(folder, name);
    expect(stream).toBeInstanceOf(Readable);
    expect((await readAll(stream!)).bytes).toEqual(PNG);
  });

  it('keeps folders apart', async () => {
    const [one, other] = [newFolder(), newFolder()];
    const name = await store.save(one, PNG, 'png');
    expect(await store.read(other, name)).toBeNull();
    expect(await store.open(other, name)).toBeNull();
    expect(await store.list(other)).toEqual([]);
    await store.remove(other, name);
    expect(await store.read(one, name)).not.toBeNull();
  });

  it('lists a folder’s stored files with when each was written, and nothing else in it', async () => {
    const folder = newFolder();
    expect(await store.list(folder)).toEqual([]);
    const before = Date.now();
    const names = [await store.save(folder, PNG, 'png'), await store.save(folder, PNG, 'gif')];
    const after = Date.now();
    for (const name of NOT_STORED) await subject.plant(folder, name, PNG);
    await subject.plant(`${folder}/deeper`, `${'c'.repeat(32)}.png`, PNG);
    const listed = await store.list(folder);
    expect(listed.map((file) => file.name).sort()).toEqual([...names].sort());
    for (const { modifiedAt } of listed) {
      expect(modifiedAt).toBeInstanceOf(Date);
      // S3 keeps whole seconds.
      expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(modifiedAt.getTime()).toBeLessThanOrEqual(after + 1000);
    }
  });

  it('gives null for a stored name that is not there, and removes it without complaint', async () => {
    const folder = newFolder();
    await store.save(folder, PNG, 'png');
    expect(await store.read(folder, NEVER_SAVED)).toBeNull();
    expect(await store.open(folder, NEVER_SAVED)).toBeNull();
    expect(await store.read('never-made', NEVER_SAVED)).toBeNull();
    await expect(store.remove(folder, NEVER_SAVED)).resolves.toBeUndefined();
    await expect(store.remove('never-made', NEVER_SAVED)).resolves.toBeUndefined();
  });

  it('removes a file once, and again without complaint', async () => {
    const folder = newFolder();
    const [kept, removed] = [await store.save(folder, PNG, 'png'), await store.save(folder, PNG, 'png')];
    await store.remove(folder, removed);
    expect(await store.read(folder, removed)).toBeNull();
    expect(await store.open(folder, removed)).toBeNull();
    await expect(store.remove(folder, removed)).resolves.toBeUndefined();
    expect((await store.list(folder)).map((file) => file.name)).toEqual([kept]);
  });

  it('treats a name that is not a stored name as nothing, whatever is there under it', async () => {
    const folder = newFolder();
    for (const name of NOT_STORED) {
      await subject.plant(folder, name, PNG);
      expect(await store.read(folder, name)).toBeNull();
      expect(await store.open(folder, name)).toBeNull();
      await store.remove(folder, name);
    }
    for (const name of ['', '..', `../${NEVER_SAVED}`, `x/${NEVER_SAVED}`, `${NEVER_SAVED}/`]) {
      expect(await store.read(folder, name)).toBeNull();
      expect(await store.open(folder, name)).toBeNull();
      await expect(store.remove(folder, name)).resolves.toBeUndefined();
    }
    // The planted files are still there: remove left them alone.
    const planted = NOT_STORED[0]!;
    await subject.plant(folder, NEVER_SAVED, PNG);
    expect(await store.read(folder, NEVER_SAVED)).not.toBeNull();
    expect(await store.read(folder, planted)).toBeNull();
  });

  it('streams a large file in pieces, the same bytes as saved', async () => {
    const folder = newFolder();
    const large = randomBytes(16 * 1024 * 1024);
    const name = await store.save(folder, large, 'pptx');
    const stream = await store.open(folder, name);
    const { bytes, chunks, first } = await readAll(stream!);
    expect(bytes.length).toBe(large.length);
    expect(sha256(bytes)).toBe(sha256(large));
    // Read as it arrives, not held whole before the first piece.
    expect(chunks).toBeGreaterThan(1);
    expect(first).toBeLessThan(large.length);
    expect(sha256((await store.read(folder, name))!.content)).toBe(sha256(large));
  });
});

describe('the S3-compatible file store refused', () => {
  it('surfaces a wrong secret as an error naming the store and its answer, never as a missing file', async () => {
    const good = new S3FileStore(s3.config);
    const name = await good.save('refused', PNG, 'png');
    const secret = 'not-the-secret-at-all';
    const wrong = new S3FileStore({ ...s3.config, secretAccessKey: secret });
    try {
      const attempts: [string, () => Promise<unknown>][] = [
        ['save', () => wrong.save('refused', PNG, 'png')],
        ['read', () => wrong.read('refused', name)],
        ['read', () => wrong.open('refused', name)],
        ['list', () => wrong.list('refused')],
        ['remove', () => wrong.remove('refused', name)],
      ];
      for (const [what, attempt] of attempts) {
        const error = await attempt().then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(FileStoreError);
        expect((error as Error).message).toBe(
          `s3 ${s3.config.endpoint} bucket ${s3.config.bucket}: ${what} refused: SignatureDoesNotMatch (403)`,
        );
        expect((error as Error).message).not.toContain(secret);
      }
      await expect(wrong.check()).rejects.toThrow(
        `s3 ${s3.config.endpoint} bucket ${s3.config.bucket}: check refused: SignatureDoesNotMatch (403)`,
      );
      // Nothing was removed or added by the refused calls.
      expect((await good.list('refused')).map((file) => file.name)).toEqual([name]);
    } finally {
      good.close();
      wrong.close();
    }
  });

  it('surfaces an unknown key and a bucket that is not there at the start check', async () => {
    const stores = [
      new S3FileStore({ ...s3.config, accessKeyId: 'NOBODY' }),
      new S3FileStore({ ...s3.config, bucket: 'no-such-bucket' }),
    ];
    try {
      await expect(stores[0]!.check()).rejects.toThrow(/check refused: InvalidAccessKeyId \(403\)$/);
      await expect(stores[1]!.check()).rejects.toThrow(/check refused: NoSuchBucket \(404\)$/);
      await expect(stores[1]!.save('x', PNG, 'png')).rejects.toThrow(/save refused: NoSuchBucket \(404\)/);
      await expect(stores[1]!.read('x', NEVER_SAVED)).rejects.toThrow(/read refused: NoSuchBucket \(404\)/);
    } finally {
      for (const store of stores) store.close();
    }
  });

  it('surfaces a store that does not answer', async () => {
    // A loopback port nothing listens on: connection refused.
    const store = new S3FileStore({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    try {
      await expect(store.read('x', NEVER_SAVED)).rejects.toThrow(/read failed: .*ECONNREFUSED/);
    } finally {
      store.close();
    }
  });
});
