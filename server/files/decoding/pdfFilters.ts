import { constants, inflateSync } from 'node:zlib';

/**
 * The PDF stream filters that expand data (Flate, LZW, run-length, ASCII85, ASCIIHex), each bounded: a stage
 * stops with OverBudget as soon as its output passes `limit`, so measuring a stream costs at most the budget.
 * Flate is zlib's (native); the others are small enough to write here.
 */

/** A stage's output passed its limit. */
export class OverBudget extends Error {}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
/** A growing output buffer that refuses to pass `limit` bytes. */
class Output {
  private buffer: Buffer;
  length = 0;

  constructor(
    private readonly limit: number,
    expected: number,
  ) {
    this.buffer = Buffer.alloc(Math.max(64, Math.min(limit + 1, expected)));
  }

  private room(bytes: number): void {
    if (this.length + bytes > this.limit) throw new OverBudget();
    if (this.length + bytes <= this.buffer.length) return;
    const next = Buffer.alloc(Math.min(this.limit + 1, Math.max(this.length + bytes, this.buffer.length * 2)));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  push(byte: number): void {
    this.room(1);
    this.buffer[this.length++] = byte;
  }

  fill(byte: number, count: number): void {
    this.room(count);
    this.buffer.fill(byte, this.length, this.length + count);
    this.length += count;
  }

  copy(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Room for `count` bytes written directly at `at` = the current length (then `advance`). */
  reserve(count: number): Buffer {
    this.room(count);
    return this.buffer;
  }

  advance(count: number): void {
    this.length += count;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** ASCIIHexDecode: two hex digits a byte, whitespace skipped, `>` ends. */
function asciiHex(data: Uint8Array): Buffer {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  const end = text.indexOf('>');
  const digits = (end === -1 ? text : text.slice(0, end)).replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

/** ASCII85Decode: five characters four bytes, `z` four zero bytes, `~>` ends. */
function ascii85(data: Uint8Array, limit: number): Buffer {
  const out = new Output(limit, data.length);
  let value = 0;
  let count = 0;
  const emit = (bytes: number) => {
    for (let index = 0; index < bytes; index++) out.push((value >>> (24 - 8 * index)) & 0xff);
  };
  for (const byte of data) {
    if (byte === 0x7e) break;
    if (WHITESPACE.has(byte)) continue;
    if (byte === 0x7a && count === 0) {
      out.fill(0, 4);
    } else if (byte >= 0x21 && byte <= 0x75) {
      value = value * 85 + (byte - 0x21);
      count += 1;
      if (count === 5) {
        emit(4);
        value = 0;
        count = 0;
      }
    }
  }
  if (count > 1) {
    const bytes = count - 1;
    for (; count < 5; count++) value = value * 85 + 84;
    emit(bytes);
  }
  return out.bytes();
}

/** RunLengthDecode: a length byte, then that many bytes plus one, or one byte repeated 257 − length times. */
function runLength(data: Uint8Array, limit: number): Buffer {
  const out = new Output(limit, data.length * 2);
  let position = 0;
  while (position < data.length) {
    const length = data[position];
    if (length === 128) break;
    if (length < 128) {
      out.copy(data.subarray(position + 1, position + 2 + length));
      position += 2 + length;
    } else {
      if (position + 1 >= data.length) break;
      out.fill(data[position + 1], 257 - length);
      position += 2;
    }
  }
  return out.bytes();
}

/**
 * LZWDecode (early change, the PDF default): 9- to 12-bit codes, 256 clears, 257 ends. The table keeps each
 * entry as its prefix entry and last byte, so a code costs no allocation.
 */
function lzw(data: Uint8Array, limit: number): Buffer {
  const out = new Output(limit, data.length * 4);
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let code = 0; code < 256; code++) {
    prefix[code] = -1;
    suffix[code] = code;
    lengths[code] = 1;
  }
  let next = 258;
  let width = 9;
  let bits = 0;
  let buffer = 0;
  let previous = -1;
  /** Writes entry `code` and answers its first byte. */
  const write = (code: number): number => {
    const length = lengths[code];
    const target = out.reserve(length);
    const start = out.length;
    let at = code;
    for (let index = length - 1; index >= 0; index--) {
      target[start + index] = suffix[at];
      at = prefix[at];
    }
    out.advance(length);
    return target[start];
  };
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return out.bytes();
      let first: number;
      if (code < next && (code < 256 || code > 257)) {
        first = write(code);
      } else if (code === next && previous !== -1) {
        // The entry being defined: the previous one plus its own first byte.
        const start = out.length;
        write(previous);
        first = out.bytes()[start];
        out.push(first);
      } else {
        return out.bytes();
      }
      if (previous !== -1 && next < 4096) {
        prefix[next] = previous;
        suffix[next] = first;
        lengths[next] = lengths[previous] + 1;
        next += 1;
      }
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width += 1;
    }
  }
  return out.bytes();
}

/** One filter's output, at most `limit` bytes (else OverBudget); null for a filter that is not inflated here. */
export function decodeStage(filter: string, data: Uint8Array, limit: number): Uint8Array | null {
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      try {
        return inflateSync(data, { maxOutputLength: limit + 1, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new OverBudget();
        return null; // not a zlib stream: no library inflates it either
      }
    case 'LZWDecode':
    case 'LZW':
      return lzw(data, limit);
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex(data);
    case 'ASCII85Decode':
    case 'A85':
      return ascii85(data, limit);
    case 'RunLengthDecode':
    case 'RL':
      return runLength(data, limit);
    default:
      // Image codecs (DCT, JPX, CCITT, JBIG2) and Crypt: the result is pixels, or the stream is encrypted.
      return null;
  }
}
