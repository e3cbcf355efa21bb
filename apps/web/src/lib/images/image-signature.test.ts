import { describe, expect, it } from 'vitest';
import { imageKindOfBytes, imageKindOfFile } from './image-signature.ts';

// Signature, then the IHDR chunk's length (13) and type.
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];
const GIF_HEAD = [...'GIF89a'].map((character) => character.charCodeAt(0));

describe('image signature', () => {
  it('recognises PNG and JPEG by their first bytes', () => {
    expect(imageKindOfBytes(Uint8Array.from(PNG_HEAD))).toBe('png');
    expect(imageKindOfBytes(Uint8Array.from(JPEG_HEAD))).toBe('jpeg');
  });

  it('refuses GIF, truncated and empty data', () => {
    expect(imageKindOfBytes(Uint8Array.from(GIF_HEAD))).toBeNull();
    expect(imageKindOfBytes(Uint8Array.from(PNG_HEAD.slice(0, 4)))).toBeNull();
    // The PNG signature alone, without the IHDR chunk the format requires next, is not a PNG.
    expect(imageKindOfBytes(Uint8Array.from(PNG_HEAD.slice(0, 8)))).toBeNull();
    expect(imageKindOfBytes(new Uint8Array())).toBeNull();
  });

  it('judges a file by its content, not its name or declared type', async () => {
    const disguised = new File([Uint8Array.from(GIF_HEAD)], 'photo.png', { type: 'image/png' });
    const real = new File([Uint8Array.from(JPEG_HEAD)], 'scan.bin', { type: 'application/octet-stream' });
    expect(await imageKindOfFile(disguised)).toBeNull();
    expect(await imageKindOfFile(real)).toBe('jpeg');
  });
});
