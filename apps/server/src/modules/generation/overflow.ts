/**
 * Does a version's text still fit its boxes once the names are filled in? An estimate from each
 * text box's size and font size, with one clear rule (no font metrics are at hand on the server):
 *
 * - a box is a shape with a text body and its own size (`<a:xfrm><a:ext cx cy>`); its usable area is
 *   that size less its insets (`lIns`, `rIns`, `tIns`, `bIns`; PowerPoint's 0.1" and 0.05" when
 *   unset). A box that shrinks its text or grows to it (`normAutofit`, `spAutoFit`), that does not
 *   wrap (`wrap="none"`), or that inherits its size from the layout is not measured;
 * - the box's font size is its largest run size (`sz`, in hundredths of a point), else its list
 *   style's, else 18 pt;
 * - a character is `CHAR_WIDTH_EM` of the font size wide and a line `LINE_HEIGHT_EM` of it high;
 * - each paragraph is wrapped word by word into lines of as many characters as the width holds (a
 *   longer word takes as many lines as it needs), an empty paragraph taking one line;
 * - the box overflows when its lines outnumber those its height holds.
 *
 * The names are the `{{theme}}`, `{{character}}`, `{{prop}}`, `{{background}}` and `{{sound}}`
 * placeholders of the text (`NAME_PLACEHOLDER`), filled with the theme's name and its assets' names;
 * the generation fills them into the version's copy of the deck (`fillDeckNames`), never the source.
 */
import { deckEntries, PPTX_LIMITS } from '../../files/pptx-deck.ts';
import { unescapeXml } from '../../files/opc.ts';
import { zipArchive, type ZipFile } from '../../files/zip-archive.ts';
import { InflateBudget, inflateEntry } from '../../files/zip.ts';

/** Average glyph width, as a share of the font size (sans-serif Latin and Cyrillic text). */
export const CHAR_WIDTH_EM = 0.55;
/** Line height, as a share of the font size (PowerPoint's single spacing). */
export const LINE_HEIGHT_EM = 1.2;
const EMU_PER_POINT = 12_700;
const DEFAULT_SIZE_PT = 18;
const DEFAULT_INSETS = { lIns: 91_440, rIns: 91_440, tIns: 45_720, bIns: 45_720 };

/** A placeholder for a name in slide text: `{{theme}}`, `{{ character }}`. */
export const NAME_PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The names a version's text is filled with, by placeholder. */
export type Names = Readonly<Record<string, string>>;

/** The text with its placeholders filled; an unknown placeholder stays as it is. */
export function fillNames(text: string, names: Names): string {
  return text.replace(NAME_PLACEHOLDER, (whole, key: string) => names[key] ?? whole);
}

