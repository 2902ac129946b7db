/**
 * What a file is, told by its first bytes ("magic numbers"). Uploads are judged by this alone: the
 * name's extension and the declared Content-Type come from the client and are not trusted. Only
 * the formats the app shows or plays are known; anything else (SVG, which can carry script,
 * included) is null.
 */

export type FileKind = 'image' | 'sound';

export interface FileType {
  kind: FileKind;
  /** The content type to serve the file with. */
  mime: string;
  /** The extension a stored copy gets. */
  ext: string;
}

const ascii = (content: Buffer, start: number, end: number) =>
  content.subarray(start, end).toString('latin1');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A RIFF container (`RIFF`, size, form type): WebP and WAV are both one. */
const isRiff = (content: Buffer, form: string) =>
  content.length >= 12 && ascii(content, 0, 4) === 'RIFF' && ascii(content, 8, 12) === form;

/** An ID3v2 tag (versions 2.2–2.4), which starts most MP3 files. */
const isId3 = (content: Buffer) =>
  content.length >= 10 &&
  ascii(content, 0, 3) === 'ID3' &&
  (content[3] ?? 0) >= 2 &&
  (content[3] ?? 0) <= 4 &&
  content[4] !== 0xff;

/**
 * An MPEG audio frame header at the start (an MP3 without a tag): 11 sync bits, then a version,
 * layer, bitrate and sample rate that are not the reserved or "bad" values. This rules out JPEG
 * (FF D8) and AAC (layer 00), whose first bytes also start with FF.
 */
function isMpegFrame(content: Buffer): boolean {
  if (content.length < 4) return false;
  const [b0 = 0, b1 = 0, b2 = 0] = content;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return (
    b0 === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    version !== 0b01 &&
    layer !== 0b00 &&
    bitrate !== 0b0000 &&
    bitrate !== 0b1111 &&
    sampleRate !== 0b11
  );
}

const SIGNATURES: (FileType & { test: (content: Buffer) => boolean })[] = [
  {
    kind: 'image',
    mime: 'image/png',
    ext: 'png',
    test: (c) => c.length >= 8 && c.subarray(0, 8).equals(PNG_SIGNATURE),
  },
  {
    kind: 'image',
    mime: 'image/jpeg',
    ext: 'jpg',
    test: (c) => c.length >= 3 && c[0] === 0xff && c[1] === 0xd8 && c[2] === 0xff,
  },
  {
    kind: 'image',
    mime: 'image/gif',
    ext: 'gif',
    test: (c) => c.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(c, 0, 6)),
  },
  { kind: 'image', mime: 'image/webp', ext: 'webp', test: (c) => isRiff(c, 'WEBP') },
  { kind: 'sound', mime: 'audio/wav', ext: 'wav', test: (c) => isRiff(c, 'WAVE') },
  { kind: 'sound', mime: 'audio/ogg', ext: 'ogg', test: (c) => c.length >= 5 && ascii(c, 0, 5) === 'OggS\0' },
  { kind: 'sound', mime: 'audio/mpeg', ext: 'mp3', test: (c) => isId3(c) || isMpegFrame(c) },
];

/**
 * An MPEG-4 audio file (an `ftyp` box of brand `M4A `): PowerPoint keeps recorded sounds so. Known
 * only inside decks (`detectDeckMediaType`); the asset library does not take it.
 */
const M4A: FileType & { test: (content: Buffer) => boolean } = {
  kind: 'sound',
  mime: 'audio/mp4',
  ext: 'm4a',
  test: (c) => c.length >= 12 && ascii(c, 4, 8) === 'ftyp' && ascii(c, 8, 12) === 'M4A ',
};

/** The type of some bytes, or null when they are none of the images and sounds the app takes. */
export function detectFileType(content: Buffer): FileType | null {
  const match = SIGNATURES.find((signature) => signature.test(content));
  return match ? { kind: match.kind, mime: match.mime, ext: match.ext } : null;
}

/**
 * The type of a picture or a sound inside a deck (`ppt/media/*`): PNG, JPEG and GIF pictures (what
 * decks embed and a themed variant can replace), and WAV, MP3, OGG and M4A sounds; null otherwise.
 */
export function detectDeckMediaType(content: Buffer): FileType | null {
  if (M4A.test(content)) return { kind: M4A.kind, mime: M4A.mime, ext: M4A.ext };
  const type = detectFileType(content);
  return type && type.ext !== 'webp' ? type : null;
}

/**
 * Every extension a stored file may have, with the content type it is served with: the types above,
 * exercises' .pptx decks (checked by `readPptx`, not by a signature) and the M4A sounds found in them.
 */
export const STORED_TYPES: ReadonlyMap<string, string> = new Map([
  ...SIGNATURES.map((s) => [s.ext, s.mime] as const),
  [M4A.ext, M4A.mime],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
]);
