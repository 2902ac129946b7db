import {
  InflateBudget,
  inflateEntry,
  listEntries,
  ZipError,
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

export interface PptxContent {
  /** The slides' text, in slide order: every `<a:t>` run of a slide, joined by spaces. */
  slideTexts: string[];
  /** The deck's own preview (`docProps/thumbnail.jpeg`), when it has one. */
  thumbnail: Buffer | null;
}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const REQUIRED_PARTS = ['[Content_Types].xml', 'ppt/presentation.xml'];
/** A slide part; the number in its name is not its place in the deck (`slideOrder`). */
const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
const THUMBNAIL = 'docProps/thumbnail.jpeg';
const PRESENTATION = 'ppt/presentation.xml';
const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';

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
  for (const [tag] of relationships.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
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
    let thumbnail: Buffer | null = null;
    let presentation = '';
    let relationships = '';
    for (const entry of entries) {
      const slide = SLIDE.test(entry.name);
      const keep = slide || [THUMBNAIL, PRESENTATION, PRESENTATION_RELS].includes(entry.name);
      const data = await inflateEntry(content, entry, budget, keep);
      if (!data) continue;
      if (slide) slides.set(entry.name, slideText(data.toString('utf8')));
      else if (entry.name === THUMBNAIL) thumbnail = data;
      else if (entry.name === PRESENTATION) presentation = data.toString('utf8');
      else relationships = data.toString('utf8');
    }
    const slideTexts = slideOrder(presentation, relationships, [...slides.keys()]).map(
      (name) => slides.get(name) ?? '',
    );
    return { slideTexts, thumbnail };
  } catch (error) {
    if (error instanceof ZipError) throw new PptxError(error.problem);
    throw error;
  }
}
