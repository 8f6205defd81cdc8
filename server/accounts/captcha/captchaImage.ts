/**
 * Dependency-free image captcha: draws the text with a hand-written bitmap font
 * (distorted, on a noisy background) and encodes the result as an RGB PNG.
 */
import { randomBytes, randomInt } from 'node:crypto';
import * as zlib from 'node:zlib';
import { BITMAP_FONT, GLYPH_HEIGHT, GLYPH_WIDTH, glyphHasInk } from './bitmapFont.js';

/** Digits 2-9 and uppercase letters without the confusable I, L and O. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export interface CaptchaRenderOptions {
  width?: number;
  height?: number;
  /** Makes the noise and distortion deterministic (tests only). */
  seed?: number;
}

type Rng = () => number;
type Rgb = readonly [number, number, number];

const MAX_DIMENSION = 2048;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function randomCaptchaText(length = 6): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('length must be a positive integer');
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

export function renderCaptchaPng(text: string, options: CaptchaRenderOptions = {}): Buffer {
  const width = options.width ?? 160;
  const height = options.height ?? 48;
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_DIMENSION) {
      throw new RangeError(`${name} must be an integer between 1 and ${MAX_DIMENSION}`);
    }
  }
  const chars = [...text];
  if (chars.length === 0) throw new RangeError('text must not be empty');
  const glyphs = chars.map((ch) => {
    const glyph = BITMAP_FONT[ch];
    if (!glyph) throw new RangeError(`no glyph for character ${JSON.stringify(ch)}`);
    return glyph;
  });

  const rng = options.seed === undefined ? cryptoRng() : mulberry32(options.seed);
  const rand = (min: number, max: number): number => min + rng() * (max - min);
  const canvas = new Canvas(width, height);

  // Light background with per-pixel noise.
  const base: Rgb = [rand(225, 245), rand(225, 245), rand(225, 245)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = rand(-16, 16);
      canvas.set(x, y, [base[0] + n + rand(-6, 6), base[1] + n + rand(-6, 6), base[2] + n + rand(-6, 6)]);
    }
  }

  // Glyphs: scaled, randomly offset, rotated, sheared and coloured.
  const scale = Math.max(
    1,
    Math.min(Math.floor((height * 0.75) / GLYPH_HEIGHT), Math.floor(width / (glyphs.length * (GLYPH_WIDTH + 1) + 2))),
  );
  const cell = (GLYPH_WIDTH + 1) * scale;
  const firstCenter = (width - cell * glyphs.length) / 2 + cell / 2;
  // Leave room for the rotated corners so glyphs are never clipped at the edges.
  const maxDy = Math.max(0, (height - GLYPH_HEIGHT * scale) / 2 - scale);
  glyphs.forEach((glyph, i) => {
    drawGlyph(canvas, glyph, {
      cx: firstCenter + i * cell + rand(-scale / 2, scale / 2),
      cy: height / 2 + rand(-maxDy, maxDy),
      scale,
      angle: rand(-0.2, 0.2),
      shear: rand(-0.25, 0.25),
      colour: [rand(0, 95), rand(0, 95), rand(0, 95)],
    });
  });

  // A few lines (the first one wavy) crossing the text.
  const lineCount = 3;
  for (let i = 0; i < lineCount; i++) {
    const colour: Rgb = [rand(90, 180), rand(90, 180), rand(90, 180)];
    const y0 = rand(height * 0.15, height * 0.85);
    const y1 = rand(height * 0.15, height * 0.85);
    const amplitude = i === 0 ? rand(height * 0.08, height * 0.2) : 0;
    const phase = rand(0, Math.PI * 2);
    const thickness = i === 0 ? 2 : 1;
    const steps = width * 3;
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const x = Math.floor(t * (width - 1));
      const y = Math.floor(y0 + (y1 - y0) * t + amplitude * Math.sin(t * Math.PI * 3 + phase));
      for (let d = 0; d < thickness; d++) canvas.set(x, y + d, colour);
    }
  }

  // Speckles of random colour.
  const dotCount = Math.round((width * height) / 30);
  for (let i = 0; i < dotCount; i++) {
    canvas.set(Math.floor(rng() * width), Math.floor(rng() * height), [rand(0, 255), rand(0, 255), rand(0, 255)]);
  }

  return encodePng(width, height, canvas.pixels);
}

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = clampByte(r);
    this.pixels[i + 1] = clampByte(g);
    this.pixels[i + 2] = clampByte(b);
  }
}

interface GlyphPlacement {
  cx: number;
  cy: number;
  scale: number;
  angle: number;
  shear: number;
  colour: Rgb;
}

/** Inverse-maps every pixel around the glyph centre back into font space. */
function drawGlyph(canvas: Canvas, glyph: readonly string[], p: GlyphPlacement): void {
  const cos = Math.cos(p.angle);
  const sin = Math.sin(p.angle);
  const reach = Math.ceil(p.scale * 5) + 1;
  for (let y = Math.floor(p.cy - reach); y <= Math.ceil(p.cy + reach); y++) {
    for (let x = Math.floor(p.cx - reach); x <= Math.ceil(p.cx + reach); x++) {
      const dx = x + 0.5 - p.cx;
      const dy = y + 0.5 - p.cy;
      const v = -sin * dx + cos * dy;
      const u = cos * dx + sin * dy - p.shear * v;
      const col = Math.floor(u / p.scale + GLYPH_WIDTH / 2);
      const row = Math.floor(v / p.scale + GLYPH_HEIGHT / 2);
      if (glyphHasInk(glyph, col, row)) canvas.set(x, y, p.colour);
    }
  }
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}

function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
}

/** Uniform [0, 1) numbers from a buffered crypto random source. */
function cryptoRng(): Rng {
  let buffer = randomBytes(4096);
  let offset = 0;
  return () => {
    if (offset >= buffer.length) {
      buffer = randomBytes(4096);
      offset = 0;
    }
    const value = buffer.readUInt32LE(offset);
    offset += 4;
    return value / 0x100000000;
  };
}

// --- PNG encoding -----------------------------------------------------------

const nativeCrc32 = (zlib as unknown as { crc32?: (data: Uint8Array) => number }).crc32;
let crcTable: Uint32Array | undefined;

/** Table-driven CRC-32 (used when zlib.crc32 is unavailable, Node < 20.15). */
export function tableCrc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function crc32(data: Uint8Array): number {
  return nativeCrc32 ? nativeCrc32(data) >>> 0 : tableCrc32(data);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace

  const stride = width * 3;
  const raw = Buffer.alloc(height * (1 + stride));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + stride)] = 0; // filter type: None
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (1 + stride) + 1);
  }

  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
