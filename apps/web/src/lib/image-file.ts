/**
 * What a picked image really is, told by its first bytes as the server tells it (it refuses a file
 * whose bytes are no image, whatever its name says): a renamed document is refused when picked,
 * not when the form is sent.
 */

/** How many bytes the signatures below need. */
const HEAD_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type of a file's first bytes (PNG, JPEG, GIF or WebP), or null for anything else. */
export function imageTypeOf(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) &&
    (head[4] === 0x37 || head[4] === 0x39) &&
    head[5] === 0x61
  ) {
    return 'image/gif';
  }
  // RIFF….WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** Why a picked file cannot be the image asked for: not one of `types` (by name or by bytes), or too large. */
export type ImageProblem = 'type' | 'size';

/**
 * Checks a picked file against the contract's image types and size limit: its declared type, its
 * size, and then its bytes. Null when it may be sent.
 */
export async function imageProblem(
  file: Blob,
  { types, maxBytes }: { types: readonly string[]; maxBytes: number },
): Promise<ImageProblem | null> {
  if (!types.includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const actual = imageTypeOf(head);
  return actual !== null && types.includes(actual) ? null : 'type';
}
