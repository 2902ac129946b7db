/**
 * Reading an uploaded deck (decision 005): its slide text, its preview and its pictures and sounds,
 * within the caps of `pptx-deck.ts`.
 */
import { cleanText } from '@logoschool/contract';
import { detectDeckMediaType, type FileType } from './file-type.ts';
import { relationshipTarget } from './opc.ts';
import {
  asDeck,
  attribute,
  baseName,
  deckEntries,
  partCap,
  PptxError,
  PPTX_LIMITS,
  RELATIONSHIP,
  type PptxLimits,
} from './pptx-deck.ts';
import { SlideTextReader, TextBudget } from './slide-text.ts';
import { InflateBudget, inflateEntry, streamEntry, type ZipEntry, type ZipLimits } from './zip.ts';

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

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A slide part; the number in its name is not its place in the deck (`slideOrder`). */
const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
const THUMBNAIL = 'docProps/thumbnail.jpeg';
const PRESENTATION = 'ppt/presentation.xml';
const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';
const MEDIA = /^ppt\/media\/[^/]+$/;
const SLIDE_RELS = /^ppt\/slides\/_rels\/(slide\d+\.xml)\.rels$/;

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
  return asDeck(async () => {
    const { caps, entries } = deckEntries(content, limits);
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
  });
}
