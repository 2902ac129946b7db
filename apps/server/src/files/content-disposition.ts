import { encodeExtended } from 'content-disposition';

/**
 * A `Content-Disposition` value naming a file (RFC 6266): `filename` keeps printable ASCII only
 * (others, quotes, backslashes and `%` become `_`) for old clients; `filename*` gives the real name,
 * encoded by the `content-disposition` package (RFC 8187: UTF-8, percent-encoded, `'()*` too).
 *
 * The package's own `create` is not used as it is: it leaves `filename*` out when the name is plain
 * ASCII and writes such a name unquoted (`filename=sun.png`), and its fallback turns other
 * characters into `?`. Our clients and tests read both parameters, always, with `filename` quoted.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=${encodeExtended(filename)}`;
}
