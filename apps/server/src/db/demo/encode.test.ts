import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, encodeWav, sineTone } from './encode.ts';
import { detectFileType } from '../../files/file-type.ts';

/** The chunks of a PNG: type, data, and whether the stored CRC is right. */
function chunks(png: Buffer) {
  const found: { type: string; data: Buffer; crcOk: boolean }[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const crcOk = png.readUInt32BE(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length));
    found.push({ type, data: png.subarray(at + 8, at + 8 + length), crcOk });
    at += 12 + length;
  }
  return found;
}

describe('encodePng', () => {
  it('writes a PNG whose header and pixels read back', async () => {
    const rgba = new Uint8Array([
      255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 9, 9, 9, 1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    const png = encodePng(3, 2, rgba);
    expect((await detectFileType(png))?.mime).toBe('image/png');
    const parts = chunks(png);
    expect(parts.map((part) => part.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(parts.every((part) => part.crcOk)).toBe(true);
    const header = parts[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([3, 2, 8, 6]);
    const raw = inflateSync(parts[1]!.data);
    // Two rows, each a filter byte (0) and 3 × 4 samples.
    expect(raw).toEqual(
      Buffer.concat([Buffer.from([0]), rgba.subarray(0, 12), Buffer.from([0]), rgba.subarray(12)]),
    );
  });

  it('refuses sizes that do not match the samples', () => {
    expect(() => encodePng(2, 2, new Uint8Array(4))).toThrow(RangeError);
    expect(() => encodePng(0, 1, new Uint8Array(0))).toThrow(RangeError);
  });
});

describe('encodeWav and sineTone', () => {
  it('write a PCM WAV with the samples, clamped to -1..1', async () => {
    const wav = encodeWav([0, 1, -1, 2], 8000);
    expect((await detectFileType(wav))?.mime).toBe('audio/wav');
    expect(wav.length).toBe(44 + 8);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect([0, 1, 2, 3].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 32767, -32767, 32767]);
  });

  it('make a tone of the asked length that starts and ends silent', () => {
    const tone = sineTone(440, 0.5, 8000);
    expect(tone.length).toBe(44 + 4000 * 2);
    expect(tone.readInt16LE(44)).toBe(0);
    expect(tone.readInt16LE(tone.length - 2)).toBe(0);
  });
});