/** A text box as measured: its usable size (EMU), its font size (points) and its paragraphs. */
export interface TextBox {
  width: number;
  height: number;
  sizePt: number;
  paragraphs: string[];
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="(-?\\d+)"`).exec(tag)?.[1];

/** The measurable text boxes of a slide's XML, in the slide's order. */
export function textBoxesOf(slideXml: string): TextBox[] {
  const boxes: TextBox[] = [];
  for (const [shape] of slideXml.matchAll(/<p:sp\b[\s\S]*?<\/p:sp>/g)) {
    const body = /<p:txBody\b[\s\S]*<\/p:txBody>/.exec(shape)?.[0];
    const ext = /<a:xfrm\b[\s\S]*?<a:ext\s([^>]*)>/.exec(shape)?.[1];
    if (!body || !ext) continue;
    const bodyPr = /<a:bodyPr\b([^>]*)>/.exec(body)?.[1] ?? '';
    if (/<a:(?:normAutofit|spAutoFit)\b/.test(body) || /\bwrap="none"/.test(bodyPr)) continue;
    const inset = (name: keyof typeof DEFAULT_INSETS) => Number(attr(bodyPr, name) ?? DEFAULT_INSETS[name]);
    const width = Number(attr(ext, 'cx') ?? 0) - inset('lIns') - inset('rIns');
    const height = Number(attr(ext, 'cy') ?? 0) - inset('tIns') - inset('bIns');
    const paragraphs = [...body.matchAll(/<a:p\b[^>]*?(?:\/>|>([\s\S]*?)<\/a:p>)/g)].map(([, inner = '']) =>
      [...inner.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)]
        .map(([, run = '']) => unescapeXml(run))
        .join(''),
    );
    if (paragraphs.every((paragraph) => paragraph.trim() === '')) continue;
    const runSizes = [...body.matchAll(/<a:(?:rPr|endParaRPr)\b[^>]*\bsz="(\d+)"/g)].map(([, sz]) =>
      Number(sz),
    );
    const styleSize = /<a:defRPr\b[^>]*\bsz="(\d+)"/.exec(body)?.[1];
    const sizes = runSizes.length > 0 ? runSizes : styleSize ? [Number(styleSize)] : [DEFAULT_SIZE_PT * 100];
    boxes.push({ width, height, sizePt: Math.max(...sizes) / 100, paragraphs });
  }
  return boxes;
}

/** The lines a paragraph takes at `perLine` characters a line, wrapped word by word. */
export function linesOf(paragraph: string, perLine: number): number {
  const words = paragraph.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const length = [...word].length;
    if (length > perLine) {
      // A word longer than a line starts on its own line and takes what it needs.
      lines += (used > 0 ? 1 : 0) + Math.ceil(length / perLine) - 1;
      used = length % perLine || perLine;
      continue;
    }
    const needed = used === 0 ? length : used + 1 + length;
    if (needed <= perLine) used = needed;
    else {
      lines += 1;
      used = length;
    }
  }
  return lines;
}

/** How many lines a box's text needs once filled, and how many it holds. */
export function measureBox(box: TextBox, names: Names): { text: string; needed: number; fit: number } {
  const charWidth = box.sizePt * CHAR_WIDTH_EM * EMU_PER_POINT;
  const lineHeight = box.sizePt * LINE_HEIGHT_EM * EMU_PER_POINT;
  const perLine = Math.max(1, Math.floor(box.width / charWidth));
  const filled = box.paragraphs.map((paragraph) => fillNames(paragraph, names));
  const needed = filled.reduce((sum, paragraph) => sum + linesOf(paragraph, perLine), 0);
  const fit = Math.max(0, Math.floor(box.height / lineHeight));
  return { text: filled.join('\n').trim(), needed, fit };
}

/** The first box of the deck whose text does not fit once filled: its slide (1-based), text and lines. */
export interface Overflow {
  slide: number;
  text: string;
  linesNeeded: number;
  linesFit: number;
}

/** The first box of the slides (XML, in order) that overflows once the names are filled; null when all fit. */
export function overflowOfSlides(slides: readonly string[], names: Names): Overflow | null {
  for (const [index, xml] of slides.entries()) {
    for (const box of textBoxesOf(xml)) {
      const { text, needed, fit } = measureBox(box, names);
      if (needed > fit) return { slide: index + 1, text, linesNeeded: needed, linesFit: fit };
    }
  }
  return null;
}

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;

/** The slides' XML of a deck, in their numbers' order. Throws PptxError/ZipError for a broken deck. */
export async function slidesOf(deck: Buffer): Promise<string[]> {
  const { caps, entries } = deckEntries(deck, PPTX_LIMITS);
  const budget = new InflateBudget(caps.maxInflatedBytes);
  const slides = entries
    .filter((entry) => SLIDE.test(entry.name) && entry.declaredSize <= caps.maxXmlPartBytes)
    .sort((a, b) => Number(SLIDE.exec(a.name)?.[1]) - Number(SLIDE.exec(b.name)?.[1]));
  const xml: string[] = [];
  for (const entry of slides)
    xml.push(((await inflateEntry(deck, entry, budget, true)) ?? Buffer.alloc(0)).toString('utf8'));
  return xml;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A slide's XML with the placeholders of its text runs filled (a placeholder split over runs stays). */
export function fillSlideNames(xml: string, names: Names): string {
  return xml.replace(
    /(<a:t(?:\s[^>]*)?>)([^<]*)(<\/a:t>)/g,
    (whole, open: string, text: string, close: string) => {
      const filled = fillNames(unescapeXml(text), names);
      return filled === unescapeXml(text) ? whole : `${open}${escapeXml(filled)}${close}`;
    },
  );
}

/**
 * The deck with the names filled into its slides' text (in a copy: the source deck is never
 * touched), or null when no slide names any.
 */
export async function fillDeckNames(deck: Buffer, names: Names): Promise<Buffer | null> {
  const { caps, entries } = deckEntries(deck, PPTX_LIMITS);
  const budget = new InflateBudget(caps.maxInflatedBytes);
  let changed = false;
  const files: ZipFile[] = [];
  for (const entry of entries) {
    const content = (await inflateEntry(deck, entry, budget, true)) ?? Buffer.alloc(0);
    if (SLIDE.test(entry.name) && entry.declaredSize <= caps.maxXmlPartBytes) {
      const xml = content.toString('utf8');
      const filled = fillSlideNames(xml, names);
      if (filled !== xml) {
        changed = true;
        files.push({ name: entry.name, content: Buffer.from(filled) });
        continue;
      }
    }
    files.push({ name: entry.name, content, stored: entry.method === 0 });
  }
  return changed ? zipArchive(files) : null;
}
