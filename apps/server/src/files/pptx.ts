import { detectDeckMediaType, type FileType } from './file-type.ts';
import { pack, writeZip } from './zip-writer.ts';
import {
  InflateBudget,
  inflateEntry,
  listEntries,
  ZipError,
  type ZipEntry,
  type ZipLimits,
  type ZipProblem,
} from './zip.ts';

/** The content type a .pptx is served with. */
export const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Caps for reading an uploaded deck: a real lesson deck has a few hundred entries at most. */
export const PPTX_LIMITS: ZipLimits = { maxEntries: 2000, maxInflatedBytes: 200 * 1024 * 1024 };

/** Why bytes are not a deck we take. */
export type PptxProblem =
  /** An old binary .ppt, or an encrypted .pptx (Office wraps both in an OLE compound file). */
  | 'legacy'
  /** Not a zip, or a zip without the parts every .pptx has. */
  | 'not_pptx'
  | ZipProblem;

export class PptxError extends Error {
  override name = 'PptxError';
  constructor(readonly problem: PptxProblem) {
    super(`pptx: ${problem}`);
  }
}

/** A picture or a sound inside a deck. */
export interface PptxMedia {
  /** Its part in the zip (`ppt/media/image1.png`). */
  path: string;
  /** The part's base name (`image1.png`). */
  name: string;
  content: Buffer;
  /** What its bytes are (never its name). */
  type: FileType;
  /** The slides (1-based, deck order) whose relationships name it; empty when none does. */
  slides: number[];
}

export interface PptxContent {
  /** The slides' text, in slide order: every `<a:t>` run of a slide, joined by spaces. */
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its entities and character references resolved. */
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return safeCodePoint(parseInt(name.slice(2), 16), match);
    if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), match);
    return ENTITIES[name] ?? match;
  });
}

const safeCodePoint = (code: number, fallback: string) =>
  Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

/** The text of one slide's XML: its `<a:t>` runs, joined by spaces, whitespace collapsed. */
export function slideText(xml: string): string {
  const runs = [...xml.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)].map((match) =>
    unescapeXml(match[1] ?? ''),
  );
  return runs.join(' ').replace(/\s+/g, ' ').trim();
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

