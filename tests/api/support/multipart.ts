import { randomBytes } from 'node:crypto';

export interface MultipartPart {
  name: string;
  /** A plain field's value. */
  value?: string;
  /** A file part: its name as the browser sends it, and its bytes. */
  filename?: string;
  content?: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, for `inject`. */
export function multipartRequest(parts: readonly MultipartPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----lgtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.filename !== undefined) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.content ?? Buffer.alloc(0));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Bytes that start like a real file of that kind (what the server sniffs), padded to `size`. */
export function fileBytes(kind: 'png' | 'jpeg' | 'pdf' | 'ole' | 'zip' | 'text', size = 256): Buffer {
  const heads: Record<typeof kind, number[]> = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    pdf: [...Buffer.from('%PDF-1.7\n')],
    ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    zip: [0x50, 0x4b, 0x03, 0x04],
    text: [...Buffer.from('hello, this is plain text\n')],
  };
  const buffer = Buffer.alloc(size, kind === 'text' ? 0x61 : 0);
  Buffer.from(heads[kind]).copy(buffer);
  if (kind !== 'text')
    randomBytes(Math.max(0, Math.min(size, 64) - heads[kind].length)).copy(buffer, heads[kind].length);
  return buffer;
}
