// Stays whole: readPptx and replacePptxMedia share its part names, caps, errors and part helpers.
import { StringDecoder } from 'node:string_decoder';
import { crc32 } from 'node:zlib';
import { cleanText, EXERCISE_SLIDE_TEXT_MAX_CHARS, EXERCISE_SLIDE_XML_MAX_BYTES } from '@logoschool/contract';
import { detectDeckMediaType, type FileType } from './file-type.ts';
import { contentTypesWith, relationshipTarget, retargetRelationships, unescapeXml, XmlError } from './opc.ts';
import { zipArchive, type PackedFile, type ZipFile } from './zip-archive.ts';
import {
  compressedData,
  InflateBudget,
  inflateEntry,
  listEntries,
  streamEntry,
  ZipError,
  type ZipEntry,
  type ZipLimits,
  type ZipProblem,
} from './zip.ts';

/** The content type a .pptx is served with. */
export const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The caps of a deck's zip, and of the text read from it. */
export interface PptxLimits extends ZipLimits {
  /** Most characters of slide text the whole deck may hold. */
  maxSlideTextChars: number;
  /** Most bytes one slide part, or another XML part read whole, may unpack to. */
  maxXmlPartBytes: number;
}

/** Caps for reading an uploaded deck: a real lesson deck has a few hundred entries at most. */
export const PPTX_LIMITS: PptxLimits = {
  maxEntries: 2000,
  maxInflatedBytes: 200 * 1024 * 1024,
  maxSlideTextChars: EXERCISE_SLIDE_TEXT_MAX_CHARS,
  maxXmlPartBytes: EXERCISE_SLIDE_XML_MAX_BYTES,
};

/** Why bytes are not a deck we take. */
export type PptxProblem =
  /** An old binary .ppt, or an encrypted .pptx (Office wraps both in an OLE compound file). */
  | 'legacy'
  /** Not a zip, or a zip without the parts every .pptx has. */
  | 'not_pptx'
  /** More slide text than the cap, or an XML part that unpacks past its own cap. */
  | 'too_much_text'
  | ZipProblem;

export class PptxError extends Error {
  override name = 'PptxError';
  constructor(readonly problem: PptxProblem) {
    super(`pptx: ${problem}`);
  }
}

/** A picture or a sound inside a deck. */
export interface PptxMedia {
  /**
   * Its part in the zip (`ppt/media/image1.png`), cleaned as `cleanText` does; `replacePptxMedia`
   * finds the part by this name.
   */
  path: string;
  /** The part's base name (`image1.png`), cleaned; `image-2.png` when nothing readable is left. */
  name: string;
  content: Buffer;
  /** What its bytes are (never its name). */
  type: FileType;
  /** The slides (1-based, deck order) whose relationships name it; empty when none does. */
  slides: number[];
}

export interface PptxContent {
  /**
   * The slides' text, in slide order: every `<a:t>` run of a slide, joined by spaces, whitespace
   * collapsed and cleaned as `cleanText` does (so never a form feed, which separates slides).
   */
  slideTexts: string[];
  /** The deck's own preview (`docProps/thumbnail.jpeg`), when it has one. */
  thumbnail: Buffer | null;
  /** The pictures (PNG, JPEG, GIF) and sounds (WAV, MP3, OGG, M4A) under `ppt/media/`, by part name. */
  media: PptxMedia[];
}

/**
 * The content type of each extension a deck's picture or sound may have, for `[Content_Types].xml`
 * and to tell whether a part's name fits its bytes.
 */
