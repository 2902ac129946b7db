import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { acceptFor, checkAssetFiles, formatBytes, uploadErrorOf } from './asset-upload.ts';

const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('asset uploads', () => {
  it('accepts the types of the kind an asset type takes', () => {
    expect(acceptFor('background')).toContain('image/png');
    expect(acceptFor('background')).not.toContain('audio/mpeg');
    expect(acceptFor('sound')).toContain('audio/mpeg');
  });

  it('checks files before sending: some, of the right kind, not too large', () => {
    expect(checkAssetFiles([], 'prop', t)).toBe('assets.fileRequired');
    expect(checkAssetFiles([file('a.png', 'image/png')], 'prop', t)).toBeNull();
    expect(checkAssetFiles([file('a.mp3', 'audio/mpeg')], 'prop', t)).toMatch(/^assets.notImage/);
    expect(checkAssetFiles([file('a.png', 'image/png')], 'sound', t)).toMatch(/^assets.notSound/);
    expect(checkAssetFiles([file('a.png', 'image/png', 6 * 1024 * 1024)], 'prop', t)).toMatch(
      /^assets.fileTooLarge/,
    );
    // No type from the browser: the server judges the bytes.
    expect(checkAssetFiles([file('a', '')], 'prop', t)).toBeNull();
    const many = Array.from({ length: 11 }, (_, index) => file(`${index}.png`, 'image/png'));
    expect(checkAssetFiles(many, 'prop', t)).toMatch(/^assets.tooManyFiles/);
  });

  it('puts a refused file under the file input, naming it and what is accepted', () => {
    const refused = new ApiError({
      status: 415,
      code: 'unsupported_media_type',
      message: 'Unsupported content type: fake.png.',
      fieldErrors: { file: ['Only images are accepted.'] },
    });
    expect(uploadErrorOf(refused)).toEqual({
      file: 'Unsupported content type: fake.png. Only images are accepted.',
    });
    const invalid = new ApiError({
      status: 422,
      code: 'validation_failed',
      message: 'Please check the data you entered.',
      fieldErrors: { name: ['Required.'] },
    });
    expect(uploadErrorOf(invalid)).toEqual({ name: 'Required.', type: undefined, file: undefined });
  });

  it('says sizes in KB and MB', () => {
    expect(formatBytes(512)).toBe('1 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
