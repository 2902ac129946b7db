/** A copy of a deck with other pictures or sounds: an exercise's themed variants (spec §1). */
import { crc32 } from 'node:zlib';
import { cleanText } from '@logoschool/contract';
import { contentTypesWith, retargetRelationships } from './opc.ts';
import {
  asDeck,
  CONTENT_TYPES,
  deckEntries,
  extensionOf,
  MEDIA_TYPES,
  partCap,
  PPTX_LIMITS,
  type PptxLimits,
} from './pptx-deck.ts';
import { zipArchive, type PackedFile, type ZipFile } from './zip-archive.ts';
import {
  compressedData,
  InflateBudget,
  inflateEntry,
  streamEntry,
  type ZipEntry,
  type ZipLimits,
} from './zip.ts';

/** What takes the place of a picture or a sound of a deck: the bytes, their content type and extension. */
export interface MediaReplacement {
  content: Buffer;
  mime: string;
  ext: string;
}

/** A free part name next to `part` with the extension `ext` (`image1.png`, else `image1-2.png`…). */
function renamed(part: string, ext: string, taken: Set<string>): string {
  const stem = part.includes('.') ? part.slice(0, part.lastIndexOf('.')) : part;
  let name = `${stem}.${ext}`;
  for (let n = 2; taken.has(name); n += 1) name = `${stem}-${n}.${ext}`;
  return name;
}

/**
 * An entry of the deck for its copy: unpacked once, counted against the budget, and taken as it is
 * packed (not compressed again) with the CRC and size of what it unpacked to. `sink` sees the
 * unpacked bytes too.
 */
async function packedCopy(
  zip: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  sink: (chunk: Buffer) => void = () => {},
): Promise<PackedFile> {
  let crc = 0;
  let size = 0;
  await streamEntry(zip, entry, budget, (chunk) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    sink(chunk);
  });
  // `streamEntry` unpacks only stored and deflated entries.
  return {
    name: entry.name,
    method: entry.method === 0 ? 0 : 8,
    data: compressedData(zip, entry),
    size,
    crc,
  };
}

/**
 * A copy of a deck with some of its pictures or sounds (by part name) replaced. A part whose
 * extension does not fit the new bytes' type is renamed to the right extension, every relationship
 * that points at it follows, and `[Content_Types].xml` gets a default for the extension, so that
 * PowerPoint and LibreOffice open the copy. Those parts are edited with an XML parser (`opc.ts`),
 * within one cap for all of them (`maxXmlPartBytes`); every other part is copied as it is packed.
 * The deck is unpacked with the same caps as an upload. Throws PptxError.
 */
export async function replacePptxMedia(
  content: Buffer,
  replacements: ReadonlyMap<string, MediaReplacement>,
  limits: ZipLimits & Partial<PptxLimits> = PPTX_LIMITS,
): Promise<Buffer> {
  return asDeck(async () => {
    const { caps, entries, names } = deckEntries(content, limits);
    // `readPptx` gave the parts' names cleaned; the zip (and its relationships) has them as they are.
    const byPart = new Map<string, MediaReplacement>();
    for (const entry of entries) {
      const replacement = replacements.get(cleanText(entry.name));
      if (replacement) byPart.set(entry.name, replacement);
    }
    const moves = new Map<string, string>();
    const extensions = new Map<string, string>();
    for (const [part, replacement] of byPart) {
      const ext = extensionOf(part);
      if (MEDIA_TYPES.get(ext) === replacement.mime) continue;
      const name = renamed(part, replacement.ext, names);
      names.add(name);
      moves.set(part, name);
      extensions.set(replacement.ext, replacement.mime);
    }
    const budget = new InflateBudget(caps.maxInflatedBytes);
    // The parts parsed as XML share one cap: a parser holds a part's whole tree.
    const xmlCap = partCap(caps.maxXmlPartBytes);
    const files: (ZipFile | PackedFile)[] = [];
    for (const entry of entries) {
      const replacement = byPart.get(entry.name);
      if (replacement) {
        // Its old bytes are not needed, but they count: the copy is no larger a bomb than the deck.
        await inflateEntry(content, entry, budget, false);
        const name = moves.get(entry.name) ?? entry.name;
        files.push({ name, content: replacement.content, stored: true });
        continue;
      }
      const isRels = entry.name.endsWith('.rels');
      if (moves.size === 0 || !(isRels || entry.name === CONTENT_TYPES)) {
        files.push(await packedCopy(content, entry, budget));
        continue;
      }
      const chunks: Buffer[] = [];
      const packed = await packedCopy(content, entry, budget, (chunk) => {
        xmlCap(chunk);
        chunks.push(chunk);
      });
      const xml = Buffer.concat(chunks).toString('utf8');
      const edited = isRels
        ? retargetRelationships(xml, entry.name, moves)
        : contentTypesWith(xml, extensions, moves);
      files.push(
        edited === null
          ? packed
          : { name: entry.name, content: Buffer.from(edited), stored: entry.method === 0 },
      );
    }
    return zipArchive(files);
  });
}
