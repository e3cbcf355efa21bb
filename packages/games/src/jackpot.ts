import { type Hmac, hmacSha256 } from './fair.ts';
import type { FairInputs } from './types.ts';

/**
 * The progressive jackpot's draw for one round (issue 19; docs/jackpot.md "Draw"). It uses the round's own
 * committed seed material (server seed, client seed, nonce) but a stream of its own,
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:jackpot:${cursor}`), so the game's outcome — drawn from
 * `${clientSeed}:${nonce}:${cursor}` — is untouched, and the player can check both once the seed is revealed.
 *
 * Each cursor gives four big-endian 8-byte words. A word w is accepted when w < floor(2^64 / n)·n and the
 * draw is w mod n (rejection keeps every value in [0, n) equally likely); the round wins when the draw is
 * below its stake, so the chance is stake / n: proportional to the stake, and n = 1 wins every round.
 */
export const JACKPOT_LABEL = 'jackpot';

export type JackpotDraw = {
  /** Uniform in [0, oneInMinor). */
  value: bigint;
  oneInMinor: bigint;
  stakeMinor: bigint;
  won: boolean;
  /** 8-byte words read (rejected ones included). */
  wordsUsed: number;
};

const TWO_64 = 1n << 64n;

function word(bytes: Uint8Array, offset: number): bigint {
  let value = 0n;
  for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(bytes[offset + i] ?? 0);
  return value;
}

export function jackpotDraw(
  inputs: FairInputs,
  stakeMinor: bigint,
  oneInMinor: bigint,
  hmac: Hmac = hmacSha256,
): JackpotDraw {
  if (oneInMinor < 1n) throw new RangeError('oneInMinor must be at least 1');
  const limit = (TWO_64 / oneInMinor) * oneInMinor;
  let wordsUsed = 0;
  for (let cursor = 0; ; cursor++) {
    const bytes = hmac(inputs.serverSeed, `${inputs.clientSeed}:${inputs.nonce}:${JACKPOT_LABEL}:${cursor}`);
    for (let offset = 0; offset + 8 <= bytes.length; offset += 8) {
      const w = word(bytes, offset);
      wordsUsed++;
      if (w < limit) {
        const value = w % oneInMinor;
        return { value, oneInMinor, stakeMinor, won: value < stakeMinor, wordsUsed };
      }
    }
  }
}
