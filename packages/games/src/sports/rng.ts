import { sha256, utf8 } from '../fair.ts';
import type { Rng } from './types.ts';

/**
 * The simulator's deterministic randomness. A fixture replays exactly from its seed, and the calibration
 * (sports.sim.test.ts) draws millions of numbers, so the stream is a fast PRNG — sfc32 (Chris Doty-Humphrey's
 * small fast counting generator, 128-bit state) — seeded from SHA-256 of the seed text and warmed up by 12
 * draws, not an HMAC per draw. (A first version used xoshiro128**; its stream, continued from one innings to
 * the next, made the calibration's second-innings totals ≈ 3 sd off while fresh streams agreed, so it was
 * replaced: see docs/sportsbook-maths.md.) It is not a provably-fair stream (nobody bets on the simulator's
 * draws against a published seed); it only has to be reproducible and well mixed. No randomness is made
 * here: the server makes seeds.
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
  const rng = {
    next(): number {
      // sfc32 (small fast counting generator, 128-bit state with a counter).
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      return (t >>> 0) / 4_294_967_296;
    },
  };
  for (let i = 0; i < 12; i++) rng.next();
  return rng;
}

/**
 * The rng of one step of one event: a fresh stream from (seed, step number), so the feed need not store a
 * generator's state between steps — the event's seed and its step count replay it exactly.
 */
export function stepRng(seedHex: string, step: number): Rng {
  return seededRng(`${seedHex}:${step}`);
}
