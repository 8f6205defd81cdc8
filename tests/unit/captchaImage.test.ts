import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BITMAP_FONT, GLYPH_HEIGHT, GLYPH_WIDTH } from '../../server/accounts/captcha/bitmapFont.js';
import {
  CAPTCHA_ALPHABET,
  randomCaptchaText,
  renderCaptchaPng,
  tableCrc32,
} from '../../server/accounts/captcha/captchaImage.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    chunks.push({ type, data, crc });
    offset += 12 + length;
  }
  return chunks;
}

describe('captchaImage', () => {
  it('renders a well-formed 8-bit RGB PNG with the default size', () => {
    const png = renderCaptchaPng('A3B7K9', { seed: 1 });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    const chunks = readChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0].data;
    expect(ihdr.length).toBe(13);
    expect(ihdr.readUInt32BE(0)).toBe(160);
    expect(ihdr.readUInt32BE(4)).toBe(48);
    expect(ihdr[8]).toBe(8);
    expect(ihdr[9]).toBe(2);

    for (const chunk of chunks) {
      expect(chunk.crc).toBe(tableCrc32(Buffer.concat([Buffer.from(chunk.type, 'ascii'), chunk.data])));
    }

    const raw = zlib.inflateSync(chunks[1].data);
    expect(raw.length).toBe(48 * (1 + 160 * 3));
    for (let y = 0; y < 48; y++) expect(raw[y * (1 + 160 * 3)]).toBe(0);
  });

  it('honours custom width and height', () => {
    const png = renderCaptchaPng('XYZ', { width: 120, height: 40, seed: 7 });
    const [ihdr, idat] = readChunks(png);
    expect(ihdr.data.readUInt32BE(0)).toBe(120);
    expect(ihdr.data.readUInt32BE(4)).toBe(40);
    expect(zlib.inflateSync(idat.data).length).toBe(40 * (1 + 120 * 3));
  });

  it('draws dark ink for the text on a light background', () => {
    const raw = zlib.inflateSync(readChunks(renderCaptchaPng('WWWWWW', { seed: 3 }))[1].data);
    let dark = 0;
    for (let y = 0; y < 48; y++) {
      for (let x = 0; x < 160; x++) {
        const i = y * (1 + 160 * 3) + 1 + x * 3;
        if (raw[i] + raw[i + 1] + raw[i + 2] < 3 * 120) dark++;
      }
    }
    expect(dark).toBeGreaterThan(160 * 48 * 0.1);
    expect(dark).toBeLessThan(160 * 48 * 0.6);
  });

  it('has a well-formed glyph for every alphabet character', () => {
    expect(CAPTCHA_ALPHABET).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
    for (const ch of 'ILO01') expect(CAPTCHA_ALPHABET).not.toContain(ch);
    const seen = new Set<string>();
    for (const ch of CAPTCHA_ALPHABET) {
      const glyph = BITMAP_FONT[ch];
      expect(glyph, ch).toBeDefined();
      expect(glyph).toHaveLength(GLYPH_HEIGHT);
      for (const row of glyph) expect(row).toMatch(new RegExp(`^[#.]{${GLYPH_WIDTH}}$`));
      const key = glyph.join('');
      expect(seen.has(key), `${ch} duplicates another glyph`).toBe(false);
      seen.add(key);
    }
  });

  it('rejects characters without a glyph', () => {
    expect(() => renderCaptchaPng('AB0')).toThrow(RangeError);
    expect(() => renderCaptchaPng('')).toThrow(RangeError);
  });

  it('is deterministic for a seed and depends on text and seed', () => {
    const a = renderCaptchaPng('A3B7K9', { seed: 42 });
    expect(renderCaptchaPng('A3B7K9', { seed: 42 }).equals(a)).toBe(true);
    expect(renderCaptchaPng('A3B7K8', { seed: 42 }).equals(a)).toBe(false);
    expect(renderCaptchaPng('A3B7K9', { seed: 43 }).equals(a)).toBe(false);
    expect(renderCaptchaPng('A3B7K9').equals(renderCaptchaPng('A3B7K9'))).toBe(false);
  });

  it('computes the standard CRC-32 in the fallback', () => {
    expect(tableCrc32(Buffer.from('IEND', 'ascii'))).toBe(0xae426082);
    expect(tableCrc32(Buffer.from('123456789', 'ascii'))).toBe(0xcbf43926);
  });

  it('randomCaptchaText gives 6 characters from the alphabet', () => {
    for (let i = 0; i < 50; i++) {
      const text = randomCaptchaText();
      expect(text).toHaveLength(6);
      for (const ch of text) expect(CAPTCHA_ALPHABET).toContain(ch);
    }
    expect(randomCaptchaText(4)).toHaveLength(4);
  });
});
