/**
 * Sealing of the customer-service chat addresses (`GET /wps/system/customerService`, path types 3 and 4).
 *
 * Format: base64url( iv (12 bytes) ‖ ciphertext ‖ GCM tag (16 bytes) ), AES-256-GCM under the brand's key,
 * which travels base64url-encoded in the same answer. The seal only keeps the chat address out of HTML that
 * scrapers read; it is not a secret from the visitor. WebCrypto (`globalThis.crypto.subtle`) exists in
 * Node and in browsers, so the server that seals and the browser that opens run this same code.
 */

export const SEAL_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list small for long inputs.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64URL.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function importKey(key: string, usage: 'encrypt' | 'decrypt') {
  const raw = fromBase64Url(key);
  if (raw.length !== SEAL_KEY_BYTES) throw new Error(`seal key must be ${SEAL_KEY_BYTES} bytes`);
  return globalThis.crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, [usage]);
}

/** Seals `plain` (a URL) under the base64url key; a fresh random IV every call. */
export async function sealCustomerServicePath(key: string, plain: string): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cryptoKey = await importKey(key, 'encrypt');
  const sealed = new Uint8Array(
    await globalThis.crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      cryptoKey,
      new TextEncoder().encode(plain),
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_BYTES);
  return toBase64Url(out);
}

/** Opens a sealed path; throws when the key is wrong or the text was altered (GCM authentication). */
export async function openCustomerServicePath(key: string, sealed: string): Promise<string> {
  const bytes = fromBase64Url(sealed);
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed path is too short');
  const cryptoKey = await importKey(key, 'decrypt');
  const plain = await globalThis.crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
    cryptoKey,
    bytes.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}
