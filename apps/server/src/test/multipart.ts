import { randomBytes } from 'node:crypto';

/** A part of a multipart form: a text field, or a file with the name and type the client claims. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type: string; content: Buffer };

/** A multipart/form-data body, built by hand as a browser would send it: the payload and its header. */
export function multipartForm(parts: readonly FormPart[]) {
  const boundary = `----LogoschoolTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n`));
      chunks.push(Buffer.from(part.value, 'utf8'));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
      );
      chunks.push(part.content);
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A file part named `file`. */
export const filePart = (content: Buffer, filename: string, type: string): FormPart => ({
  name: 'file',
  filename,
  type,
  content,
});
