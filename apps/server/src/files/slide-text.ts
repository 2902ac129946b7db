/**
 * Slide text, read as a slide's XML unpacks (decision 005): never the slide whole, every character
 * counted against the deck's cap.
 */
import { StringDecoder } from 'node:string_decoder';
import { cleanText } from '@logoschool/contract';
import { unescapeXml } from './opc.ts';
import { PptxError } from './pptx-deck.ts';

/** The characters of slide text a deck may still hold; counted as text comes out of its slides. */
export class TextBudget {
  private used = 0;
  constructor(private readonly max: number) {}

  /** Counts characters; throws `too_much_text` the moment the total crosses the cap. */
  take(characters: number): void {
    this.used += characters;
    if (this.used > this.max) throw new PptxError('too_much_text');
  }
}

/** The longest start of an entity (`&#x10FFFF`) a chunk may end in; anything longer is no entity. */
const ENTITY_START = /&(?:#x?[0-9a-f]{0,8}|\w{0,8})$/i;
const TEXT_RUN = '<a:t';
/** What may follow `<a:t` in a text run's start tag (not `<a:tab`, `<a:tbl`…). */
const AFTER_TEXT_RUN = /[\s/>]/;

/**
 * The text of one slide read as its XML arrives, chunk by chunk: the `<a:t>` runs, joined by
 * spaces, whitespace collapsed, cleaned. Nothing but the text and a few characters of an unfinished
 * tag or entity is held, whatever the slide's size, and every character is counted against the
 * deck's `TextBudget`. Markup other than the run's end inside a run ends it (DrawingML has none).
 */
export class SlideTextReader {
  private readonly decoder = new StringDecoder('utf8');
  private readonly words: string[] = [];
  /** Input not read yet: the start of a tag or an entity cut by the chunk's end. */
  private pending = '';
  private state: 'outside' | 'start tag' | 'run' = 'outside';
  /** Whether whitespace or a run's edge came after the last word. */
  private space = false;
  private length = 0;

  constructor(private readonly budget: TextBudget) {}

  write(chunk: Buffer): void {
    this.read(this.pending + this.decoder.write(chunk), false);
  }

  /** The slide's text, once its last chunk is written. */
  end(): string {
    this.read(this.pending + this.decoder.end(), true);
    return this.words.join('');
  }

  private read(input: string, last: boolean): void {
    this.pending = '';
    let at = 0;
    while (at < input.length) {
      if (this.state === 'start tag') {
        const close = input.indexOf('>', at);
        if (close < 0) {
          // Only whether the tag closes itself (`<a:t/>`) matters of what is left.
          if (input.endsWith('/')) this.pending = '/';
          return;
        }
        const selfClosing = close > 0 && input[close - 1] === '/';
        this.state = selfClosing ? 'outside' : 'run';
        this.space = true;
        at = close + 1;
      } else if (this.state === 'run') {
        const close = input.indexOf('<', at);
        const end = close < 0 ? input.length : close;
        let text = input.slice(at, end);
        if (close < 0 && !last) {
          const entity = ENTITY_START.exec(text);
          if (entity) {
            this.pending = entity[0];
            text = text.slice(0, entity.index);
          }
        }
        this.add(cleanText(unescapeXml(text)));
        if (close < 0) return;
        this.state = 'outside';
        this.space = true;
        at = close;
      } else {
        const open = input.indexOf('<', at);
        if (open < 0) return;
        if (input.length - open <= TEXT_RUN.length) {
          if (!last) this.pending = input.slice(open);
          return;
        }
        const isRun =
          input.startsWith(TEXT_RUN, open) && AFTER_TEXT_RUN.test(input.charAt(open + TEXT_RUN.length));
        this.state = isRun ? 'start tag' : 'outside';
        at = isRun ? open + TEXT_RUN.length : open + 1;
      }
    }
  }

  /** Adds text to the slide's, one space wherever whitespace or a run's edge parted two words. */
  private add(text: string): void {
    text.split(/\s+/).forEach((word, index) => {
      if (index > 0) this.space = true;
      if (word === '') return;
      const piece = this.space && this.length > 0 ? ` ${word}` : word;
      this.budget.take(piece.length);
      this.words.push(piece);
      this.length += piece.length;
      this.space = false;
    });
  }
}

/** The text of one slide's XML: its `<a:t>` runs, joined by spaces, whitespace collapsed. */
export function slideText(xml: string): string {
  const reader = new SlideTextReader(new TextBudget(Infinity));
  reader.write(Buffer.from(xml, 'utf8'));
  return reader.end();
}
