import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

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

/**
 * Bytes that start like a real file of that kind (what the server sniffs), padded to `size`. Images start with a
 * header saying 1 × 1 pixels (a PNG's IHDR, a JPEG's frame header), which the upload's pixel budget reads.
 */
export function fileBytes(kind: 'png' | 'jpeg' | 'pdf' | 'ole' | 'zip' | 'text', size = 256): Buffer {
  if (kind === 'zip') return storedZip(size);
  const heads: Record<Exclude<typeof kind, 'zip'>, number[]> = {
    png: [
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...[0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde],
    ],
    jpeg: [0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 1, 0, 1, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0],
    pdf: [...Buffer.from('%PDF-1.7\n')],
    ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    text: [...Buffer.from('hello, this is plain text\n')],
  };
  const buffer = Buffer.alloc(size, kind === 'text' ? 0x61 : 0);
  Buffer.from(heads[kind]).copy(buffer);
  if (kind !== 'text')
    randomBytes(Math.max(0, Math.min(size, 64) - heads[kind].length)).copy(buffer, heads[kind].length);
  return buffer;
}

/**
 * A real zip of about `size` bytes: one stored (uncompressed) entry of random bytes, so that the upload's archive
 * budget can read it (what it inflates to is what it holds).
 */
function storedZip(size: number): Buffer {
  const name = Buffer.from('data.bin');
  const overhead = 30 + 46 + 22 + 2 * name.length;
  const data = randomBytes(Math.max(0, size - overhead));
  const crc = crc32(data) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
