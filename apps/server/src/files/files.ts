import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Image types recognised by their first bytes (the client's word for the type is not trusted). */
const SIGNATURES: { type: string; ext: string; test: (head: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    test: (h) => h.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (h) => h.subarray(0, 6).toString('latin1').startsWith('GIF8') },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (h) =>
      h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type of some bytes, or null when they are no image we accept. */
export function imageType(content: Buffer): { type: string; ext: string } | null {
  const match = SIGNATURES.find((signature) => signature.test(content));
  return match ? { type: match.type, ext: match.ext } : null;
}

const CONTENT_TYPES = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.type]));

/** Stored file names: random, so that a public link cannot be guessed. */
const NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/**
 * Files on the local disk under `DATA_DIR/files/<folder>` (DESIGN §7: a shared directory, or an
 * S3-compatible store behind the same three functions, when the app runs on several machines).
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
    if (!NAME.test(name)) return null;
    try {
      const content = await fs.readFile(path.join(this.root, folder, name));
      return { content, type: CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  /** Removes a file; a missing one is fine. */
  async remove(folder: string, name: string): Promise<void> {
    if (!NAME.test(name)) return;
    await fs.rm(path.join(this.root, folder, name), { force: true });
  }
}
