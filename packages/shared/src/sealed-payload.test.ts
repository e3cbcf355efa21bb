import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './customer-service-seal.ts';
import { openSealedPayload, RSA_OAEP_PARAMS, type SealedPayload, sealPayload } from './sealed-payload.ts';

async function keyPair() {
  const pair = await globalThis.crypto.subtle.generateKey(
    { ...RSA_OAEP_PARAMS, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = toBase64Url(new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', pair.publicKey)));
  return { spki, privateKey: pair.privateKey };
}

/** Flips one bit in the middle of a base64url field. */
function flip(field: string): string {
  const bytes = fromBase64Url(field);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
  return toBase64Url(bytes);
}

describe('sealed payloads', async () => {
  const { spki, privateKey } = await keyPair();
  const payload = { username: 'demo_player', password: 'पासवर्ड-Ω-1', type: 'username' };

  it('round-trips any JSON value, with a fresh key and IV each time', async () => {
    const first = await sealPayload(spki, payload);
    const second = await sealPayload(spki, payload);
    expect(await openSealedPayload(privateKey, first)).toEqual(payload);
    expect(first.iv).not.toBe(second.iv);
    expect(first.key).not.toBe(second.key);
    expect(first.data).not.toContain('demo_player');
    expect(Object.keys(first).sort()).toEqual(['data', 'iv', 'key']);
  });

  it.each(['key', 'iv', 'data'] as const)('refuses a tampered %s', async (field) => {
    const sealed = await sealPayload(spki, payload);
    const tampered: SealedPayload = { ...sealed, [field]: flip(sealed[field]) };
    await expect(openSealedPayload(privateKey, tampered)).rejects.toThrow();
  });

  it('refuses a payload sealed for another key', async () => {
    const other = await keyPair();
    const sealed = await sealPayload(other.spki, payload);
    await expect(openSealedPayload(privateKey, sealed)).rejects.toThrow();
  });

  it('refuses garbage fields', async () => {
    await expect(openSealedPayload(privateKey, { key: '!!', iv: 'AAAA', data: 'AAAA' })).rejects.toThrow();
    const sealed = await sealPayload(spki, payload);
    await expect(openSealedPayload(privateKey, { ...sealed, iv: 'AAAA' })).rejects.toThrow();
  });
});
