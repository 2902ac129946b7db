import { describe, expect, it } from 'vitest';
import { pptxDeck } from '../../test/pptx.ts';
import {
  fillDeckNames,
  fillNames,
  fillSlideNames,
  linesOf,
  measureBox,
  overflowOfSlides,
  slidesOf,
  textBoxesOf,
} from './overflow.ts';

/** A slide with one text box of `cx` × `cy` EMU, its runs at `sz` hundredths of a point. */
function slide(
  paragraphs: string[],
  { cx = 8_229_600, cy = 914_400, sz = 2800, bodyPr = '<a:bodyPr/>' } = {},
) {
  const body = paragraphs.map(
    (text) => `<a:p><a:r><a:rPr lang="en-US" sz="${sz}"/><a:t>${text}</a:t></a:r></a:p>`,
  );
  return (
    `<p:sld><p:cSld><p:spTree><p:sp><p:nvSpPr/><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm></p:spPr>` +
    `<p:txBody>${bodyPr}<a:lstStyle/>${body.join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`
  );
}

describe('the overflow rule', () => {
  it('fills the placeholders it knows and leaves the others', () => {
    expect(
      fillNames('{{character}} meets {{ theme }} and {{nobody}}', { character: 'Robo', theme: 'Space' }),
    ).toBe('Robo meets Space and {{nobody}}');
  });

  it('wraps word by word; a word longer than a line takes the lines it needs', () => {
    expect(linesOf('', 10)).toBe(1);
    expect(linesOf('aaaa bbbb', 9)).toBe(1);
    expect(linesOf('aaaa bbbbb', 9)).toBe(2);
    expect(linesOf('aaaaaaaaaaaaaaaaaaaa', 10)).toBe(2);
    expect(linesOf('ab aaaaaaaaaaaaaaaaaaaaa', 10)).toBe(4);
  });

  it('measures a 9" × 1" box at 28 pt: 41 characters a line, one line high', () => {
    const [box] = textBoxesOf(slide(['x']));
    expect(box).toMatchObject({ width: 8_046_720, height: 822_960, sizePt: 28 });
    const fits = measureBox({ ...box!, paragraphs: ['a'.repeat(41)] }, {});
    expect(fits).toMatchObject({ needed: 1, fit: 1 });
    expect(measureBox({ ...box!, paragraphs: ['a'.repeat(42)] }, {})).toMatchObject({ needed: 2, fit: 1 });
  });

  it('flags the box whose text only overflows once the names are filled in, with its slide', () => {
    const slides = [slide(['Hello']), slide(['{{character}} flies to {{theme}}'])];
    expect(overflowOfSlides(slides, { character: 'Bob', theme: 'Mars' })).toBeNull();
    expect(
      overflowOfSlides(slides, {
        character: 'Captain Astronaut Bartholomew',
        theme: 'the Great Andromeda Nebula',
      }),
    ).toEqual({
      slide: 2,
      text: 'Captain Astronaut Bartholomew flies to the Great Andromeda Nebula',
      linesNeeded: 2,
      linesFit: 1,
    });
  });

  it('counts paragraphs, takes the largest size, and skips boxes that shrink, grow or do not wrap', () => {
    expect(overflowOfSlides([slide(['One', 'Two'])], {})?.linesNeeded).toBe(2);
    expect(overflowOfSlides([slide(['One', 'Two'], { cy: 2_000_000 })], {})).toBeNull();
    expect(overflowOfSlides([slide(['a'.repeat(60)], { sz: 1200 })], {})).toBeNull();
    for (const bodyPr of [
      '<a:bodyPr><a:normAutofit/></a:bodyPr>',
      '<a:bodyPr><a:spAutoFit/></a:bodyPr>',
      '<a:bodyPr wrap="none"/>',
    ]) {
      expect(overflowOfSlides([slide(['One', 'Two'], { bodyPr })], {})).toBeNull();
    }
    // A shape without its own size (a layout placeholder) is not measured.
    expect(
      textBoxesOf('<p:sp><p:txBody><a:bodyPr/><a:p><a:r><a:t>x</a:t></a:r></a:p></p:txBody></p:sp>'),
    ).toEqual([]);
  });

  it('reads a real deck’s slides in order and unescapes their text', async () => {
    const deck = pptxDeck([['Tom & {{theme}}'], ['Second']]);
    const slides = await slidesOf(deck);
    expect(slides).toHaveLength(2);
    expect(textBoxesOf(slides[0]!)[0]?.paragraphs).toEqual(['Tom & {{theme}}']);
  });

  it('fills the names into a copy of the deck, escaped, and leaves a deck without placeholders alone', async () => {
    expect(fillSlideNames('<a:t>{{theme}} &amp; co</a:t><a:t>x</a:t>', { theme: 'Cats <3' })).toBe(
      '<a:t>Cats &lt;3 &amp; co</a:t><a:t>x</a:t>',
    );
    const deck = pptxDeck([['Hello {{character}}'], ['Plain']]);
    const filled = await fillDeckNames(deck, { character: 'Robo' });
    expect(filled).not.toBeNull();
    const slides = await slidesOf(filled!);
    expect(textBoxesOf(slides[0]!)[0]?.paragraphs).toEqual(['Hello Robo']);
    expect(await fillDeckNames(pptxDeck([['Plain']]), { character: 'Robo' })).toBeNull();
  });
});
