import { constants, crc32, createDeflateRaw } from 'node:zlib';
import { deckFiles } from '../db/demo/pptx-writer.ts';
import { zipArchive, type PackedFile } from '../files/zip-archive.ts';

export { deckFiles, pptxDeck, TINY_JPEG, type DeckMedia, type DeckOptions } from '../db/demo/pptx-writer.ts';
export { zipArchive, type ZipFile } from '../files/zip-archive.ts';

/**
 * An entry of `size` zero bytes, deflated chunk by chunk so that neither the zeros nor more than
 * one chunk is ever held: a "zip bomb" part (zeros pack about 1000 to 1).
 */
async function zerosEntry(name: string, size: number): Promise<PackedFile> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflater = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflater.on('data', (data: Buffer) => out.push(data));
  const done = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    const part = chunk.subarray(0, Math.min(chunk.length, size - written));
    crc = crc32(part, crc);
    if (!deflater.write(part)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return { name, method: 8, data: Buffer.concat(out), size, crc };
}

/**
 * A deck that looks right (a real presentation.xml, small on disk) with one extra part of `size`
 * zeros: unpacking it crosses any cap below `size`.
 */
export async function zipBombDeck(size: number): Promise<Buffer> {
  return zipArchive([...deckFiles([['Bomb']]), await zerosEntry('ppt/media/zeros.bin', size)]);
}

/** The first bytes of a legacy PowerPoint (.ppt) or an encrypted .pptx: an OLE compound file. */
export const OLE_FILE = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504),
]);

/** A Windows program's first bytes ("MZ"), as a renamed .exe would upload. */
export const EXE_FILE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);
