import { DECODE_BUDGETS, DECODE_MSG } from './budgets';
import { DecodeRefusal } from './refusal';

/**
 * An image's size from its header alone: a PNG's IHDR (the first chunk, at a fixed place) or a JPEG's frame header
 * (SOFn), found by hopping from segment to segment by their lengths. Reading it is not decoding: a few hundred
 * steps for any real file and at most one per four bytes for a crafted one, so it runs on the request thread and
 * every image is measured before anything else is done with it.
 */
export interface ImageSize {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG colour types and the bit depths each allows. */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function pngSize(content: Uint8Array): ImageSize | null {
  if (content.length < 33 || !PNG_SIGNATURE.every((byte, index) => content[index] === byte)) return null;
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  if (view.getUint32(8) !== 13 || String.fromCharCode(...content.subarray(12, 16)) !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const depth = content[24];
  const colourType = content[25];
  if (width === 0 || height === 0 || !PNG_DEPTHS[colourType]?.includes(depth)) return null;
  return { format: 'png', width, height };
}

/** Markers that stand alone, without a length: TEM, RST0-7, SOI, EOI. */
function standalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
function isFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(content: Uint8Array): ImageSize | null {
  if (content.length < 4 || content[0] !== 0xff || content[1] !== 0xd8) return null;
  let position = 2;
  while (position + 4 <= content.length) {
    if (content[position] !== 0xff) return null;
    const marker = content[position + 1];
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (standalone(marker)) {
      position += 2;
      continue;
    }
    const length = (content[position + 2] << 8) | content[position + 3];
    if (length < 2) return null;
    if (isFrame(marker)) {
      if (position + 9 > content.length || length < 8) return null;
      const height = (content[position + 5] << 8) | content[position + 6];
      const width = (content[position + 7] << 8) | content[position + 8];
      return width > 0 && height > 0 ? { format: 'jpeg', width, height } : null;
    }
    // The scan starts before any frame header: not a JPEG this server can size.
    if (marker === 0xda) return null;
    position += 2 + length;
  }
  return null;
}

/** The image's format and size from its header, or null when the header is not a PNG's or a JPEG's. */
export function imageSize(content: Uint8Array): ImageSize | null {
  return pngSize(content) ?? jpegSize(content);
}

/**
 * The image's size, refused (DecodeRefusal, 1040400) when the header cannot be read or claims more pixels than
 * DECODE_BUDGETS.image.pixels. Every path that stores or decodes an image calls this first.
 */
export function checkImageBudget(content: Uint8Array): ImageSize {
  const size = imageSize(content);
  if (!size) throw new DecodeRefusal(DECODE_MSG.imageUnreadable, 'imageHeader');
  if (size.width * size.height > DECODE_BUDGETS.image.pixels) {
    throw new DecodeRefusal(DECODE_MSG.imagePixels, 'imagePixels');
  }
  return size;
}