export const MEDIA_TYPES: ReadonlyMap<string, string> = new Map([
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['jpg', 'image/jpeg'],
  ['jpe', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['wav', 'audio/wav'],
  ['mp3', 'audio/mpeg'],
  ['m4a', 'audio/mp4'],
  ['ogg', 'audio/ogg'],
]);

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const REQUIRED_PARTS = ['[Content_Types].xml', 'ppt/presentation.xml'];
/** A slide part; the number in its name is not its place in the deck (`slideOrder`). */
const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
const THUMBNAIL = 'docProps/thumbnail.jpeg';
const PRESENTATION = 'ppt/presentation.xml';
const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';
const MEDIA = /^ppt\/media\/[^/]+$/;
const SLIDE_RELS = /^ppt\/slides\/_rels\/(slide\d+\.xml)\.rels$/;
const RELATIONSHIP = /<(?:\w+:)?Relationship\s[^>]*>/g;
const CONTENT_TYPES = '[Content_Types].xml';

/** The characters of slide text a deck may still hold; counted as text comes out of its slides. */
export class TextBudget {
  private used = 0;
  constructor(private readonly max: number) {}

  /** Counts characters; throws `too_much_text` the moment the total crosses the cap. */
  take(characters: number): void {
    this.used += characters;
    if (this.used > this.max) throw new PptxError('too_much_text');
  }
}

/** The longest start of an entity (`&#x10FFFF`) a chunk may end in; anything longer is no entity. */
const ENTITY_START = /&(?:#x?[0-9a-f]{0,8}|\w{0,8})$/i;
const TEXT_RUN = '<a:t';
/** What may follow `<a:t` in a text run's start tag (not `<a:tab`, `<a:tbl`…). */
const AFTER_TEXT_RUN = /[\s/>]/;

/**
 * The text of one slide read as its XML arrives, chunk by chunk: the `<a:t>` runs, joined by
 * spaces, whitespace collapsed, cleaned. Nothing but the text and a few characters of an unfinished
 * tag or entity is held, whatever the slide's size, and every character is counted against the
 * deck's `TextBudget`. Markup other than the run's end inside a run ends it (DrawingML has none).
 */
export class SlideTextReader {
  private readonly decoder = new StringDecoder('utf8');
  private readonly words: string[] = [];
  /** Input not read yet: the start of a tag or an entity cut by the chunk's end. */
  private pending = '';
  private state: 'outside' | 'start tag' | 'run' = 'outside';
  /** Whether whitespace or a run's edge came after the last word. */
  private space = false;
  private length = 0;

  constructor(private readonly budget: TextBudget) {}

  write(chunk: Buffer): void {
    this.read(this.pending + this.decoder.write(chunk), false);
  }

  /** The slide's text, once its last chunk is written. */
  end(): string {
    this.read(this.pending + this.decoder.end(), true);
    return this.words.join('');
  }

  private read(input: string, last: boolean): void {
    this.pending = '';
    let at = 0;
    while (at < input.length) {
      if (this.state === 'start tag') {
        const close = input.indexOf('>', at);
        if (close < 0) {
          // Only whether the tag closes itself (`<a:t/>`) matters of what is left.
          if (input.endsWith('/')) this.pending = '/';
          return;
        }
        const selfClosing = close > 0 && input[close - 1] === '/';
        this.state = selfClosing ? 'outside' : 'run';
        this.space = true;
        at = close + 1;
      } else if (this.state === 'run') {
        const close = input.indexOf('<', at);
        const end = close < 0 ? input.length : close;
        let text = input.slice(at, end);
        if (close < 0 && !last) {
          const entity = ENTITY_START.exec(text);
          if (entity) {
            this.pending = entity[0];
            text = text.slice(0, entity.index);
          }
        }
        this.add(cleanText(unescapeXml(text)));
        if (close < 0) return;
        this.state = 'outside';
        this.space = true;
        at = close;
      } else {
        const open = input.indexOf('<', at);
        if (open < 0) return;
        if (input.length - open <= TEXT_RUN.length) {
          if (!last) this.pending = input.slice(open);
          return;
        }
        const isRun =
          input.startsWith(TEXT_RUN, open) && AFTER_TEXT_RUN.test(input.charAt(open + TEXT_RUN.length));
        this.state = isRun ? 'start tag' : 'outside';
        at = isRun ? open + TEXT_RUN.length : open + 1;
      }
    }
  }

  /** Adds text to the slide's, one space wherever whitespace or a run's edge parted two words. */
  private add(text: string): void {
    text.split(/\s+/).forEach((word, index) => {
      if (index > 0) this.space = true;
      if (word === '') return;
      const piece = this.space && this.length > 0 ? ` ${word}` : word;
      this.budget.take(piece.length);
      this.words.push(piece);
      this.length += piece.length;
      this.space = false;
    });
  }
}

/** The text of one slide's XML: its `<a:t>` runs, joined by spaces, whitespace collapsed. */
export function slideText(xml: string): string {
  const reader = new SlideTextReader(new TextBudget(Infinity));
  reader.write(Buffer.from(xml, 'utf8'));
  return reader.end();
}

/** The value of an attribute of a tag; `prefixed` wants it with a namespace prefix (`r:id`, not `id`). */
const attribute = (tag: string, name: string, prefixed = false) =>
  new RegExp(`\\s${prefixed ? '\\w+:' : ''}${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The slide parts in the deck's order: `presentation.xml` lists the slides (`<p:sldId r:id>`) and its
 * relationships name their parts. When that list names none of the parts (a deck written by a
 * careless tool), the parts' numbers give the order.
 */
function slideOrder(presentation: string, relationships: string, parts: string[]): string[] {
  const targets = new Map<string, string>();
  for (const [tag] of relationships.matchAll(RELATIONSHIP)) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `ppt/${target}`);
  }
  const listed = [...presentation.matchAll(/<(?:\w+:)?sldId\s[^>]*>/g)]
    .map(([tag]) => targets.get(attribute(tag, 'id', true) ?? ''))
    .filter((part): part is string => part !== undefined && parts.includes(part));
  if (listed.length > 0) return [...new Set(listed)];
  const number = (part: string) => Number(SLIDE.exec(part)?.[1]);
  return [...parts].sort((a, b) => number(a) - number(b));
}

const baseName = (part: string) => part.slice(part.lastIndexOf('/') + 1);
const extensionOf = (part: string) => {
  const name = baseName(part);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
};

/** A check of one part's unpacked bytes against `max`: past it, `too_much_text`. */
function partCap(max: number): (chunk: Buffer) => void {
  let bytes = 0;
  return (chunk) => {
    bytes += chunk.length;
    if (bytes > max) throw new PptxError('too_much_text');
  };
}

/** A slide's text, read while the part unpacks: no more than one chunk of its XML is ever held. */
async function readSlideText(
  content: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  text: TextBudget,
  maxBytes: number,
): Promise<string> {
  const reader = new SlideTextReader(text);
  const cap = partCap(maxBytes);
  await streamEntry(content, entry, budget, (chunk) => {
    cap(chunk);
    reader.write(chunk);
  });
  return reader.end();
}

/** A part read whole (`presentation.xml`, relationships), within its own cap: small in any real deck. */
async function readXmlPart(content: Buffer, entry: ZipEntry, budget: InflateBudget, maxBytes: number) {
  const chunks: Buffer[] = [];
  const cap = partCap(maxBytes);
  await streamEntry(content, entry, budget, (chunk) => {
    cap(chunk);
    chunks.push(chunk);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/** Longest name of a picture or sound: what an exercise's file keeps, cut here where no cut splits a pair. */
const MEDIA_NAME_MAX = 200;
/** A name needs a letter, digit or symbol before its extension to tell the user anything. */
const READABLE = /[\p{L}\p{N}\p{S}]/u;

/** The name a picture or sound is shown by: its part's base name, cleaned, or `image-2.png`. */
function mediaName(part: string, type: FileType, position: number): string {
  const name = cleanText(cleanText(baseName(part)).slice(0, MEDIA_NAME_MAX)).trim();
  const stem = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
  return READABLE.test(stem) ? name : `${type.kind}-${position}.${type.ext}`;
}

/**
 * Reads a .pptx from its bytes, judging it by its content, never its name: an OLE compound file
 * (legacy .ppt, or a password-protected .pptx) and anything that is not a zip holding
 * `[Content_Types].xml` and `ppt/presentation.xml` are refused. Every entry is unpacked once with
 * the caps of `limits` counted while inflating, so that a deck LibreOffice opens later cannot be a
 * zip bomb either. Slide text is read as each slide unpacks, never holding a slide's XML, and is
 * capped for the whole deck, as is every XML part: a few KB that unpack to text by the gigabyte
 * are `too_much_text` as soon as they cross a cap. Text and part names come out cleaned
 * (`cleanText`), ready to store. Throws PptxError.
 */
export async function readPptx(
  content: Buffer,
  limits: ZipLimits & Partial<PptxLimits> = PPTX_LIMITS,
): Promise<PptxContent> {
  if (content.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) throw new PptxError('legacy');
  if (!content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw new PptxError('not_pptx');
  const caps: PptxLimits = { ...PPTX_LIMITS, ...limits };
  try {
    const entries = listEntries(content, caps);
    const names = new Set(entries.map((entry) => entry.name));
    if (!REQUIRED_PARTS.every((part) => names.has(part))) throw new PptxError('not_pptx');
    const budget = new InflateBudget(caps.maxInflatedBytes);
    const text = new TextBudget(caps.maxSlideTextChars);
    const slides = new Map<string, string>();
    const slideRels = new Map<string, string>();
    const mediaEntries: ZipEntry[] = [];
    let thumbnail: Buffer | null = null;
    let presentation = '';
    let relationships = '';
    for (const entry of entries) {
      const rels = SLIDE_RELS.exec(entry.name);
      if (SLIDE.test(entry.name)) {
        slides.set(entry.name, await readSlideText(content, entry, budget, text, caps.maxXmlPartBytes));
      } else if (rels) {
        slideRels.set(entry.name, await readXmlPart(content, entry, budget, caps.maxXmlPartBytes));
      } else if (entry.name === PRESENTATION) {
        presentation = await readXmlPart(content, entry, budget, caps.maxXmlPartBytes);
      } else if (entry.name === PRESENTATION_RELS) {
        relationships = await readXmlPart(content, entry, budget, caps.maxXmlPartBytes);
      } else if (entry.name === THUMBNAIL) {
        thumbnail = await inflateEntry(content, entry, budget, true);
      } else {
        if (MEDIA.test(entry.name)) mediaEntries.push(entry);
        await inflateEntry(content, entry, budget, false);
      }
    }
    // Only a deck that passed the caps is unpacked again to keep its media: a bomb never is held.
    const mediaBudget = new InflateBudget(caps.maxInflatedBytes);
    const media: (Omit<PptxMedia, 'slides'> & { part: string })[] = [];
    for (const entry of mediaEntries) {
      const data = await inflateEntry(content, entry, mediaBudget, true);
      const type = data ? await detectDeckMediaType(data) : null;
      if (!data || !type) continue;
      const name = mediaName(entry.name, type, media.length + 1);
      media.push({ part: entry.name, path: cleanText(entry.name), name, content: data, type });
    }
    const order = slideOrder(presentation, relationships, [...slides.keys()]);
    const slideTexts = order.map((name) => slides.get(name) ?? '');
    const used = new Map<string, Set<number>>();
    for (const [relsPart, xml] of slideRels) {
      const position = order.indexOf(`ppt/slides/${SLIDE_RELS.exec(relsPart)?.[1] ?? ''}`) + 1;
      if (position === 0) continue;
      for (const [tag] of xml.matchAll(RELATIONSHIP)) {
        const target = relationshipTarget(relsPart, attribute(tag, 'Target'), attribute(tag, 'TargetMode'));
        if (target) used.set(target, (used.get(target) ?? new Set()).add(position));
      }
    }
    const withSlides = media.map(({ part, ...item }) => ({
      ...item,
      // Relationships name the part as it is in the zip, before cleaning.
      slides: [...(used.get(part) ?? [])].sort((a, b) => a - b),
    }));
    return { slideTexts, thumbnail, media: withSlides };
  } catch (error) {
    if (error instanceof ZipError) throw new PptxError(error.problem);
    throw error;
  }
}

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
  const caps: PptxLimits = { ...PPTX_LIMITS, ...limits };
  try {
    const entries = listEntries(content, caps);
    const names = new Set(entries.map((entry) => entry.name));
    if (!REQUIRED_PARTS.every((part) => names.has(part))) throw new PptxError('not_pptx');
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
  } catch (error) {
    if (error instanceof ZipError) throw new PptxError(error.problem);
    if (error instanceof XmlError) throw new PptxError('damaged');
    throw error;
  }
}