/** The part a relationship of a `.rels` part points at, or null for an external target. */
function relationshipTarget(relsPart: string, tag: string): string | null {
  if (attribute(tag, 'TargetMode') === 'External') return null;
  const raw = attribute(tag, 'Target');
  if (!raw) return null;
  let target = unescapeXml(raw);
  try {
    target = decodeURIComponent(target);
  } catch {
    // Not percent-encoded after all: the name as written.
  }
  // `dir/_rels/name.rels` describes `dir/name`: its targets are relative to `dir/`.
  const base = relsPart.replace(/(^|\/)_rels\/[^/]*$/, '$1');
  const segments: string[] = [];
  for (const segment of (target.startsWith('/') ? target.slice(1) : base + target).split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

const baseName = (part: string) => part.slice(part.lastIndexOf('/') + 1);
const extensionOf = (part: string) => {
  const name = baseName(part);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
};

/**
 * Reads a .pptx from its bytes, judging it by its content, never its name: an OLE compound file
 * (legacy .ppt, or a password-protected .pptx) and anything that is not a zip holding
 * `[Content_Types].xml` and `ppt/presentation.xml` are refused. Every entry is unpacked once with
 * the caps of `limits` counted while inflating, so that a deck LibreOffice opens later cannot be a
 * zip bomb either. Throws PptxError.
 */
export async function readPptx(content: Buffer, limits: ZipLimits = PPTX_LIMITS): Promise<PptxContent> {
  if (content.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) throw new PptxError('legacy');
  if (!content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw new PptxError('not_pptx');
  try {
    const entries = listEntries(content, limits);
    const names = new Set(entries.map((entry) => entry.name));
    if (!REQUIRED_PARTS.every((part) => names.has(part))) throw new PptxError('not_pptx');
    const budget = new InflateBudget(limits.maxInflatedBytes);
    const slides = new Map<string, string>();
    const slideRels = new Map<string, string>();
    const mediaEntries: ZipEntry[] = [];
    let thumbnail: Buffer | null = null;
    let presentation = '';
    let relationships = '';
    for (const entry of entries) {
      const slide = SLIDE.test(entry.name);
      const rels = SLIDE_RELS.exec(entry.name);
      const isMedia = MEDIA.test(entry.name);
      if (isMedia) mediaEntries.push(entry);
      const keep = slide || !!rels || [THUMBNAIL, PRESENTATION, PRESENTATION_RELS].includes(entry.name);
      const data = await inflateEntry(content, entry, budget, keep);
      if (!data) continue;
      if (slide) slides.set(entry.name, slideText(data.toString('utf8')));
      else if (rels) slideRels.set(entry.name, data.toString('utf8'));
      else if (entry.name === THUMBNAIL) thumbnail = data;
      else if (entry.name === PRESENTATION) presentation = data.toString('utf8');
      else relationships = data.toString('utf8');
    }
    // Only a deck that passed the caps is unpacked again to keep its media: a bomb never is held.
    const mediaBudget = new InflateBudget(limits.maxInflatedBytes);
    const media: Omit<PptxMedia, 'slides'>[] = [];
    for (const entry of mediaEntries) {
      const data = await inflateEntry(content, entry, mediaBudget, true);
      const type = data ? detectDeckMediaType(data) : null;
      if (data && type) media.push({ path: entry.name, name: baseName(entry.name), content: data, type });
    }
    const order = slideOrder(presentation, relationships, [...slides.keys()]);
    const slideTexts = order.map((name) => slides.get(name) ?? '');
    const used = new Map<string, Set<number>>();
    for (const [relsPart, xml] of slideRels) {
      const position = order.indexOf(`ppt/slides/${SLIDE_RELS.exec(relsPart)?.[1] ?? ''}`) + 1;
      if (position === 0) continue;
      for (const [tag] of xml.matchAll(RELATIONSHIP)) {
        const target = relationshipTarget(relsPart, tag);
        if (target) used.set(target, (used.get(target) ?? new Set()).add(position));
      }
    }
    const withSlides = media.map((item) => ({
      ...item,
      slides: [...(used.get(item.path) ?? [])].sort((a, b) => a - b),
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

/** `[Content_Types].xml` with a default for every extension, and overrides of renamed parts moved. */
function contentTypesWith(
  xml: string,
  extensions: ReadonlyMap<string, string>,
  moves: ReadonlyMap<string, string>,
) {
  const result = xml.replace(/<(?:\w+:)?Override\s[^>]*>/g, (tag) => {
    const part = attribute(tag, 'PartName');
    const moved = part ? moves.get(unescapeXml(part).replace(/^\//, '')) : undefined;
    if (!moved) return tag;
    const type = MEDIA_TYPES.get(extensionOf(moved)) ?? 'application/octet-stream';
    return tag
      .replace(/PartName="[^"]*"/, `PartName="/${moved}"`)
      .replace(/ContentType="[^"]*"/, `ContentType="${type}"`);
  });
  const have = new Set(
    [...result.matchAll(/<(?:\w+:)?Default\s[^>]*>/g)].map(([tag]) =>
      attribute(tag, 'Extension')?.toLowerCase(),
    ),
  );
  const missing = [...extensions]
    .filter(([ext]) => !have.has(ext))
    .map(([ext, type]) => `<Default Extension="${ext}" ContentType="${type}"/>`)
    .join('');
  // Defaults and overrides may come in any order (OPC): the new ones go last.
  return missing ? result.replace(/<\/(?:\w+:)?Types>/, (end) => missing + end) : result;
}

/**
 * A copy of a deck with some of its pictures or sounds (by part name) replaced. A part whose
 * extension does not fit the new bytes' type is renamed to the right extension, every relationship
 * that points at it follows, and `[Content_Types].xml` gets a default for the extension, so that
 * PowerPoint and LibreOffice open the copy. The deck is unpacked with the same caps as an upload.
 * Throws PptxError.
 */
export async function replacePptxMedia(
  content: Buffer,
  replacements: ReadonlyMap<string, MediaReplacement>,
  limits: ZipLimits = PPTX_LIMITS,
): Promise<Buffer> {
  try {
    const entries = listEntries(content, limits);
    const names = new Set(entries.map((entry) => entry.name));
    if (!REQUIRED_PARTS.every((part) => names.has(part))) throw new PptxError('not_pptx');
    const moves = new Map<string, string>();
    const extensions = new Map<string, string>();
    for (const [part, replacement] of replacements) {
      if (!names.has(part)) continue;
      const ext = extensionOf(part);
      if (MEDIA_TYPES.get(ext) === replacement.mime) continue;
      const name = renamed(part, replacement.ext, names);
      names.add(name);
      moves.set(part, name);
      extensions.set(replacement.ext, replacement.mime);
    }
    const budget = new InflateBudget(limits.maxInflatedBytes);
    const packed = [];
    for (const entry of entries) {
      const replacement = replacements.get(entry.name);
      if (replacement) {
        // Its old bytes are not needed, but they count: the copy is no larger a bomb than the deck.
        await inflateEntry(content, entry, budget, false);
        const name = moves.get(entry.name) ?? entry.name;
        packed.push(pack({ name, content: replacement.content, stored: true }));
        continue;
      }
      const data = await inflateEntry(content, entry, budget, true);
      if (!data) continue;
      let out = data;
      if (moves.size > 0 && entry.name.endsWith('.rels')) {
        out = Buffer.from(
          data.toString('utf8').replace(RELATIONSHIP, (tag) => {
            const target = relationshipTarget(entry.name, tag);
            const moved = target ? moves.get(target) : undefined;
            if (!moved) return tag;
            return tag.replace(/Target="([^"]*)"/, (_all, old: string) => {
              const folder = old.includes('/') ? old.slice(0, old.lastIndexOf('/') + 1) : '';
              return `Target="${folder}${baseName(moved)}"`;
            });
          }),
        );
      } else if (moves.size > 0 && entry.name === CONTENT_TYPES) {
        out = Buffer.from(contentTypesWith(data.toString('utf8'), extensions, moves));
      }
      packed.push(pack({ name: entry.name, content: out, stored: entry.method === 0 }));
    }
    return writeZip(packed);
  } catch (error) {
    if (error instanceof ZipError) throw new PptxError(error.problem);
    throw error;
  }
}
