import { createInflateRaw } from 'node:zlib';

/**
 * A small reader of zip archives held in memory, made for untrusted uploads: it reads the central
 * directory itself and inflates entries with a running count of the bytes they unpack to, so that a
 * "zip bomb" is stopped as soon as it crosses a cap rather than after it has filled the memory.
 * Zip64, encryption and compression methods other than stored and deflate are refused: Office
 * writes none of them for a deck of the sizes we take.
 */

/** Why an archive is refused. */
export type ZipProblem =
  /** Not a zip, or one whose directory does not hold together. */
  | 'damaged'
  /** Encrypted entries, zip64 or an unusual compression method. */
  | 'unsupported'
  /** More entries than the cap. */
  | 'too_many_entries'
  /** Unpacks to more than the cap. */
  | 'too_large';

export class ZipError extends Error {
  override name = 'ZipError';
  constructor(readonly problem: ZipProblem) {
    super(`zip: ${problem}`);
  }
}

export interface ZipLimits {
  /** Most entries an archive may have. */
  maxEntries: number;
  /** Most bytes all entries together may unpack to. */
  maxInflatedBytes: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATE = 8;

/** The end-of-central-directory record: 22 bytes plus a comment of up to 64 KB, at the very end. */
function findEndOfDirectory(zip: Buffer): number {
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let offset = zip.length - 22; offset >= earliest; offset -= 1) {
    if (zip.readUInt32LE(offset) === EOCD_SIGNATURE) return offset;
  }
  throw new ZipError('damaged');
}

/** The entries of an archive as its central directory lists them; throws ZipError. */
export function listEntries(zip: Buffer, limits: ZipLimits): ZipEntry[] {
  if (zip.length < 22) throw new ZipError('damaged');
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipError('unsupported');
  if (count > limits.maxEntries) throw new ZipError('too_many_entries');
  if (directoryOffset + directorySize > end) throw new ZipError('damaged');
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > end || zip.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw new ZipError('damaged');
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const entry: ZipEntry = {
      flags: zip.readUInt16LE(offset + 8),
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      declaredSize: zip.readUInt32LE(offset + 24),
      localHeaderOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) {
      throw new ZipError('unsupported');
    }
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
export function compressedData(zip: Buffer, entry: ZipEntry): Buffer {
  const local = entry.localHeaderOffset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_SIGNATURE) throw new ZipError('damaged');
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const stop = start + entry.compressedSize;
  if (stop > zip.length) throw new ZipError('damaged');
  return zip.subarray(start, stop);
}

/** A running count of unpacked bytes shared by every entry of one archive. */
export class InflateBudget {
  private used = 0;
  constructor(private readonly max: number) {}

  /** Counts bytes; throws `too_large` the moment the total crosses the cap. */
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max) throw new ZipError('too_large');
  }
}

/** How much of a stored entry is handed on at once, so that no piece costs more than a moment. */
const STORED_PIECE = 64 * 1024;

/**
 * Unpacks one entry chunk by chunk into `sink`, counting every chunk against the budget as it comes
 * out of the inflater, so that memory stays at one chunk whatever the entry unpacks to. The event
 * loop runs between chunks (node:zlib inflates on the thread pool; a stored entry is handed on in
 * pieces with a turn of the loop between them). An error thrown by the budget or by `sink` stops the
 * inflater at once and rejects as it is; a broken deflate stream rejects `damaged`.
 */
export async function streamEntry(
  zip: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  sink: (chunk: Buffer) => void,
): Promise<void> {
  if ((entry.flags & 0x1) !== 0) throw new ZipError('unsupported');
  const data = compressedData(zip, entry);
  if (entry.method === STORED) {
    for (let offset = 0; offset < data.length; offset += STORED_PIECE) {
      if (offset > 0) await new Promise((resolve) => setImmediate(resolve));
      const piece = data.subarray(offset, offset + STORED_PIECE);
      budget.take(piece.length);
      sink(piece);
    }
    return;
  }
  if (entry.method !== DEFLATE) throw new ZipError('unsupported');
  await new Promise<void>((resolve, reject) => {
    const inflater = createInflateRaw();
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      reject(error);
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      try {
        budget.take(chunk.length);
        sink(chunk);
      } catch (error) {
        fail(error);
      }
    });
    inflater.on('error', () => fail(new ZipError('damaged')));
    inflater.on('end', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    inflater.end(data);
  });
}

/**
 * Unpacks one entry as `streamEntry` does. Its bytes are kept only when `keep` is set; otherwise
 * the entry is only checked against the budget.
 */
export async function inflateEntry(
  zip: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  keep: boolean,
): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  await streamEntry(zip, entry, budget, keep ? (chunk) => chunks.push(chunk) : () => {});
  return keep ? Buffer.concat(chunks) : null;
}
