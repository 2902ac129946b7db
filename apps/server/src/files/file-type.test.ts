import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePng, sineTone } from '../db/demo/encode.ts';
import { detectDeckMediaType, detectFileType } from './file-type.ts';

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'latin1');

/** The first page of an Ogg stream up to its first packet's start (`OggS`, version 0, a new stream). */
const OGG_PAGE = 'OggS\x00\x02' + '\x00'.repeat(20) + '\x01\x1e';

/** The first bytes of a file of each known type, as real files start. */
const KNOWN = {
  png: encodePng(1, 1, new Uint8Array([255, 0, 0, 255])),
  jpeg: bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00),
  gif87: text('GIF87a\x01\x00\x01\x00'),
  gif89: text('GIF89a\x01\x00\x01\x00'),
  webp: text('RIFF\x1a\x00\x00\x00WEBPVP8L'),
  wav: sineTone(440, 0.01),
  ogg: text(`${OGG_PAGE}\x01vorbis\x00\x00\x00\x00`),
  // An ID3v2.4 tag (empty here), then the first frame.
  id3: Buffer.concat([text('ID3\x04\x00\x00\x00\x00\x00\x00'), bytes(0xff, 0xfb, 0x90, 0x64)]),
  // MPEG-1 layer III, 128 kbit/s, 44.1 kHz.
  mp3Frame: bytes(0xff, 0xfb, 0x90, 0x64, 0x00),
  // MPEG-2 layer III (22.05 kHz): the same frame sync with another version.
  mp3Mpeg2: bytes(0xff, 0xf3, 0x80, 0xc4),
};

describe('detectFileType', () => {
  it.each([
    ['png', { kind: 'image', mime: 'image/png', ext: 'png' }],
    ['jpeg', { kind: 'image', mime: 'image/jpeg', ext: 'jpg' }],
    ['gif87', { kind: 'image', mime: 'image/gif', ext: 'gif' }],
    ['gif89', { kind: 'image', mime: 'image/gif', ext: 'gif' }],
    ['webp', { kind: 'image', mime: 'image/webp', ext: 'webp' }],
    ['wav', { kind: 'sound', mime: 'audio/wav', ext: 'wav' }],
    ['ogg', { kind: 'sound', mime: 'audio/ogg', ext: 'ogg' }],
    ['id3', { kind: 'sound', mime: 'audio/mpeg', ext: 'mp3' }],
    ['mp3Frame', { kind: 'sound', mime: 'audio/mpeg', ext: 'mp3' }],
    ['mp3Mpeg2', { kind: 'sound', mime: 'audio/mpeg', ext: 'mp3' }],
  ] as const)('knows %s by its bytes', async (name, expected) => {
    expect(await detectFileType(KNOWN[name])).toEqual(expected);
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['text', text('just some text, named picture.png')],
    ['SVG, which can carry script', text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['HTML', text('<!doctype html><script>alert(1)</script>')],
    ['a Windows executable', text('MZ\x90\x00\x03\x00\x00\x00')],
    ['an ELF executable', text('\x7fELF\x02\x01\x01\x00')],
    ['a PDF', text('%PDF-1.7\n')],
    ['a ZIP (or .pptx)', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00)],
    ['a cut-off PNG signature', KNOWN.png.subarray(0, 7)],
    ['a RIFF of another form (AVI)', text('RIFF\x00\x00\x00\x00AVI LIST')],
    ['AAC (ADTS: frame sync, layer 00)', bytes(0xff, 0xf1, 0x50, 0x80)],
    ['an MPEG frame with a reserved version', bytes(0xff, 0xeb, 0x90, 0x64)],
    ['an MPEG frame with a bad bitrate', bytes(0xff, 0xfb, 0xf0, 0x64)],
    ['an MPEG frame with a reserved sample rate', bytes(0xff, 0xfb, 0x9c, 0x64)],
    ['an ID3 tag of an unknown version', text('ID3\x09\x00\x00\x00\x00\x00\x00')],
    ['"OggS" without its version byte', text('OggS\x01')],
    ['an Ogg video (Theora), which is no sound', text(`${OGG_PAGE}\x80theora\x00\x00\x00\x00`)],
  ])('knows %s as none', async (_name, content) => {
    expect(await detectFileType(content)).toBeNull();
  });

  it('judges by the start only: a known file with anything after it is still that file', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.values(KNOWN)),
        fc.uint8Array({ maxLength: 64 }),
        async (head, tail) => {
          const expected = await detectFileType(head);
          expect(await detectFileType(Buffer.concat([head, tail]))).toEqual(expected);
        },
      ),
    );
  });

  it('never throws, whatever the bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 32 }), async (content) => {
        const detected = await detectFileType(Buffer.from(content));
        if (detected) expect(['image', 'sound']).toContain(detected.kind);
      }),
    );
  });
});

describe('detectDeckMediaType', () => {
  it('knows the M4A sounds PowerPoint records, and what a deck embeds; not WebP', async () => {
    const m4a = Buffer.concat([bytes(0, 0, 0, 0x20), text('ftypM4A '), Buffer.alloc(20)]);
    expect(await detectDeckMediaType(m4a)).toEqual({ kind: 'sound', mime: 'audio/mp4', ext: 'm4a' });
    expect(await detectDeckMediaType(KNOWN.png)).toEqual({ kind: 'image', mime: 'image/png', ext: 'png' });
    expect(await detectDeckMediaType(KNOWN.webp)).toBeNull();
    expect(await detectFileType(m4a)).toBeNull();
  });
});
