import { describe, expect, it } from 'vitest';
import { pptxDeck, zipArchive } from '../test/pptx.ts';
import { PptxError, readPptx, slideText } from './pptx.ts';

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
