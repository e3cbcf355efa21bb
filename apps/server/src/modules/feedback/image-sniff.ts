import { AppError } from '../../lib/app-error.ts';
import { cleanImage } from './image-clean.ts';
import type { SniffedImageType } from './image-type.ts';

/**
 * What an uploaded file is, judged by its first bytes (never by its name or the type the browser declared,
 * both of which the sender controls). Only the two formats SPEC §5 accepts are recognised.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG's first chunk is always IHDR, right after the 8-byte signature and the 4-byte chunk length. */
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52];
/** SOI marker followed by the start of the next marker. */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((value, index) => bytes[offset + index] === value);
}

export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, PNG_IHDR, 12)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/**
 * An uploaded picture with its type judged from its bytes, or `415 upload_type` (with the error's optional
 * log message and client details) when it is neither PNG nor JPEG. The bytes answered are the cleaned
 * picture (`cleanImage`: metadata and trailing bytes dropped, truncated files and pixel floods refused):
 * callers store those, never the upload as received.
 */
export function requireImage(
  bytes: Uint8Array,
  error: { message?: string; details?: Record<string, unknown> } = {},
): { bytes: Uint8Array; type: SniffedImageType } {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('upload_type', error);
  const clean = cleanImage(bytes, type);
  return { bytes: clean.bytes, type };
}
