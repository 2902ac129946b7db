import { hasForbiddenText } from '@logoschool/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../test/media.ts';
import { deckWithSlideXml, textRunsDeck } from '../test/pptx-text.ts';
import { pptxDeck, TINY_JPEG, zipArchive } from '../test/pptx.ts';
import { readPptx } from './pptx.ts';
import { PPTX_LIMITS, PptxError } from './pptx-deck.ts';
import { replacePptxMedia } from './pptx-media.ts';
import { SlideTextReader, slideText, TextBudget } from './slide-text.ts';
import { compressedData, listEntries } from './zip.ts';

const problemOf = (content: Buffer) =>
  readPptx(content).then(
    () => null,
    (error: unknown) => (error instanceof PptxError ? error.problem : error),
  );

const REQUIRED = [
  { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
  { name: 'ppt/presentation.xml', content: Buffer.from('<p:presentation/>') },
];

describe('readPptx', () => {
  it('reads the slides in number order (slide10 after slide2), with their text and the thumbnail', async () => {
    const slide = (text: string) =>
      Buffer.from(`<p:sld><a:t>${text}</a:t><a:t xml:space="preserve"> b</a:t></p:sld>`);
    const deck = zipArchive([
      ...REQUIRED,
      { name: 'ppt/slides/slide10.xml', content: slide('ten') },
      { name: 'ppt/slides/slide2.xml', content: slide('two'), stored: true },
      { name: 'docProps/thumbnail.jpeg', content: Buffer.from([0xff, 0xd8, 0xff]) },
    ]);
    expect(await readPptx(deck)).toEqual({
      slideTexts: ['two b', 'ten b'],
      thumbnail: Buffer.from([0xff, 0xd8, 0xff]),
      media: [],
    });
    expect((await readPptx(pptxDeck([['a']], { thumbnail: false }))).thumbnail).toBeNull();
  });

  it('follows the order presentation.xml lists, leaving out slides it does not list', async () => {
    const deck = zipArchive([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      {
        name: 'ppt/presentation.xml',
        content: Buffer.from(
          '<p:presentation><p:sldIdLst><p:sldId id="256" r:id="rId7"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst></p:presentation>',
        ),
      },
      {
        name: 'ppt/_rels/presentation.xml.rels',
        content: Buffer.from(
          '<Relationships><Relationship Id="rId3" Type="slide" Target="slides/slide1.xml"/>' +
            '<Relationship Id="rId7" Type="slide" Target="/ppt/slides/slide2.xml"/></Relationships>',
        ),
      },
      { name: 'ppt/slides/slide1.xml', content: Buffer.from('<a:t>first part</a:t>') },
      { name: 'ppt/slides/slide2.xml', content: Buffer.from('<a:t>shown first</a:t>') },
      { name: 'ppt/slides/slide3.xml', content: Buffer.from('<a:t>orphan</a:t>') },
    ]);
    expect((await readPptx(deck)).slideTexts).toEqual(['shown first', 'first part']);
  });

  it('decodes entities and character references in slide text', () => {
    expect(slideText('<a:t>R &amp; L &lt;&#1056;&#x430;&gt; &quot;x&apos;</a:t><a:t/>')).toBe(
      'R & L <Ра> "x\'',
    );
  });

  it('tells a cut-off or damaged archive, an encrypted entry and an unknown method apart', async () => {
    const deck = pptxDeck([['a']]);
    expect(await problemOf(deck.subarray(0, deck.length - 30))).toBe('damaged');
    const encrypted = zipArchive(REQUIRED);
    // The general-purpose flag's bit 0, in the first central directory header.
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(central + 8) | 1, central + 8);
    expect(await problemOf(encrypted)).toBe('unsupported');
    const lzma = zipArchive(REQUIRED);
    lzma.writeUInt16LE(14, central + 10);
    expect(await problemOf(lzma)).toBe('unsupported');
    expect(await problemOf(Buffer.from('PK\x03\x04 and nothing else'))).toBe('damaged');
  });

  it('caps the unpacked bytes of stored entries too', async () => {
    const big = zipArchive([
      ...REQUIRED,
      { name: 'ppt/media/big.bin', content: Buffer.alloc(4096), stored: true },
    ]);
    await expect(readPptx(big, { maxEntries: 10, maxInflatedBytes: 4000 })).rejects.toMatchObject({
      problem: 'too_large',
    });
  });
});

