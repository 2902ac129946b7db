/**
 * What reading a deck and writing a copy of it share: its caps, its errors, the content types of
 * its media, the parts every deck has, and the helpers over part names and part sizes. `pptx.ts`
 * reads a deck, `pptx-media.ts` writes a copy with other media, `slide-text.ts` reads slide text.
 */
import { EXERCISE_SLIDE_TEXT_MAX_CHARS, EXERCISE_SLIDE_XML_MAX_BYTES } from '@logoschool/contract';
import { XmlError } from './opc.ts';
import { listEntries, ZipError, type ZipEntry, type ZipLimits, type ZipProblem } from './zip.ts';

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

const REQUIRED_PARTS = ['[Content_Types].xml', 'ppt/presentation.xml'];
export const CONTENT_TYPES = '[Content_Types].xml';
/** A relationship's tag in a `.rels` part. */
export const RELATIONSHIP = /<(?:\w+:)?Relationship\s[^>]*>/g;

/** The value of an attribute of a tag; `prefixed` wants it with a namespace prefix (`r:id`, not `id`). */
export const attribute = (tag: string, name: string, prefixed = false) =>
  new RegExp(`\\s${prefixed ? '\\w+:' : ''}${name}="([^"]*)"`).exec(tag)?.[1];

export const baseName = (part: string) => part.slice(part.lastIndexOf('/') + 1);
export const extensionOf = (part: string) => {
  const name = baseName(part);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
};

/** A check of one part's unpacked bytes against `max`: past it, `too_much_text`. */
export function partCap(max: number): (chunk: Buffer) => void {
  let bytes = 0;
  return (chunk) => {
    bytes += chunk.length;
    if (bytes > max) throw new PptxError('too_much_text');
  };
}

/**
 * A deck's zip entries and their names, with the caps of `limits` over the defaults; a zip without
 * the parts every .pptx has is `not_pptx`.
 */
export function deckEntries(content: Buffer, limits: ZipLimits & Partial<PptxLimits>) {
  const caps: PptxLimits = { ...PPTX_LIMITS, ...limits };
  const entries: ZipEntry[] = listEntries(content, caps);
  const names = new Set(entries.map((entry) => entry.name));
  if (!REQUIRED_PARTS.every((part) => names.has(part))) throw new PptxError('not_pptx');
  return { caps, entries, names };
}

/** Runs `work` over a deck, its zip's and its XML parts' refusals given as the deck's (PptxError). */
export async function asDeck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ZipError) throw new PptxError(error.problem);
    if (error instanceof XmlError) throw new PptxError('damaged');
    throw error;
  }
}
