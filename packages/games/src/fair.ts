import type { FairInputs } from './types.ts';

/**
 * Provably-fair randomness (ARCHITECTURE §5, docs/games-contract.md "packages/games").
 *
 * A round's randomness is HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`) for
 * cursor 0, 1, 2 …, read as 4-byte big-endian words. SHA-256 and HMAC are implemented here in plain
 * TypeScript because the verify page runs this same file in the browser, where WebCrypto is async-only and
 * would force every game function to be async; the server passes node:crypto's HMAC (`Hmac`) for speed.
 * Both produce the same bytes (checked in fair.test.ts).
 */

/** HMAC-SHA256 of UTF-8 `message` under UTF-8 `key`; node:crypto's `createHmac(...).digest()` fits. */
export type Hmac = (key: string, message: string) => Uint8Array;

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

function asciiBytes(text: string): Uint8Array | null {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return null;
    bytes[i] = c;
  }
  return bytes;
}

/** UTF-8 bytes of a string without TextEncoder (kept free of DOM/Node globals). */
export function utf8(text: string): Uint8Array {
  const ascii = asciiBytes(text);
  if (ascii) return ascii;
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    // A lone surrogate becomes U+FFFD, as TextEncoder and Node's Buffer do.
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** One reusable schedule buffer: the functions below are synchronous, so sharing it is safe. */
const W = new Uint32Array(64);

function compress(state: Uint32Array, block: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const j = offset + t * 4;
    W[t] =
      (((block[j] ?? 0) << 24) |
        ((block[j + 1] ?? 0) << 16) |
        ((block[j + 2] ?? 0) << 8) |
        (block[j + 3] ?? 0)) >>>
      0;
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15] ?? 0;
    const w2 = W[t - 2] ?? 0;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = ((W[t - 16] ?? 0) + s0 + (W[t - 7] ?? 0) + s1) >>> 0;
  }
  let a = state[0] ?? 0;
  let b = state[1] ?? 0;
  let c = state[2] ?? 0;
  let d = state[3] ?? 0;
  let e = state[4] ?? 0;
  let f = state[5] ?? 0;
  let g = state[6] ?? 0;
  let h = state[7] ?? 0;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + (K[t] ?? 0) + (W[t] ?? 0)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = ((state[0] ?? 0) + a) >>> 0;
  state[1] = ((state[1] ?? 0) + b) >>> 0;
  state[2] = ((state[2] ?? 0) + c) >>> 0;
  state[3] = ((state[3] ?? 0) + d) >>> 0;
  state[4] = ((state[4] ?? 0) + e) >>> 0;
  state[5] = ((state[5] ?? 0) + f) >>> 0;
  state[6] = ((state[6] ?? 0) + g) >>> 0;
  state[7] = ((state[7] ?? 0) + h) >>> 0;
}

/**
 * Continues SHA-256 from `state` (which has already absorbed `absorbed` bytes, a multiple of 64) over
 * `data`, pads, and returns the digest. `state` is consumed.
 */
/** Writes a 32-bit word big-endian at `offset`. */
function putWord(bytes: Uint8Array, offset: number, word: number): void {
  bytes[offset] = word >>> 24;
  bytes[offset + 1] = (word >>> 16) & 255;
  bytes[offset + 2] = (word >>> 8) & 255;
  bytes[offset + 3] = word & 255;
}

/** Writes the eight state words (the digest) big-endian at the start of `bytes`, and returns it. */
function putState(state: Uint32Array, bytes: Uint8Array): Uint8Array {
  for (let j = 0; j < 8; j++) putWord(bytes, j * 4, state[j] ?? 0);
  return bytes;
}

function sha256Finish(state: Uint32Array, absorbed: number, data: Uint8Array): Uint8Array {
  let i = 0;
  for (; i + 64 <= data.length; i += 64) compress(state, data, i);
  const block = new Uint8Array(64);
  let fill = data.length - i;
  block.set(data.subarray(i));
  block[fill++] = 0x80;
  if (fill > 56) {
    compress(state, block, 0);
    block.fill(0);
  }
  // Bit length as 64-bit big-endian; inputs here are far below 2^53 bits.
  const bits = (absorbed + data.length) * 8;
  const high = Math.floor(bits / 0x100000000);
  const low = bits >>> 0;
  putWord(block, 56, high);
  putWord(block, 60, low);
  compress(state, block, 0);
  return putState(state, new Uint8Array(32));
}

export function sha256(bytes: Uint8Array): Uint8Array {
  return sha256Finish(Uint32Array.from(H0), 0, bytes);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] ?? 0];
  return s;
}

/** SHA-256 of the UTF-8 text, as 64 lower-case hex characters. */
export function sha256Hex(text: string): string {
  return toHex(sha256(utf8(text)));
}

/** A key's HMAC pads already run through SHA-256: each HMAC then costs two compressions, not four. */
type KeyState = { inner: Uint32Array; outer: Uint32Array };

