import { createDraws, type Draws, type Hmac, hmacSha256 } from '../fair.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { sameJson } from '../same-json.ts';
import type { FairInputs } from '../types.ts';
import { BOMB_MAX_CATCH, bombCanCatch, captureProbability, type FishSpecies, fishSpecies } from './fish.ts';

/**
 * One shot (docs/fishing.md "A shot"): from the shot's fair inputs (serverSeed, clientSeed, nonce — one
 * nonce per shot), the bullet and the target, whether the fish is captured and what it pays.
 *
 * Draws, in this order, from `createDraws(inputs)`:
 * 1. capture: with p = a/b (fish.ts `captureProbability`), captured when int(b) < a;
 * 2. only when captured, for the target and then each fish the blast takes, in the order given, that has
 *    several multipliers (the golden carp): int(total weight), walked through the weights in table order.
 * Payout = bullet × the sum of the multipliers (all whole numbers, so nothing is rounded).
 */

/** The bullets a player may choose, in minor units: 0.10 … 100.00. */
export const FISHING_BULLETS_MINOR: readonly bigint[] = [
  10n,
  20n,
  50n,
  100n,
  200n,
  500n,
  1000n,
  2000n,
  5000n,
  10000n,
];

export type FishingShot = {
  bulletMinor: string;
  /** The target's species code. */
  target: string;
  /**
   * For a bomb crab only: the species of the fish its blast takes, nearest first, as the server's scene
   * says (scene.ts `bombCatch`). Empty or absent for any other target.
   */
  caught?: string[];
};

export type FishingCatch = { species: string; multiplier: number };

export type FishingShotOutcome = {
  game: 'fishing';
  target: string;
  caught: string[];
  bulletMinor: string;
  captured: boolean;
  /** Bullets paid: the sum of the catches' multipliers, 0 when missed. */
  multiplier: number;
  /** When captured: the target first, then the fish its blast took; else []. */
  catches: FishingCatch[];
  payoutMinor: string;
};

function species(code: string, what: string): FishSpecies {
  const s = fishSpecies(code);
  if (!s) throw new GameRuleError('bet_invalid', `fishing: unknown ${what} ${JSON.stringify(code)}`);
  return s;
}

/** Checks a shot against the rules; returns the bullet and the species. Throws `GameRuleError`. */
export function validateShot(shot: FishingShot): {
  bullet: bigint;
  target: FishSpecies;
  caught: FishSpecies[];
} {
  if (typeof shot.bulletMinor !== 'string' || !/^[0-9]{1,12}$/.test(shot.bulletMinor)) {
    throw new GameRuleError('bet_invalid', 'fishing: bullet is not an amount');
  }
  const bullet = BigInt(shot.bulletMinor);
  if (!FISHING_BULLETS_MINOR.includes(bullet)) {
    throw new GameRuleError('bet_invalid', `fishing: bullet ${bullet} is not one of the listed bullets`);
  }
  const target = species(shot.target, 'fish');
  const codes = shot.caught ?? [];
  if (!Array.isArray(codes)) throw new GameRuleError('bet_invalid', 'fishing: caught is not a list');
  if (codes.length > 0 && target.kind !== 'bomb') {
    throw new GameRuleError('bet_invalid', 'fishing: only a bomb crab catches other fish');
  }
  if (codes.length > BOMB_MAX_CATCH) {
    throw new GameRuleError('bet_invalid', `fishing: a blast takes at most ${BOMB_MAX_CATCH} fish`);
  }
  const caught = codes.map((code) => species(code, 'caught fish'));
  if (caught.some((s) => !bombCanCatch(s))) {
    throw new GameRuleError('bet_invalid', 'fishing: bosses and bombs survive a blast');
  }
  return { bullet, target, caught };
}

function drawMultiplier(s: FishSpecies, draws: Draws): number {
  const [only] = s.multipliers;
  if (s.multipliers.length === 1 && only) return only.multiplier;
  let r = draws.int(s.multipliers.reduce((sum, m) => sum + m.weight, 0));
  for (const m of s.multipliers) {
    if (r < m.weight) return m.multiplier;
    r -= m.weight;
  }
  throw new RangeError('unreachable: a draw below the total weight');
}

const TWO_32 = 2n ** 32n;

/** Plays a shot. Throws `GameRuleError` for a shot the rules refuse. */
export function resolveShot(
  shot: FishingShot,
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): FishingShotOutcome {
  const { bullet, target, caught } = validateShot(shot);
  const p = captureProbability(target, caught);
  // Every denominator of the table is far below 2^32 (the largest, a full blast, is 25 × 1,210).
  if (p.denominator > TWO_32) throw new RangeError('fishing: capture odds beyond one draw');
  const draws = createDraws(inputs, hmac);
  const captured = BigInt(draws.int(Number(p.denominator))) < p.numerator;
  const catches = captured
    ? [target, ...caught].map((s) => ({ species: s.code, multiplier: drawMultiplier(s, draws) }))
    : [];
  const multiplier = catches.reduce((sum, c) => sum + c.multiplier, 0);
  return {
    game: 'fishing',
    target: target.code,
    caught: caught.map((s) => s.code),
    bulletMinor: bullet.toString(),
    captured,
    multiplier,
    catches,
    payoutMinor: (bullet * BigInt(multiplier)).toString(),
  };
}

/** Replays a stored shot and compares it field by field (the verify page's check). */
export function verifyShot(
  shot: FishingShot,
  inputs: FairInputs,
  outcome: unknown,
  hmac: Hmac = hmacSha256,
): boolean {
  try {
    return sameJson(resolveShot(shot, inputs, hmac), outcome);
  } catch (error) {
    if (error instanceof GameRuleError || error instanceof RangeError) return false;
    throw error;
  }
}
