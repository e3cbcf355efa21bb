import {
  aliveAt,
  BATCH_MAX_SHOTS,
  bombCatch,
  FISHING_TITLES,
  type FishingShotOutcome,
  fishSpecies,
  isFishingTitleCode,
  resolveShot,
  sceneFish,
  sceneOf,
} from '@lotus/games/fishing/index';
import { sameJson } from '@lotus/games/same-json';
import type { FairInputs } from '@lotus/games/types';

/**
 * A fishing round on the verify page (docs/fishing.md "Fairness"): one round is a batch of up to 50
 * shots, each on its own nonce (the round's nonce, then the next ones). The bet is what the player sent —
 * `{ game: 'fishing-batch', sceneSeed, shots: [{ fishId, at, bulletMinor }] }` — and everything else is
 * recomputed here: each target's species and a bomb's blast from the public scene seed (scene.ts, as the
 * server did), then each shot's capture and multipliers from the revealed server seed, the client seed and
 * its nonce (shot.ts `resolveShot`, the studio's code), then the round's payout.
 */

export type FishingBatchBet = {
  game: 'fishing-batch';
  sceneSeed: string;
  shots: { fishId: number; at: number; bulletMinor: string }[];
};

/** One recomputed shot, and whether the stored one says the same (null: no stored round at hand). */
export type FishingShotCheck = FishingShotOutcome & {
  fishId: number;
  at: number;
  nonce: number;
  caughtIds: number[];
  /** The fish was swimming at `at` (the server refuses a shot at any other). */
  alive: boolean;
  matches: boolean | null;
};

/** The recomputed batch: its shots and what they pay together. */
export type FishingBatchOutcome = {
  game: 'fishing-batch';
  shots: FishingShotCheck[];
  stakeMinor: string;
  totalPayMinor: string;
};

const SCENE_SEED = /^[0-9a-f]{64}$/;
const WHOLE = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The bet as typed or linked, checked for shape; null when it is not a fishing batch's. */
export function readFishingBet(bet: unknown): FishingBatchBet | null {
  const b = bet as Partial<FishingBatchBet> | null;
  if (b?.game !== 'fishing-batch' || typeof b.sceneSeed !== 'string' || !SCENE_SEED.test(b.sceneSeed)) {
    return null;
  }
  if (!Array.isArray(b.shots) || b.shots.length < 1 || b.shots.length > BATCH_MAX_SHOTS) return null;
  for (const shot of b.shots) {
    if (!shot || !WHOLE(shot.fishId) || !WHOLE(shot.at) || typeof shot.bulletMinor !== 'string') return null;
  }
  return b as FishingBatchBet;
}

/** The stored batch's shots (inhouse_rounds.outcome), or null when the stored outcome is not one. */
function storedShots(stored: unknown): Record<string, unknown>[] | null {
  const s = stored as { game?: unknown; shots?: unknown } | null;
  return s && s.game === 'fishing-batch' && Array.isArray(s.shots)
    ? (s.shots as Record<string, unknown>[])
    : null;
}

/** Only the shot's own outcome fields (the stored shot adds the fish id, time, nonce and blast ids). */
function shotFields(shot: Record<string, unknown>): Record<string, unknown> {
  const { game, target, caught, bulletMinor, captured, multiplier, catches, payoutMinor } = shot;
  return { game, target, caught, bulletMinor, captured, multiplier, catches, payoutMinor };
}

/**
 * Replays a batch of `game` (a fishing title) from its first shot's fair inputs. Throws `GameRuleError`
 * for a shot the rules refuse (a bullet not in the list), as the studio would have.
 */
export function replayFishingBatch(
  game: string,
  bet: FishingBatchBet,
  inputs: FairInputs,
  stored: unknown,
): FishingBatchOutcome {
  if (!isFishingTitleCode(game)) throw new RangeError(`${game} is no fishing title`);
  const scene = sceneOf(FISHING_TITLES[game], bet.sceneSeed);
  const kept = storedShots(stored);
  let stake = 0n;
  let pay = 0n;
  const shots = bet.shots.map((shot, i): FishingShotCheck => {
    const nonce = inputs.nonce + i;
    const target = sceneFish(scene, shot.fishId).species;
    const blast = fishSpecies(target)?.kind === 'bomb' ? bombCatch(scene, shot.fishId, shot.at) : [];
    const outcome = resolveShot(
      { bulletMinor: shot.bulletMinor, target, caught: blast.map((f) => f.species) },
      { ...inputs, nonce },
    );
    const caughtIds = blast.map((f) => f.id);
    const alive = aliveAt(scene, shot.fishId, shot.at);
    const before = kept?.[i];
    const matches = kept
      ? Boolean(before) &&
        alive &&
        kept.length === bet.shots.length &&
        before?.nonce === nonce &&
        before?.fishId === shot.fishId &&
        sameJson(before?.caughtIds ?? [], caughtIds) &&
        sameJson(shotFields(before ?? {}), outcome)
      : null;
    stake += BigInt(outcome.bulletMinor);
    pay += BigInt(outcome.payoutMinor);
    return { ...outcome, fishId: shot.fishId, at: shot.at, nonce, caughtIds, alive, matches };
  });
  return { game: 'fishing-batch', shots, stakeMinor: stake.toString(), totalPayMinor: pay.toString() };
}
