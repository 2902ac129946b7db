import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, told by its first bytes: the `file-type` package reads them, and only the formats
 * the app shows or plays pass our allowlist. Uploads are judged by this alone: the name's extension
 * and the declared Content-Type come from the client and are not trusted. Anything else (SVG, which
 * can carry script, included) is null.
 */

export type FileKind = 'image' | 'sound';

export interface FileType<K extends string = FileKind> {
  kind: K;
  /** The content type to serve the file with. */
  mime: string;
  /** The extension a stored copy gets. */
  ext: string;
}

const PNG: FileType = { kind: 'image', mime: 'image/png', ext: 'png' };
const JPEG: FileType = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
const GIF: FileType = { kind: 'image', mime: 'image/gif', ext: 'gif' };
const WEBP: FileType = { kind: 'image', mime: 'image/webp', ext: 'webp' };
const WAV: FileType = { kind: 'sound', mime: 'audio/wav', ext: 'wav' };
const MP3: FileType = { kind: 'sound', mime: 'audio/mpeg', ext: 'mp3' };
const OGG: FileType = { kind: 'sound', mime: 'audio/ogg', ext: 'ogg' };
/** PowerPoint keeps recorded sounds so: known only inside decks; the asset library does not take it. */
const M4A: FileType = { kind: 'sound', mime: 'audio/mp4', ext: 'm4a' };

/**
 * The allowlist: what `file-type` calls a format (its `ext`), and how we store and serve it. An
 * animated PNG is a PNG; MPEG audio of any layer is served as MP3, as before; every Ogg stream that
 * is no video (Vorbis, Opus, FLAC, Speex or one it cannot name) is an Ogg sound.
 */
const ALLOWED: ReadonlyMap<string, FileType> = new Map([
  ['png', PNG],
  ['apng', PNG],
  ['jpg', JPEG],
  ['gif', GIF],
  ['webp', WEBP],
  ['wav', WAV],
  ['mp3', MP3],
  ['mp2', MP3],
  ['mp1', MP3],
  ['ogg', OGG],
  ['opus', OGG],
  ['oga', OGG],
  ['spx', OGG],
  ['ogx', OGG],
]);

/**
 * How much of a file `file-type` is shown: its own "reasonable detection size". Enough for every
 * format we take, and it keeps the work bounded whatever the upload is (a zip is not walked past
 * it). An ID3 tag longer than this is taken for an MP3, as its header says.
 */
const SAMPLE_BYTES = 4100;

/**
 * Whether an MPEG audio frame header at the start (an MP3 without a tag) is a real one: `file-type`
 * checks the 11 sync bits and the layer; we also refuse a reserved version, a "bad" or free bitrate
 * and a reserved sample rate, so that not every binary starting with FF FB is taken for a sound.
 */
function isMpegFrame(content: Buffer): boolean {
  const [, b1 = 0, b2 = 0] = content;
  const version = (b1 >> 3) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && bitrate !== 0b0000 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** What `file-type` makes of the start of some bytes (its `ext`), or null. */
async function detectedExt(content: Buffer): Promise<string | null> {
  try {
    return (await fileTypeFromBuffer(content.subarray(0, SAMPLE_BYTES)))?.ext ?? null;
  } catch {
    // A format's parser that gives up on malformed bytes: they are no file we take either.
    return null;
  }
}

/** The type of some bytes by `allowed`, or null. */
async function allowedType<K extends string>(
  content: Buffer,
  allowed: ReadonlyMap<string, FileType<K>>,
): Promise<FileType<K> | null> {
  const ext = await detectedExt(content);
  const type = ext === null ? undefined : allowed.get(ext);
  if (!type) return null;
  if (type === MP3 && content.toString('latin1', 0, 3) !== 'ID3' && !isMpegFrame(content)) return null;
  return { ...type };
}

/** The type of some bytes, or null when they are none of the images and sounds the app takes. */
export const detectFileType = (content: Buffer): Promise<FileType | null> => allowedType(content, ALLOWED);

/** A PDF document: only problem reports take it (its bytes start `%PDF-`). */
const PDF: FileType<'document'> = { kind: 'document', mime: 'application/pdf', ext: 'pdf' };

/** What a problem report takes as its files: the pictures of the allowlist (a screenshot) and PDF. */
const ATTACHMENTS: ReadonlyMap<string, FileType<'image' | 'document'>> = new Map<
  string,
  FileType<'image' | 'document'>
>([
  ...[...ALLOWED].filter((entry): entry is [string, FileType<'image'>] => entry[1].kind === 'image'),
  ['pdf', PDF],
]);

/** The type of a report's file (an image or a PDF), or null when its bytes are neither. */
export const detectAttachmentType = (content: Buffer): Promise<FileType<'image' | 'document'> | null> =>
  allowedType(content, ATTACHMENTS);

/** What a deck may hold: the allowlist without WebP (decks do not embed it), with M4A. */
const DECK_MEDIA: ReadonlyMap<string, FileType> = new Map([
  ...[...ALLOWED].filter(([, type]) => type !== WEBP),
  ['m4a', M4A],
]);

/**
 * The type of a picture or a sound inside a deck (`ppt/media/*`): PNG, JPEG and GIF pictures (what
 * decks embed and a themed variant can replace), and WAV, MP3, OGG and M4A sounds; null otherwise.
 */
export const detectDeckMediaType = (content: Buffer): Promise<FileType | null> =>
  allowedType(content, DECK_MEDIA);

/**
 * Every extension a stored file may have, with the content type it is served with: the types above
 * (PDF of problem reports too), exercises' .pptx decks (checked by `readPptx`, not by `file-type`) and the M4A sounds found in them.
 */
export const STORED_TYPES: ReadonlyMap<string, string> = new Map([
  ...[...ALLOWED.values(), M4A, PDF].map((type) => [type.ext, type.mime] as const),
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
]);
