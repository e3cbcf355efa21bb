import { randomInt } from 'node:crypto';
import { deflateSync, crc32 as zlibCrc32 } from 'node:zlib';

/**
 * A small captcha renderer, so the captcha needs no image library: a 5×7 bitmap font for the 32 answer
 * characters, drawn at 3× with a per-glyph offset and slant, over speckled background and crossing
 * lines, encoded as an 8-bit greyscale PNG (node:zlib for the IDAT stream, CRC-32 by hand).
 */

export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

const SCALE = 3;
const GLYPH_W = 5;
const GLYPH_H = 7;

/** Rows of each glyph, top to bottom, as 5-bit strings ('1' = ink). */
const FONT: Record<string, readonly string[]> = {
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11100', '10010', '10001', '10001', '10001', '10010', '11100'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
};

/** Random integer in [min, max). Injectable so tests can render deterministically. */
export type RandomInt = (min: number, max: number) => number;

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height);
  }

  set(x: number, y: number, shade: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.pixels[y * this.width + x] = shade;
  }

  line(x0: number, y0: number, x1: number, y1: number, shade: number): void {
    // Bresenham: integer steps, no anti-aliasing (the noise should look like the glyph strokes).
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1;
    const sy = y0 < y1 ? 1 : -1;
    let error = dx + dy;
    let x = x0;
    let y = y0;
    for (;;) {
      this.set(x, y, shade);
      if (x === x1 && y === y1) return;
      const doubled = 2 * error;
      if (doubled >= dy) {
        error += dy;
        x += sx;
      }
      if (doubled <= dx) {
        error += dx;
        y += sy;
      }
    }
  }
}

function drawGlyph(
  canvas: Canvas,
  glyph: readonly string[],
  left: number,
  top: number,
  slant: number,
  shade: number,
): void {
  glyph.forEach((row, rowIndex) => {
    // Slant shifts lower rows sideways (−1, 0 or +1 px per two font rows) so glyphs do not line up on a grid.
    const shift = Math.round(((rowIndex - GLYPH_H / 2) * slant) / 2);
    for (let column = 0; column < GLYPH_W; column += 1) {
      if (row[column] !== '1') continue;
      for (let dy = 0; dy < SCALE; dy += 1) {
        for (let dx = 0; dx < SCALE; dx += 1) {
          canvas.set(left + column * SCALE + dx + shift, top + rowIndex * SCALE + dy, shade);
        }
      }
    }
  });
}

/** Draws `answer` (characters of CAPTCHA_ALPHABET) and returns the PNG bytes. */
export function renderCaptcha(answer: string, random: RandomInt = randomInt): Buffer {
  const canvas = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  canvas.pixels.forEach((_value, index) => {
    canvas.pixels[index] = random(225, 256);
  });
  const slot = Math.floor(CAPTCHA_WIDTH / Math.max(answer.length, 1));
  const glyphWidth = GLYPH_W * SCALE;
  const glyphHeight = GLYPH_H * SCALE;
  [...answer].forEach((character, index) => {
    const glyph = FONT[character.toUpperCase()];
    if (!glyph) throw new Error(`no captcha glyph for ${JSON.stringify(character)}`);
    const left = index * slot + Math.floor((slot - glyphWidth) / 2) + random(-3, 4);
    const top = random(3, CAPTCHA_HEIGHT - glyphHeight - 2);
    drawGlyph(canvas, glyph, left, top, random(-1, 2), random(20, 90));
  });
  for (let count = 0; count < 4; count += 1) {
    canvas.line(
      random(0, 20),
      random(0, CAPTCHA_HEIGHT),
      random(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH),
      random(0, CAPTCHA_HEIGHT),
      random(60, 140),
    );
  }
  for (let count = 0; count < 160; count += 1) {
    canvas.set(random(0, CAPTCHA_WIDTH), random(0, CAPTCHA_HEIGHT), random(40, 200));
  }
  return encodeGreyPng(canvas.width, canvas.height, canvas.pixels);
}

/** CRC-32 (ISO 3309), as PNG chunks need it: Node's own (zlib). */
export function crc32(bytes: Uint8Array): number {
  return zlibCrc32(bytes);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit greyscale, non-interlaced PNG; every scanline uses filter 0 (none). */
export function encodeGreyPng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width + 1)] = 0;
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
