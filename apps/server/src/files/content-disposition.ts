/**
 * A `Content-Disposition` value naming a file (RFC 6266): `filename` keeps printable ASCII only
 * (others, quotes, backslashes and `%` become `_`) for old clients; `filename*` (RFC 8187) gives the
 * real name, UTF-8 percent-encoded, with `'()*` encoded too since they may not appear there raw.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