function keyState(key: Uint8Array): KeyState {
  const k = key.length > 64 ? sha256(key) : key;
  const ipad = new Uint8Array(64).fill(0x36);
  const opad = new Uint8Array(64).fill(0x5c);
  for (let i = 0; i < k.length; i++) {
    ipad[i] = (ipad[i] ?? 0) ^ (k[i] ?? 0);
    opad[i] = (opad[i] ?? 0) ^ (k[i] ?? 0);
  }
  const inner = Uint32Array.from(H0);
  const outer = Uint32Array.from(H0);
  compress(inner, ipad, 0);
  compress(outer, opad, 0);
  return { inner, outer };
}

function hmacWith(ks: KeyState, message: Uint8Array): Uint8Array {
  const innerDigest = sha256Finish(ks.inner.slice(), 64, message);
  return sha256Finish(ks.outer.slice(), 64, innerDigest);
}

const fastState = new Uint32Array(8);
const fastBlock = new Uint8Array(64);

/**
 * HMAC of a short ASCII message (≤ 55 bytes, e.g. `clientSeed:nonce:cursor`) in exactly two compressions
 * with no intermediate allocation: the hot path of every round. Returns null when the message does not fit.
 */
function hmacShortAscii(ks: KeyState, message: string): Uint8Array | null {
  const len = message.length;
  if (len > 55) return null;
  const block = fastBlock;
  for (let i = 0; i < len; i++) {
    const c = message.charCodeAt(i);
    if (c >= 0x80) return null;
    block[i] = c;
  }
  block[len] = 0x80;
  block.fill(0, len + 1, 62);
  const innerBits = (64 + len) * 8; // < 2^16
  block[62] = innerBits >>> 8;
  block[63] = innerBits & 255;
  const state = fastState;
  state.set(ks.inner);
  compress(state, block, 0);
  putState(state, block);
  block[32] = 0x80;
  block.fill(0, 33, 62);
  block[62] = (96 * 8) >>> 8; // outer message: 64 pad bytes + 32 digest bytes
  block[63] = (96 * 8) & 255;
  state.set(ks.outer);
  compress(state, block, 0);
  return putState(state, new Uint8Array(32));
}

/** HMAC-SHA256 (RFC 2104) over raw bytes. */
export function hmacSha256Bytes(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmacWith(keyState(key), message);
}

// A round draws several HMACs under one server seed (and a verifier replays many rounds of one seed), so
// the last key's pad states are kept.
let lastKey: string | null = null;
let lastKeyState: KeyState | null = null;

/** HMAC-SHA256 of UTF-8 `message` under UTF-8 `key`: the package's default `Hmac`. */
export const hmacSha256: Hmac = (key, message) => {
  if (lastKey !== key || !lastKeyState) {
    lastKeyState = keyState(utf8(key));
    lastKey = key;
  }
  return hmacShortAscii(lastKeyState, message) ?? hmacWith(lastKeyState, utf8(message));
};

/** The commitment shown before play: SHA-256 of the server seed's 64 hex characters (as text). */
export function serverSeedHash(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** The 32 bytes of one cursor of a round: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`). */
export function roundBytes(inputs: FairInputs, cursor: number, hmac: Hmac = hmacSha256): Uint8Array {
  return hmac(inputs.serverSeed, `${inputs.clientSeed}:${inputs.nonce}:${cursor}`);
}

/** A round's stream of uniform integers; every game draws from exactly one of these per round. */
export type Draws = {
  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32. */
  int(n: number): number;
  /** How many 4-byte words have been read (rejected ones included): lets a verifier show its work. */
  readonly wordsUsed: number;
};

const TWO_32 = 0x100000000;

/** A class rather than a closure: simulations create millions of these, and a class is cheaper in V8. */
class RoundDraws implements Draws {
  private cursor = 0;
  private pos = 0;
  private bytes: Uint8Array;
  private readonly inputs: FairInputs;
  private readonly hmac: Hmac;
  wordsUsed = 0;
  // Plain fields, not parameter properties: the file must also run under type-stripping loaders.
  constructor(inputs: FairInputs, hmac: Hmac) {
    this.inputs = inputs;
    this.hmac = hmac;
    this.bytes = roundBytes(inputs, 0, hmac);
  }

  private nextWord(): number {
    if (this.pos + 4 > this.bytes.length) {
      this.cursor++;
      this.bytes = roundBytes(this.inputs, this.cursor, this.hmac);
      this.pos = 0;
    }
    const b = this.bytes;
    const p = this.pos;
    this.pos = p + 4;
    this.wordsUsed++;
    return (((b[p] ?? 0) << 24) | ((b[p + 1] ?? 0) << 16) | ((b[p + 2] ?? 0) << 8) | (b[p + 3] ?? 0)) >>> 0;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`int(${n}) needs 1 ≤ n ≤ 2^32`);
    const limit = Math.floor(TWO_32 / n) * n;
    for (;;) {
      const w = this.nextWord();
      if (w < limit) return w % n;
    }
  }
}

/**
 * Uniform integers from successive big-endian 4-byte words of cursor 0, 1, 2 … (8 words per cursor).
 * A word w is accepted for `int(n)` when w < floor(2^32 / n)·n and gives w mod n; otherwise the next word
 * is read. This rejection keeps every value exactly equally likely (plain modulo would favour small values).
 */
export function createDraws(inputs: FairInputs, hmac: Hmac = hmacSha256): Draws {
  return new RoundDraws(inputs, hmac);
}
