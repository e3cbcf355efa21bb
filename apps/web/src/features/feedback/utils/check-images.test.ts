import { UPLOAD_MAX_BYTES } from '@lotus/shared/constants';
import { describe, expect, it } from 'vitest';
import { checkImages } from './check-images.ts';

const PNG_HEAD = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);

function png(name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}

describe('checkImages', () => {
  it('accepts PNG and JPEG files up to three', async () => {
    const jpeg = new File([JPEG_HEAD], 'b.jpg', { type: 'image/jpeg' });
    const result = await checkImages([png('a.png'), jpeg], 0);
    expect(result.accepted.map((file) => file.name)).toEqual(['a.png', 'b.jpg']);
    expect(result.rejected).toEqual([]);
  });

  it('refuses a GIF even when it calls itself PNG', async () => {
    const gif = new File([new TextEncoder().encode('GIF89a....')], 'c.png', { type: 'image/png' });
    expect((await checkImages([gif], 0)).rejected).toEqual([{ name: 'c.png', code: 'upload_type' }]);
  });

  it('refuses a file over 5 MB, and accepts exactly 5 MB', async () => {
    const result = await checkImages(
      [png('big.png', UPLOAD_MAX_BYTES + 1), png('edge.png', UPLOAD_MAX_BYTES)],
      0,
    );
    expect(result.rejected).toEqual([{ name: 'big.png', code: 'upload_too_large' }]);
    expect(result.accepted.map((file) => file.name)).toEqual(['edge.png']);
  });

  it('refuses what would make more than three, counting the attached ones', async () => {
    const result = await checkImages([png('3.png'), png('4.png')], 2);
    expect(result.accepted.map((file) => file.name)).toEqual(['3.png']);
    expect(result.rejected).toEqual([{ name: '4.png', code: 'upload_too_many' }]);
  });
});
