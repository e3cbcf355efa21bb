import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  openCustomerServicePath,
  SEAL_KEY_BYTES,
  sealCustomerServicePath,
  toBase64Url,
} from './customer-service-seal.ts';

const newKey = () => toBase64Url(randomBytes(SEAL_KEY_BYTES));

describe('base64url', () => {
  it('round-trips every byte value without padding or +/ characters', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect([...fromBase64Url(text)]).toEqual([...bytes]);
  });

  it('matches Node’s base64url encoding', () => {
    const bytes = randomBytes(37);
    expect(toBase64Url(bytes)).toBe(bytes.toString('base64url'));
  });

  it('refuses text that is not base64url', () => {
    expect(() => fromBase64Url('a+b/')).toThrow();
    expect(() => fromBase64Url('abcde')).toThrow();
  });
});

describe('customer-service seal', () => {
  it('opens what it sealed, with a fresh IV each time', async () => {
    const key = newKey();
    const url = 'https://chat.lotus.example.com/?lang=hi&ref=सहायता';
    const first = await sealCustomerServicePath(key, url);
    const second = await sealCustomerServicePath(key, url);
    expect(first).not.toBe(second);
    expect(first).not.toContain('chat');
    expect(await openCustomerServicePath(key, first)).toBe(url);
    expect(await openCustomerServicePath(key, second)).toBe(url);
  });

  it('lays the sealed bytes out as iv (12) ‖ ciphertext ‖ tag (16), openable by node:crypto', async () => {
    const { createDecipheriv } = await import('node:crypto');
    const key = newKey();
    const plain = 'https://vip-chat.lotus.example.com/';
    const bytes = Buffer.from(await sealCustomerServicePath(key, plain), 'base64url');
    expect(bytes.length).toBe(12 + Buffer.byteLength(plain) + 16);
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const opened = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    expect(opened.toString('utf8')).toBe(plain);
  });

  it('refuses another key, an altered text and a key of the wrong size', async () => {
    const key = newKey();
    const sealed = await sealCustomerServicePath(key, 'https://chat.lotus.example.com/');
    await expect(openCustomerServicePath(newKey(), sealed)).rejects.toThrow();
    const bytes = fromBase64Url(sealed);
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    await expect(openCustomerServicePath(key, toBase64Url(bytes))).rejects.toThrow();
    await expect(openCustomerServicePath(key, 'AAAA')).rejects.toThrow('too short');
    await expect(sealCustomerServicePath(toBase64Url(randomBytes(16)), 'x')).rejects.toThrow('32 bytes');
  });
});
