import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { detectFileType, STORED_TYPES } from './file-type.ts';

/** The image type of some bytes, or null when they are no image we accept (see `detectFileType`). */
export async function imageType(content: Buffer): Promise<{ type: string; ext: string } | null> {
  const detected = await detectFileType(content);
  return detected?.kind === 'image' ? { type: detected.mime, ext: detected.ext } : null;
}

/** Stored file names: random, so that a public link cannot be guessed, with a known extension. */
const NAME = /^[a-f0-9]{32}\.([a-z0-9]{1,5})$/;

/** Whether a name is one the store gives (anything else names no stored file, whatever is there). */
export const isStoredName = (name: string) => STORED_TYPES.has(NAME.exec(name)?.[1] ?? '');

/** A new random stored name with the given extension. */
export const newStoredName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/** The content type of a stored name, by its extension. */
export const storedType = (name: string) =>
  STORED_TYPES.get(name.split('.').pop() ?? '') ?? 'application/octet-stream';

/** A stored file as `list` gives it. */
export interface StoredFile {
  name: string;
  /** When it was last written (the cleanup of unused files leaves young ones alone). */
  modifiedAt: Date;
}

/**
 * Where the app keeps uploaded and generated files, in folders (`avatars`, `exercise-files`…):
 * a directory (`DirectoryFileStore`) or an S3-compatible bucket (`S3FileStore`), chosen by
 * `openFileStore` from the configuration (DESIGN §7, decision 047). Both behave alike: names are
 * random, a name that is not a stored one names nothing, a missing file is null, and a failure
 * of the store itself (a wrong secret, a store that cannot be reached) throws.
 */
export interface FileStore {
  /** Which store this is, for the start's log: `directory /srv/data/files`, `s3 https://… bucket x`. */
  readonly location: string;
  /** Saves bytes under a new random name; returns the name. */
  save(folder: string, content: Buffer, ext: string): Promise<string>;
  /** The bytes and content type of a stored file, or null for a name that is not one. */
  read(folder: string, name: string): Promise<{ content: Buffer; type: string } | null>;
  /**
   * A stored file opened for reading, to stream it rather than hold it in memory; null for a name
   * that is not one or a file that is gone.
   */
  open(folder: string, name: string): Promise<Readable | null>;
  /** The stored files of a folder with when each was last written; none for a folder not made yet. */
  list(folder: string): Promise<StoredFile[]>;
  /** Removes a file; a missing one is fine. */
  remove(folder: string, name: string): Promise<void>;
  /** Throws (a `FileStoreError`) unless the store can be written and read: checked at the start. */
  check(): Promise<void>;
  /** Lets go of connections; the store is not used after. */
  close(): void;
}

/** The store failed (not a missing file): the message names the store and its answer, never a secret. */
export class FileStoreError extends Error {
  override name = 'FileStoreError';
}

/** Files on the local disk under `<root>/<folder>`: one machine, or a directory every instance mounts. */
export class DirectoryFileStore implements FileStore {
  readonly location: string;

  constructor(private readonly root: string) {
    this.location = `directory ${root}`;
  }

  async save(folder: string, content: Buffer, ext: string): Promise<string> {
    const name = newStoredName(ext);
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, name), content, { flag: 'wx' });
    return name;
  }

  async read(folder: string, name: string): Promise<{ content: Buffer; type: string } | null> {
    if (!isStoredName(name)) return null;
    try {
      const content = await fs.readFile(path.join(this.root, folder, name));
      return { content, type: storedType(name) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(folder: string, name: string): Promise<Readable | null> {
    if (!isStoredName(name)) return null;
    const file = path.join(this.root, folder, name);
    try {
      await fs.access(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return createReadStream(file);
  }

  async list(folder: string): Promise<StoredFile[]> {
    const dir = path.join(this.root, folder);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const listed: StoredFile[] = [];
    for (const name of names.filter(isStoredName)) {
      try {
        listed.push({ name, modifiedAt: (await fs.stat(path.join(dir, name))).mtime });
      } catch (error) {
        // Removed meanwhile.
        if (!isMissing(error)) throw error;
      }
    }
    return listed;
  }

  async remove(folder: string, name: string): Promise<void> {
    if (!isStoredName(name)) return;
    await fs.rm(path.join(this.root, folder, name), { force: true });
  }

  async check(): Promise<void> {
    try {
      await fs.mkdir(this.root, { recursive: true });
      await fs.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
      throw new FileStoreError(`The file store (${this.location}) cannot be written: ${String(error)}`);
    }
  }

  close(): void {}
}

/** A file or directory that is not there (as opposed to one the process may not read). */
const isMissing = (error: unknown) =>
  error instanceof Error && ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The directory store at `DATA_DIR/files` (the bench and the store's own tests build it by hand). */
export function fileStoreIn(dataDir: string): FileStore {
  return new DirectoryFileStore(path.join(dataDir, 'files'));
}

/**
 * The app's file store from its configuration, the one way every part of the app (routes, jobs,
 * the seed scripts) gets one: the S3-compatible bucket when `S3_*` is configured, `DATA_DIR/files`
 * otherwise. The S3 client is loaded only when it is used.
 */
export async function openFileStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return fileStoreIn(config.dataDir);
  const { S3FileStore } = await import('./s3-file-store.ts');
  return new S3FileStore(config.s3);
}
