import { crc32 as zlibCrc32 } from 'node:zlib';
import { AppError } from '../../lib/app-error.ts';
import type { SniffedImageType } from './image-type.ts';

/**
 * Re-assembles an uploaded PNG or JPEG from only the parts a viewer needs to draw it (issue 7, upload
 * corpus), so what is stored and served again
 * - carries no metadata: a phone photo's EXIF holds where and when it was taken and the device; PNG text
 *   chunks and JPEG comments can hold anything (a proof of payment must not leak more than its pixels);
 * - ends where the image ends: bytes after IEND / EOI are dropped, so a PNG+ZIP or JPEG+HTML polyglot
 *   becomes a plain picture, and HTML hidden in a comment or text chunk is gone;
 * - is structurally whole: a truncated file or one whose chunks do not parse is refused (`upload_type`);
 * - is not a pixel flood: the declared size is read from the header and anything above
 *   IMAGE_MAX_PIXELS is refused (`upload_dimensions`) before any viewer tries to allocate it.
 * Pure TypeScript over the bytes: no image library decodes (or is exposed to) the upload.
 */

/** 50 megapixels: a 48 MP phone camera still passes; a 100000×100000 "tiny" flood does not. */
export const IMAGE_MAX_PIXELS = 50_000_000;

export type CleanImage = { bytes: Uint8Array; type: SniffedImageType; width: number; height: number };

function malformed(message: string): AppError {
  return new AppError('upload_type', { message: `image refused: ${message}` });
}

function checkDimensions(width: number, height: number): void {
  if (width <= 0 || height <= 0) throw malformed('zero width or height');
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new AppError('upload_dimensions', {
      message: `image refused: ${width}×${height} pixels`,
      details: { maxPixels: IMAGE_MAX_PIXELS },
    });
  }
}

export function cleanImage(bytes: Uint8Array, type: SniffedImageType): CleanImage {
  return type === 'image/png' ? cleanPng(bytes) : cleanJpeg(bytes);
}

// ---------------------------------------------------------------------------------------------- PNG

const PNG_SIGNATURE_LENGTH = 8;
/**
 * Ancillary chunks kept because they change how the pixels look (transparency, colour, gamma, pixel
 * aspect). Every other ancillary chunk is dropped: tEXt / zTXt / iTXt / eXIf / tIME carry metadata, and
 * unknown ones (including APNG's acTL / fcTL / fdAT, which leaves the first frame) are not needed to draw.
 */
const PNG_KEPT_ANCILLARY = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs']);
const PNG_CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/** CRC-32 of PNG chunks (ISO 3309), over `bytes[start, end)`: Node's own (zlib). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return zlibCrc32(bytes.subarray(start, end));
}

function cleanPng(bytes: Uint8Array): CleanImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  let offset = PNG_SIGNATURE_LENGTH;
  let width = 0;
  let height = 0;
  let sawData = false;
  let first = true;
  for (;;) {
    if (offset + 12 > bytes.length) throw malformed('PNG truncated before IEND');
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw malformed('PNG chunk runs past the end');
    const name = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(name)) throw malformed('PNG chunk name');
    if (crc32(bytes, offset + 4, offset + 8 + length) !== view.getUint32(offset + 8 + length)) {
      throw malformed(`PNG ${name} checksum`);
    }
    if (first) {
      if (name !== 'IHDR' || length !== 13) throw malformed('PNG without IHDR first');
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      checkDimensions(width, height);
      first = false;
    }
    const critical = name.charCodeAt(0) < 0x61; // an upper-case first letter marks a critical chunk
    if (critical && !PNG_CRITICAL.has(name)) throw malformed(`PNG unknown critical chunk ${name}`);
    if (critical || PNG_KEPT_ANCILLARY.has(name)) kept.push(bytes.subarray(offset, end));
    if (name === 'IDAT') sawData = true;
    offset = end;
    if (name === 'IEND') break;
  }
  if (!sawData) throw malformed('PNG without image data');
  return { bytes: concat(kept), type: 'image/png', width, height };
}

// --------------------------------------------------------------------------------------------- JPEG

/** Start-of-frame markers (C4 DHT, C8 JPG and CC DAC are not frames). */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
/** Adobe's APP14 says whether the data is RGB or YCbCr/YCCK: needed to draw the right colours. */
const APP14 = 0xee;
const COM = 0xfe;

/**
 * Keeps every segment needed to decode (quantisation and Huffman tables, frame, scans, restart interval)
 * plus APP0 (JFIF) and APP14 (Adobe); drops APP1 (EXIF, XMP), APP2 (ICC, FlashPix), APP3..APP13, APP15 and
 * COM. Entropy-coded data after each SOS is copied as is, up to the next real marker.
 */
function cleanJpeg(bytes: Uint8Array): CleanImage {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)]; // SOI
  let offset = 2;
  let width = 0;
  let height = 0;
  let sawFrame = false;
  let sawScan = false;
  for (;;) {
    // Fill bytes (0xFF padding) may precede a marker.
    while (offset < bytes.length && bytes[offset] === 0xff && bytes[offset + 1] === 0xff) offset += 1;
    if (offset + 2 > bytes.length) throw malformed('JPEG truncated before EOI');
    if (bytes[offset] !== 0xff) throw malformed('JPEG marker expected');
    const marker = bytes[offset + 1] as number;
    if (marker === EOI) {
      kept.push(bytes.subarray(offset, offset + 2));
      break;
    }
    if (marker === 0x00 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      throw malformed(`JPEG stray marker ${marker.toString(16)}`);
    }
    if (offset + 4 > bytes.length) throw malformed('JPEG truncated segment');
    const length = ((bytes[offset + 2] as number) << 8) | (bytes[offset + 3] as number);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw malformed('JPEG segment runs past the end');
    if (JPEG_SOF.has(marker)) {
      if (length < 8) throw malformed('JPEG frame header');
      height = ((bytes[offset + 5] as number) << 8) | (bytes[offset + 6] as number);
      width = ((bytes[offset + 7] as number) << 8) | (bytes[offset + 8] as number);
      checkDimensions(width, height);
      sawFrame = true;
    }
    const metadata = (marker > APP0 && marker <= 0xef && marker !== APP14) || marker === COM;
    if (!metadata) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (marker !== SOS) continue;
    if (!sawFrame) throw malformed('JPEG scan before frame');
    sawScan = true;
    // Entropy-coded data: runs until a 0xFF that is neither stuffing (FF 00) nor a restart (FF D0..D7).
    const dataStart = offset;
    while (offset < bytes.length) {
      if (bytes[offset] === 0xff) {
        const next = bytes[offset + 1];
        if (next === undefined) break;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      }
      offset += 1;
    }
    if (offset >= bytes.length - 1) throw malformed('JPEG truncated in scan data');
    kept.push(bytes.subarray(dataStart, offset));
  }
  if (!sawScan) throw malformed('JPEG without a scan');
  return { bytes: concat(kept), type: 'image/jpeg', width, height };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
