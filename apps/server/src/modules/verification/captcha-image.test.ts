import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, crc32, renderCaptcha } from './captcha-image.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type Chunk = { type: string; data: Buffer; crcOk: boolean };

function chunksOf(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    chunks.push({ type, data, crcOk: crc === crc32(png.subarray(offset + 4, offset + 8 + length)) });
    offset += 12 + length;
  }
  return chunks;
}

/** A fixed sequence instead of crypto randomness, so two renders differ only by their answer. */
function seeded(seed: number) {
  let state = seed;
  return (min: number, max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return min + (state % (max - min));
  };
}

describe('captcha image', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789', 'ascii'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND', 'ascii'))).toBe(0xae426082);
  });

  it('is a valid greyscale PNG of 120×40 with correct chunk CRCs', () => {
    const png = renderCaptcha('AB3Z');
    expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
    const chunks = chunksOf(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((chunk) => chunk.crcOk)).toBe(true);
    const header = chunks[0]?.data as Buffer;
    expect(header.readUInt32BE(0)).toBe(CAPTCHA_WIDTH);
    expect(header.readUInt32BE(4)).toBe(CAPTCHA_HEIGHT);
    expect([...header.subarray(8)]).toEqual([8, 0, 0, 0, 0]);
    const raw = inflateSync(chunks[1]?.data as Buffer);
    expect(raw.length).toBe((CAPTCHA_WIDTH + 1) * CAPTCHA_HEIGHT);
    // Every scanline starts with filter type 0.
    for (let y = 0; y < CAPTCHA_HEIGHT; y += 1) expect(raw[y * (CAPTCHA_WIDTH + 1)]).toBe(0);
  });

  it('draws dark glyph ink over a light background', () => {
    const raw = inflateSync(chunksOf(renderCaptcha('WXYZ', seeded(7)))[1]?.data as Buffer);
    const dark = [...raw].filter((value, index) => index % (CAPTCHA_WIDTH + 1) !== 0 && value < 100).length;
    // Four 5×7 glyphs at 3× have well over 200 ink pixels; noise alone is far fewer.
    expect(dark).toBeGreaterThan(200);
  });

  it('differs per answer (same noise, different text) and has a glyph for every answer character', () => {
    const images = new Set<string>();
    for (const character of CAPTCHA_ALPHABET) {
      images.add(renderCaptcha(character.repeat(4), seeded(42)).toString('base64'));
    }
    expect(images.size).toBe(CAPTCHA_ALPHABET.length);
    expect(renderCaptcha('ab2c', seeded(1)).equals(renderCaptcha('AB2C', seeded(1)))).toBe(true);
    expect(() => renderCaptcha('0O1I')).toThrow(/no captcha glyph/);
  });
});