describe('readPptx with crafted text and names', () => {
  it.each([
    ['&#0;', 'R&#0;L'],
    ['a raw NUL byte', Buffer.from('R\0L')],
    ['other control characters', 'R&#1;\u0002&#x1F;L'],
    ['a lone surrogate reference', 'R&#xD800;L'],
    ['a lone low surrogate reference', 'R&#xDC00;L'],
    ['a surrogate pair written as two references', 'R&#xD83D;&#xDE00;L'],
  ])('drops %s from slide text', async (_what, fragment) => {
    const { slideTexts } = await readPptx(deckWithSlideXml(fragment));
    expect(slideTexts).toEqual(['Say RL please', 'Second']);
  });

  it('keeps real characters: an emoji, Cyrillic, a tab as a space', async () => {
    const { slideTexts } = await readPptx(deckWithSlideXml('R&#x1F600;\u{1F600}&#1056;&#9;L'));
    expect(slideTexts[0]).toBe('Say R\u{1F600}\u{1F600}Р L please');
  });

  it('cleans a NUL out of a media part name, keeping its slides; a name of garbage gets a fallback', async () => {
    const sky = solidPng(80, 160, 255);
    const cat = solidPng(250, 120, 0);
    const deck = deckWithSlideXml('RL', {
      media: [
        { name: 'sky\0.png', content: sky, slides: [1] },
        { name: '\0\u0001.png', content: cat, slides: [2] },
      ],
    });
    const { media } = await readPptx(deck);
    expect(media.map(({ path, name, slides }) => ({ path, name, slides }))).toEqual([
      { path: 'ppt/media/sky.png', name: 'sky.png', slides: [1] },
      { path: 'ppt/media/.png', name: 'image-2.png', slides: [2] },
    ]);
    for (const item of media) expect(hasForbiddenText(item.path + item.name)).toBe(false);
    // The cleaned path is what the generator names a part by: it still finds the part.
    const variant = await replacePptxMedia(
      deck,
      new Map([['ppt/media/sky.png', { content: cat, mime: 'image/png', ext: 'png' }]]),
    );
    expect((await readPptx(variant)).media[0]?.content.equals(cat)).toBe(true);
  });

  it('stops a slide of 64 MB of text runs at the text cap (too_much_text)', async () => {
    const deck = await textRunsDeck(64 * 1024 * 1024);
    expect(deck.length).toBeLessThan(400 * 1024);
    await expect(readPptx(deck)).rejects.toMatchObject({ problem: 'too_much_text' });
  });

  it('caps the slide text of the whole deck, and the unpacked bytes of one slide part', async () => {
    const deck = pptxDeck([['a'.repeat(600)], ['b'.repeat(600)]]);
    const limits = { maxEntries: 100, maxInflatedBytes: 1024 * 1024 };
    expect((await readPptx(deck, { ...limits, maxSlideTextChars: 1200 })).slideTexts).toHaveLength(2);
    await expect(readPptx(deck, { ...limits, maxSlideTextChars: 1000 })).rejects.toMatchObject({
      problem: 'too_much_text',
    });
    // Runs without text cost no characters, only bytes: the part's cap stops them.
    const empty = await textRunsDeck(2 * 1024 * 1024, '<a:r><a:t> </a:t></a:r>');
    const roomy = { maxEntries: 100, maxInflatedBytes: 64 * 1024 * 1024 };
    await expect(readPptx(empty, { ...roomy, maxXmlPartBytes: 1024 * 1024 })).rejects.toMatchObject({
      problem: 'too_much_text',
    });
    expect((await readPptx(empty, roomy)).slideTexts).toEqual(['', 'Second']);
  });
});

describe('SlideTextReader', () => {
  const xml = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<a:t>',
          '<a:t xml:space="preserve">',
          '</a:t>',
          '<a:t/>',
          '<a:tab/>',
          '<a:r>',
          '</a:r>',
          '<a:p>',
          '&amp;',
          '&lt;',
          '&#1056;',
          '&#x1F600;',
          '&#0;',
          '&#xD800;',
          ' ',
          '\n',
          '\u{1F600}',
          'Рак',
        ),
        fc.string({ maxLength: 6 }),
      ),
      { maxLength: 40 },
    )
    .map((pieces) => Buffer.from(pieces.join(''), 'utf8'));

  it('reads the same text however the part is cut into chunks (even inside a character)', () => {
    fc.assert(
      fc.property(xml, fc.array(fc.nat(), { maxLength: 8 }), (bytes, cuts) => {
        const reader = new SlideTextReader(new TextBudget(Infinity));
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        let from = 0;
        for (const point of [...points, bytes.length]) {
          reader.write(bytes.subarray(from, point));
          from = point;
        }
        const text = reader.end();
        expect(text).toBe(slideText(bytes.toString('utf8')));
        expect(hasForbiddenText(text)).toBe(false);
        expect(text).not.toMatch(/\f|^\s|\s$|\s\s/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('replacePptxMedia', () => {
  const deck = pptxDeck([['Sky'], ['Sea']], {
    media: [{ name: 'image1.jpeg', content: TINY_JPEG, slides: [1, 2] }],
  });
  const sky = solidPng(80, 160, 255);
  const toPng = new Map([['ppt/media/image1.jpeg', { content: sky, mime: 'image/png', ext: 'png' }]]);
  /** Each part's bytes as they are packed in the zip. */
  const packed = (zip: Buffer) =>
    new Map(listEntries(zip, PPTX_LIMITS).map((entry) => [entry.name, compressedData(zip, entry)]));

  it('renames a part whose format changes, and copies the parts it does not change as they are packed', async () => {
    const copy = await replacePptxMedia(deck, toPng);
    const [before, after] = [packed(deck), packed(copy)];
    expect([...after.keys()]).toEqual(
      [...before.keys()].map((name) => name.replace('image1.jpeg', 'image1.png')),
    );
    for (const name of ['ppt/slides/slide1.xml', 'ppt/presentation.xml', 'docProps/thumbnail.jpeg']) {
      expect(after.get(name)?.equals(before.get(name) ?? Buffer.alloc(0)), name).toBe(true);
    }
    const { media } = await readPptx(copy);
    expect(media.map(({ path, slides }) => ({ path, slides }))).toEqual([
      { path: 'ppt/media/image1.png', slides: [1, 2] },
    ]);
    expect(media[0]?.content.equals(sky)).toBe(true);
  });

  it('holds the XML parts it edits to one cap together', async () => {
    const caps = { ...PPTX_LIMITS, maxXmlPartBytes: 2000 };
    await expect(replacePptxMedia(deck, toPng, caps)).rejects.toMatchObject({ problem: 'too_much_text' });
    // A copy that renames nothing parses nothing.
    const same = new Map([['ppt/media/image1.jpeg', { content: TINY_JPEG, mime: 'image/jpeg', ext: 'jpg' }]]);
    expect((await readPptx(await replacePptxMedia(deck, same, caps))).media).toHaveLength(1);
  });
});
