import { sha256, utf8 } from '../fair.ts';
import type { Rng } from './types.ts';

/**
 * The simulator's deterministic randomness. A fixture replays exactly from its seed, and the calibration
 * (sports.sim.test.ts) draws millions of numbers, so the stream is a fast PRNG (xoshiro128**, 128-bit state)
 * seeded from SHA-256 of the seed text, not an HMAC per draw. It is not a provably-fair stream (nobody bets
 * on the simulator's draws against a published seed); it only has to be reproducible and well mixed. No
 * randomness is made here: the server makes seeds.
 */
export function seededRng(seedHex: string): Rng {
  const digest = sha256(utf8(seedHex));
  const word = (i: number) =>
    (((digest[i] ?? 0) << 24) |
      ((digest[i + 1] ?? 0) << 16) |
      ((digest[i + 2] ?? 0) << 8) |
      (digest[i + 3] ?? 0)) >>>
    0;
  let a = word(0);
  let b = word(4);
  let c = word(8);
  let d = word(12);
  // xoshiro's state must not be all zero; SHA-256 makes that astronomically unlikely, but cheap to rule out.
  if ((a | b | c | d) === 0) a = 0x9e3779b9;
  return {
    next(): number {
      const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      return result / 4_294_967_296;
    },
  };
}

/**
 * The rng of one step of one event: a fresh stream from (seed, step number), so the feed need not store a
 * generator's state between steps — the event's seed and its step count replay it exactly.
 */
export function stepRng(seedHex: string, step: number): Rng {
  return seededRng(`${seedHex}:${step}`);
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
