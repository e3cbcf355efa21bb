import { describe, expect, it } from 'vitest';
import { TINY_GIF, TINY_JPEG, TINY_PNG } from '../../../test/helpers/tiny-images.ts';
import { sniffImageType } from './image-sniff.ts';

describe('sniffImageType', () => {
  it('recognises real PNG and JPEG files by their bytes', () => {
    expect(sniffImageType(TINY_PNG)).toBe('image/png');
    expect(sniffImageType(TINY_JPEG)).toBe('image/jpeg');
  });

  it.each([
    ['a GIF', TINY_GIF],
    ['text', Buffer.from('not an image, whatever the file name says')],
    ['an empty file', Buffer.alloc(0)],
    ['a truncated PNG signature', TINY_PNG.subarray(0, 6)],
    ['a PNG signature without an IHDR chunk', Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.alloc(16)])],
    ['a lone JPEG start byte pair', Buffer.from([0xff, 0xd8])],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});
