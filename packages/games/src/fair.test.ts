import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDraws,
  type Hmac,
  hmacSha256,
  roundBytes,
  serverSeedHash,
  sha256Hex,
  toHex,
  utf8,
} from './fair.ts';

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const nodeSha = (text: string) => createHash('sha256').update(text).digest('hex');
const inputs = { serverSeed: 'ab'.repeat(32), clientSeed: 'player-seed', nonce: 7 };

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches node:crypto at every length around the block and padding edges', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'x'.repeat(length);
      expect(sha256Hex(text), `length ${length}`).toBe(nodeSha(text));
    }
  });

  it('matches node:crypto on random text, non-ASCII and lone surrogates included', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 150 })),
        (text) => {
          expect(sha256Hex(text)).toBe(nodeSha(text));
        },
      ),
      { numRuns: 800, seed: 42 },
    );
    for (const text of ['\ud800', 'a\udc00b', 'नमस्ते 😀']) expect(sha256Hex(text)).toBe(nodeSha(text));
  });

  it('encodes UTF-8 like node', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (text) => {
        expect(toHex(utf8(text))).toBe(Buffer.from(text, 'utf8').toString('hex'));
      }),
      { numRuns: 500, seed: 3 },
    );
  });
});

describe('hmacSha256', () => {
  it('matches RFC 4231 test case 2', () => {
    expect(toHex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('matches node:crypto on random keys (short, block-sized, long) and messages', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 64 }),
          fc.string({ minLength: 60, maxLength: 200 }),
          fc.string({ unit: 'binary' }),
        ),
        fc.string({ maxLength: 200 }),
        (key, message) => {
          expect(toHex(hmacSha256(key, message))).toBe(toHex(nodeHmac(key, message)));
        },
      ),
      { numRuns: 1500, seed: 7 },
    );
  });

  it('matches node:crypto for every message length around the one-block fast path (55 bytes)', () => {
    for (let length = 0; length <= 130; length++) {
      const message = 'm'.repeat(length);
      expect(toHex(hmacSha256(inputs.serverSeed, message)), `length ${length}`).toBe(
        toHex(nodeHmac(inputs.serverSeed, message)),
      );
    }
  });

  it('gives the right answer when the key changes between calls (its pad states are cached)', () => {
    for (const key of ['k1', 'k2', 'k1', 'k'.repeat(65), 'k1']) {
      expect(toHex(hmacSha256(key, 'm'))).toBe(toHex(nodeHmac(key, 'm')));
    }
  });
});

describe('round randomness', () => {
  it('commits to the seed text with SHA-256', () => {
    expect(serverSeedHash(inputs.serverSeed)).toBe(nodeSha(inputs.serverSeed));
  });

  it('derives each cursor as HMAC(serverSeed, clientSeed:nonce:cursor)', () => {
    for (const cursor of [0, 1, 9]) {
      expect(toHex(roundBytes(inputs, cursor))).toBe(
        toHex(nodeHmac(inputs.serverSeed, `player-seed:7:${cursor}`)),
      );
    }
  });

  it('reads big-endian words in order and moves to the next cursor after 8 words', () => {
    const messages: string[] = [];
    const fake: Hmac = (_key, message) => {
      messages.push(message);
      const cursor = Number(message.split(':')[2]);
      // Word i of cursor c is c·8 + i.
      const bytes = new Uint8Array(32);
      for (let i = 0; i < 8; i++) bytes[i * 4 + 3] = cursor * 8 + i;
      return bytes;
    };
    const draws = createDraws(inputs, fake);
    const values = Array.from({ length: 10 }, () => draws.int(1000));
    expect(values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(messages).toEqual(['player-seed:7:0', 'player-seed:7:1']);
    expect(draws.wordsUsed).toBe(10);
  });

  it('rejects words at or above floor(2^32/n)·n instead of taking them modulo n', () => {
    // int(3): the limit is 4294967295, so the word 0xffffffff is rejected and the next word (5) gives 2.
    const words = [0xffffffff, 5, 0xfffffffe];
    const fake: Hmac = () => {
      const bytes = new Uint8Array(32);
      words.forEach((w, i) => {
        bytes[i * 4] = w >>> 24;
        bytes[i * 4 + 1] = (w >>> 16) & 255;
        bytes[i * 4 + 2] = (w >>> 8) & 255;
        bytes[i * 4 + 3] = w & 255;
      });
      return bytes;
    };
    const draws = createDraws(inputs, fake);
    expect(draws.int(3)).toBe(2);
    expect(draws.wordsUsed).toBe(2);
    // 0xfffffffe < 4294967295 is accepted: 4294967294 mod 3 = 2.
    expect(draws.int(3)).toBe(2);
    expect(() => draws.int(0)).toThrow(RangeError);
    expect(() => draws.int(1.5)).toThrow(RangeError);
  });

  it('gives the same integers with the pure HMAC and node:crypto, always in range', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.nat({ max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 2 ** 32 }), { minLength: 1, maxLength: 30 }),
        (clientSeed, nonce, ns) => {
          const a = createDraws({ serverSeed: inputs.serverSeed, clientSeed, nonce });
          const b = createDraws({ serverSeed: inputs.serverSeed, clientSeed, nonce }, nodeHmac);
          for (const n of ns) {
            const v = a.int(n);
            expect(v).toBe(b.int(n));
            expect(v >= 0 && v < n && Number.isInteger(v)).toBe(true);
          }
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });
});
