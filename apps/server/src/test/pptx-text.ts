import { constants, crc32, createDeflateRaw } from 'node:zlib';
import { deckFiles, type DeckOptions } from '../db/demo/pptx-writer.ts';
import { zipArchive, type PackedFile } from '../files/zip-archive.ts';

/** Where `deckWithSlideXml` puts its fragment: the first slide's first text run. */
const MARK = 'FRAGMENT-GOES-HERE';

/**
 * A deck whose first slide's text run holds `fragment` as raw XML (not escaped), so that a test can
 * put character references (`&#0;`) or raw bytes into it that no well-behaved writer would.
 */
export function deckWithSlideXml(fragment: string | Buffer, options: DeckOptions = {}): Buffer {
  const bytes = Buffer.isBuffer(fragment) ? fragment : Buffer.from(fragment, 'utf8');
  const files = deckFiles([[`Say ${MARK} please`], ['Second']], options).map((file) => {
    if (file.name !== 'ppt/slides/slide1.xml') return file;
    const at = file.content.indexOf(MARK);
    const content = Buffer.concat([
      file.content.subarray(0, at),
      bytes,
      file.content.subarray(at + MARK.length),
    ]);
    return { ...file, content };
  });
  return zipArchive(files);
}

/**
 * An entry whose unpacked bytes are `head`, then `unit` repeated up to `size` bytes, then `tail`,
 * deflated piece by piece at the best compression, so that neither the test nor the zip ever holds
 * the unpacked part (repeated runs pack about 1000 to 1).
 */
async function repeatedEntry(
  name: string,
  head: string,
  unit: string,
  size: number,
  tail: string,
): Promise<PackedFile> {
  const piece = Buffer.from(unit.repeat(Math.max(1, Math.floor((256 * 1024) / unit.length))));
  const deflater = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (data: Buffer) => out.push(data));
  const done = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = 0;
  let total = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    total += bytes.length;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  await write(Buffer.from(head));
  while (total < size) await write(piece.subarray(0, Math.min(piece.length, Math.ceil(size - total))));
  await write(Buffer.from(tail));
  deflater.end();
  await done;
  return { name, method: 8, data: Buffer.concat(out), size: total, crc };
}

/**
 * A deck that looks right, whose first slide part unpacks to about `size` bytes of text runs
 * (`<a:r><a:t>…</a:t></a:r>`, a few words each): the "text bomb" that once took gigabytes to read.
 */
export async function textRunsDeck(size: number, unit = '<a:r><a:t>Say R and L, slowly. </a:t></a:r>') {
  const files = deckFiles([['Bomb'], ['Second']]).filter((file) => file.name !== 'ppt/slides/slide1.xml');
  const slide = await repeatedEntry(
    'ppt/slides/slide1.xml',
    '<?xml version="1.0" encoding="UTF-8"?><p:sld><p:cSld><p:spTree><p:sp><p:txBody><a:p>',
    unit,
    size,
    '</a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>',
  );
  return zipArchive([...files, slide]);
}
