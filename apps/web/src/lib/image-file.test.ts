import { describe, expect, it } from 'vitest';
import { imageProblem, imageTypeOf } from './image-file.ts';

const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));
const WEBP = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [36, 0, 0, 0],
    [...'WEBP'].map((c) => c.charCodeAt(0)),
  );
const PDF = [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0));
const bytes = (list: number[]) => new Uint8Array(list);
const file = (list: number[], type: string, size = list.length) =>
  new Blob([bytes(list), new Uint8Array(Math.max(0, size - list.length))], { type });

describe('imageTypeOf', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('knows a %s by its first bytes', (_name, head, type) => {
    expect(imageTypeOf(bytes(head))).toBe(type);
  });

  it.each([
    ['a PDF', PDF],
    ['text', [...'hello, world'].map((c) => c.charCodeAt(0))],
    [
      'a RIFF that is a sound',
      [...'RIFF']
        .map((c) => c.charCodeAt(0))
        .concat(
          [36, 0, 0, 0],
          [...'WAVE'].map((c) => c.charCodeAt(0)),
        ),
    ],
    ['a PNG cut short', PNG.slice(0, 4)],
    ['nothing', []],
  ])('knows no image in %s', (_name, head) => {
    expect(imageTypeOf(bytes(head))).toBeNull();
  });
});

describe('imageProblem', () => {
  const limits = { types: TYPES, maxBytes: 1000 };

  it('takes an image of an allowed type within the limit', async () => {
    expect(await imageProblem(file(PNG, 'image/png'), limits)).toBeNull();
    // The name may say JPEG while the bytes are a PNG: both are allowed, as on the server.
    expect(await imageProblem(file(PNG, 'image/jpeg', 1000), limits)).toBeNull();
  });

  it('refuses a file whose type is not allowed', async () => {
    expect(await imageProblem(file(PDF, 'application/pdf'), limits)).toBe('type');
    expect(await imageProblem(file(PNG, ''), limits)).toBe('type');
  });

  it('refuses a renamed document whose bytes are no image', async () => {
    expect(await imageProblem(file(PDF, 'image/png'), limits)).toBe('type');
  });

  it('refuses a file over the limit', async () => {
    expect(await imageProblem(file(PNG, 'image/png', 1001), limits)).toBe('size');
  });
});
