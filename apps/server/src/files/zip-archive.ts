import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';

/**
 * Zip archives written by fflate (decision 009): the themed copies of exercises' decks, the demo
 * decks and the tests' fixtures. Reading an uploaded archive stays with our capped reader (`zip.ts`).
 */

/** A file to put in an archive, deflated unless `stored`. */
export interface ZipFile {
  name: string;
  content: Buffer;
  stored?: boolean;
}

/**
 * A file already packed: its stored or raw-deflate bytes, with the size and CRC-32 of what they
 * unpack to. It goes into the archive as it is, not compressed again (an entry copied from another
 * archive, or a test's "zip bomb" deflated piece by piece).
 */
export interface PackedFile {
  name: string;
  method: 0 | 8;
  data: Buffer;
  size: number;
  crc: number;
}

/**
 * Every entry's time: 1980-01-01, the first a zip can hold, as Office writes it. The same files then
 * make the same bytes (a test compares a stored deck with one built again), where fflate would
 * take the clock's time.
 */
const MTIME = new Date(1980, 0, 1);

/**
 * A zip archive of the files, in their order, with UTF-8 names. Written at once: fflate's streaming
 * `Zip` calls back synchronously for stored, deflated and packed files alike.
 */
export function zipArchive(files: Iterable<ZipFile | PackedFile>): Buffer {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else chunks.push(chunk);
  });
  for (const file of files) {
    if ('data' in file) {
      // fflate's own interface for data compressed elsewhere: it writes the headers around it.
      const packed: ZipInputFile = {
        filename: file.name,
        compression: file.method,
        size: file.size,
        crc: file.crc,
        mtime: MTIME,
      };
      zip.add(packed);
      // Our buffers never sit on a SharedArrayBuffer, which fflate's handler type leaves out.
      packed.ondata?.(null, file.data as Uint8Array<ArrayBuffer>, true);
    } else {
      const entry = file.stored ? new ZipPassThrough(file.name) : new ZipDeflate(file.name);
      entry.mtime = MTIME;
      zip.add(entry);
      entry.push(file.content, true);
    }
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}
