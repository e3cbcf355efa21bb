/**
 * SPEC §5/§8 uploads: PNG or JPG only. The file name and the type the browser reports come from the
 * visitor's system and can lie (a GIF renamed .png), so the first bytes decide, as on the server, which
 * checks again.
 */
export type ImageKind = 'png' | 'jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** A PNG's first chunk is always IHDR, after the signature and the chunk's 4-byte length (as the server checks). */
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52] as const;
const PNG_IHDR_OFFSET = 12;
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;
const HEAD_BYTES = PNG_IHDR_OFFSET + PNG_IHDR.length;

function hasAt(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  return (
    bytes.length >= offset + expected.length &&
    expected.every((byte, index) => bytes[offset + index] === byte)
  );
}

export function imageKindOfBytes(bytes: Uint8Array): ImageKind | null {
  if (hasAt(bytes, PNG_SIGNATURE) && hasAt(bytes, PNG_IHDR, PNG_IHDR_OFFSET)) return 'png';
  if (hasAt(bytes, JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** Reads only the first bytes of the file, not the whole (up to 5 MB) image. */
export async function imageKindOfFile(file: Blob): Promise<ImageKind | null> {
  const head = await file.slice(0, HEAD_BYTES).arrayBuffer();
  return imageKindOfBytes(new Uint8Array(head));
}
