import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { detectFileType, STORED_TYPES } from './file-type.ts';

/** The image type of some bytes, or null when they are no image we accept (see `detectFileType`). */
export async function imageType(content: Buffer): Promise<{ type: string; ext: string } | null> {
  const detected = await detectFileType(content);
  return detected?.kind === 'image' ? { type: detected.mime, ext: detected.ext } : null;
}

/** Stored file names: random, so that a public link cannot be guessed, with a known extension. */
const NAME = /^[a-f0-9]{32}\.([a-z0-9]{1,5})$/;

const isStoredName = (name: string) => STORED_TYPES.has(NAME.exec(name)?.[1] ?? '');

/**
 * Files on the local disk under `DATA_DIR/files/<folder>` (DESIGN §7: a shared directory, or an
 * S3-compatible store behind the same functions, when the app runs on several machines).
 */
export class FileStore {
  constructor(private readonly root: string) {}

  /** Saves bytes under a new random name; returns the name. */
  async save(folder: string, content: Buffer, ext: string): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, name), content, { flag: 'wx' });
    return name;
  }

  /** The bytes and content type of a stored file, or null for a name that is not one. */
  async read(folder: string, name: string): Promise<{ content: Buffer; type: string } | null> {
    if (!isStoredName(name)) return null;
    try {
      const content = await fs.readFile(path.join(this.root, folder, name));
      return { content, type: STORED_TYPES.get(name.split('.').pop() ?? '') ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  /**
   * A stored file opened for reading, to stream it rather than hold it in memory; null for a name
   * that is not one or a file that is gone.
   */
  async open(folder: string, name: string): Promise<ReadStream | null> {
    if (!isStoredName(name)) return null;
    const file = path.join(this.root, folder, name);
    try {
      await fs.access(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  /** The stored files of a folder with when each was last written; none for a folder not made yet. */
  async list(folder: string): Promise<{ name: string; modifiedAt: Date }[]> {
    const dir = path.join(this.root, folder);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return [];
    }
    const listed: { name: string; modifiedAt: Date }[] = [];
    for (const name of names.filter(isStoredName)) {
      try {
        listed.push({ name, modifiedAt: (await fs.stat(path.join(dir, name))).mtime });
      } catch {
        // Removed meanwhile.
      }
    }
    return listed;
  }

  /** Removes a file; a missing one is fine. */
  async remove(folder: string, name: string): Promise<void> {
    if (!isStoredName(name)) return;
    await fs.rm(path.join(this.root, folder, name), { force: true });
  }
}

/** The app's file store: `DATA_DIR/files` (one place, for the app and the seed scripts alike). */
export function fileStoreIn(dataDir: string): FileStore {
  return new FileStore(path.join(dataDir, 'files'));
}
