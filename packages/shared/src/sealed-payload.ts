import { fromBase64Url, toBase64Url } from './customer-service-seal.ts';

/**
 * Sealed request bodies (ARCHITECTURE §3): the payloads SPEC §7 marks as encrypted (login, register,
 * change password, ...) are sealed in the browser with the server's published RSA public key and opened
 * on the server. A fresh AES-256-GCM key encrypts the JSON payload; RSA-OAEP with SHA-256 wraps that key.
 *
 * Sealed form: `{ key, iv, data }`, all base64url without padding —
 * `key` the RSA-OAEP-wrapped 32-byte AES key, `iv` the 12-byte GCM nonce, `data` ciphertext ‖ 16-byte tag.
 *
 * Only WebCrypto (`globalThis.crypto.subtle`) is used, so the browser that seals and the server that opens
 * (Node) run this same code.
 */

export type SealedPayload = { key: string; iv: string; data: string };

/** WebCrypto's key type, named without depending on the DOM or Node type libraries. */
export type WebCryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export const RSA_OAEP_PARAMS = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const AES_KEY_BYTES = 32;
const IV_BYTES = 12;

/** Seals `payload` (any JSON value) for the holder of the private key matching `publicKeySpki`. */
export async function sealPayload(publicKeySpki: string, payload: unknown): Promise<SealedPayload> {
  const subtle = globalThis.crypto.subtle;
  const publicKey = await subtle.importKey('spki', fromBase64Url(publicKeySpki), RSA_OAEP_PARAMS, false, [
    'encrypt',
  ]);
  const aesKey = globalThis.crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const contentKey = await subtle.importKey('raw', aesKey, { name: 'AES-GCM' }, false, ['encrypt']);
  const data = await subtle.encrypt(
    { name: 'AES-GCM', iv },
    contentKey,
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const wrapped = await subtle.encrypt(RSA_OAEP_PARAMS, publicKey, aesKey);
  return {
    key: toBase64Url(new Uint8Array(wrapped)),
    iv: toBase64Url(iv),
    data: toBase64Url(new Uint8Array(data)),
  };
}

/**
 * Opens a sealed payload with the RSA private key (usage `decrypt`) and returns the parsed JSON. Throws on
 * anything wrong — a tampered or foreign key, IV or ciphertext, bad base64url, non-JSON plaintext — and the
 * caller turns that into one client error without saying which part failed.
 */
export async function openSealedPayload(privateKey: WebCryptoKey, sealed: SealedPayload): Promise<unknown> {
  const subtle = globalThis.crypto.subtle;
  const iv = fromBase64Url(sealed.iv);
  if (iv.length !== IV_BYTES) throw new Error('bad iv length');
  const aesKey = new Uint8Array(await subtle.decrypt(RSA_OAEP_PARAMS, privateKey, fromBase64Url(sealed.key)));
  if (aesKey.length !== AES_KEY_BYTES) throw new Error('bad content key length');
  const contentKey = await subtle.importKey('raw', aesKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv }, contentKey, fromBase64Url(sealed.data));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
}
