import { parse } from 'content-disposition';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('names a plain file both ways', () => {
    expect(contentDisposition('attachment', 'sun.png')).toBe(
      `attachment; filename="sun.png"; filename*=UTF-8''sun.png`,
    );
  });

  it('keeps ASCII in filename and the real name, encoded, in filename*', () => {
    expect(contentDisposition('inline', 'Сонце "1" (draft)\\100%.png')).toBe(
      `inline; filename="_____ _1_ (draft)_100_.png"; ` +
        `filename*=UTF-8''%D0%A1%D0%BE%D0%BD%D1%86%D0%B5%20%221%22%20%28draft%29%5C100%25.png`,
    );
  });

  it("encodes the characters RFC 8187 does not allow raw: ' ( ) *", () => {
    expect(contentDisposition('attachment', "it's*.wav")).toContain(`filename*=UTF-8''it%27s%2A.wav`);
  });

  it('gives back the real name to a reader of RFC 6266, whatever the name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('inline' as const, 'attachment' as const),
        fc.string({ unit: 'grapheme' }),
        (type, name) => {
          const parsed = parse(contentDisposition(type, name));
          expect(parsed.type).toBe(type);
          expect(parsed.parameters.filename).toBe(name);
        },
      ),
    );
  });
});
