import { sha256Hex } from '@lotus/games/fair';
import {
  bombCatch,
  FISHING_TITLES,
  fishAliveAt,
  fishSpecies,
  resolveShot,
  sceneOf,
} from '@lotus/games/fishing/index';
import { describe, expect, it } from 'vitest';
import { computeVerification } from './verify.ts';
import type { FishingBatchOutcome } from './verify-fishing.ts';
import { betOfOutcome } from './verify-link.ts';

const SERVER_SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const SCENE_SEED = 'ab'.repeat(32);
const CLIENT_SEED = 'my-lucky-seed';
const FIRST_NONCE = 7;
const scene = sceneOf(FISHING_TITLES['ocean-king'], SCENE_SEED);

/**
 * A batch stored as the server stores it (fishing.service.ts): targets and blasts from the scene, each shot
 * resolved on its own nonce. Ten shots at the fish alive at 60 s, a bomb crab first when one swims then,
 * so a blast is recomputed too.
 */
function storedBatch() {
  let at = 60_000;
  let live = fishAliveAt(scene, at);
  while (!live.some((f) => fishSpecies(f.species)?.kind === 'bomb')) {
    at += 1000;
    live = fishAliveAt(scene, at);
  }
  const bomb = live.find((f) => fishSpecies(f.species)?.kind === 'bomb');
  const targets = [bomb, ...live.filter((f) => f !== bomb)].slice(0, 10);
  const shots = targets.map((fish, i) => {
    const id = fish?.id ?? 0;
    const species = fish?.species ?? '';
    const blast = fishSpecies(species)?.kind === 'bomb' ? bombCatch(scene, id, at) : [];
    const nonce = FIRST_NONCE + i;
    const outcome = resolveShot(
      { bulletMinor: '1000', target: species, caught: blast.map((f) => f.species) },
      { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce },
    );
    return { ...outcome, fishId: id, at, nonce, caughtIds: blast.map((f) => f.id) };
  });
  const total = shots.reduce((sum, s) => sum + BigInt(s.payoutMinor), 0n);
  return {
    game: 'fishing-batch',
    requestHash: 'x'.repeat(64),
    sceneSeed: SCENE_SEED,
    shots,
    stakeMinor: String(1000 * shots.length),
    totalPayMinor: total.toString(),
  };
}

function verify(stored: unknown, overrides: { bet?: string; nonce?: string; payout?: string } = {}) {
  const batch = storedBatch();
  return computeVerification({
    game: 'ocean-king',
    serverSeed: SERVER_SEED,
    clientSeed: CLIENT_SEED,
    nonce: overrides.nonce ?? String(FIRST_NONCE),
    bet: overrides.bet ?? JSON.stringify(betOfOutcome(batch)),
    hash: sha256Hex(SERVER_SEED),
    payout: overrides.payout ?? batch.totalPayMinor,
    storedOutcome: stored,
  });
}

describe('verifying a fishing round (a batch of shots)', () => {
  it('recomputes every shot, its target and blast from the scene, and the payout, all matching', () => {
    const stored = storedBatch();
    const result = verify(stored);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const outcome = result.outcome as FishingBatchOutcome;
    expect(outcome.game).toBe('fishing-batch');
    expect(outcome.shots).toHaveLength(10);
    expect(outcome.shots.map((s) => s.nonce)).toEqual(stored.shots.map((s) => s.nonce));
    expect(outcome.shots.every((s) => s.matches === true && s.alive)).toBe(true);
    // The bomb crab's blast is recomputed from the scene, not taken from the stored round.
    expect(outcome.shots[0]?.caughtIds).toEqual(stored.shots[0]?.caughtIds);
    expect(outcome.totalPayMinor).toBe(stored.totalPayMinor);
    expect(outcome.stakeMinor).toBe(stored.stakeMinor);
    expect(result.hashMatches).toBe(true);
    expect(result.outcomeMatches).toBe(true);
    expect(result.payoutMatches).toBe(true);
  });

  it('works from the link alone (no stored round): the payout is compared', () => {
    const stored = storedBatch();
    const result = verify(null);
    expect(result.ok && result.outcomeMatches).toBe(null);
    expect(result.ok && result.payoutMatches).toBe(true);
    const other = verify(null, { payout: String(BigInt(stored.totalPayMinor) + 10n) });
    expect(other.ok && other.payoutMatches).toBe(false);
  });

  it('catches a tampered shot, a blast changed and a different nonce', () => {
    const paid = storedBatch();
    const shot = paid.shots[3];
    if (shot) shot.payoutMinor = String(BigInt(shot.payoutMinor) + 1000n);
    const result = verify(paid);
    expect(result.ok && result.outcomeMatches).toBe(false);
    if (result.ok) {
      const shots = (result.outcome as FishingBatchOutcome).shots;
      expect(shots.map((s) => s.matches)).toEqual(shots.map((_, i) => i !== 3));
    }

    const blasted = storedBatch();
    if (blasted.shots[0]) blasted.shots[0].caughtIds = [...blasted.shots[0].caughtIds, 999_999];
    expect(verify(blasted).ok && verify(blasted)).toMatchObject({ outcomeMatches: false });

    const shifted = verify(storedBatch(), { nonce: String(FIRST_NONCE + 1) });
    expect(shifted.ok && shifted.outcomeMatches).toBe(false);
  });

  it('refuses a bet that is not a batch, or a bullet that is not listed', () => {
    expect(verify(null, { bet: '{"game":"slot","betMinor":"100"}' })).toEqual({ ok: false, problem: 'bet' });
    expect(verify(null, { bet: '{"game":"fishing-batch","sceneSeed":"ab","shots":[]}' })).toEqual({
      ok: false,
      problem: 'bet',
    });
    const bet = { ...(betOfOutcome(storedBatch()) as { shots: { bulletMinor: string }[] }) };
    bet.shots = bet.shots.map((s) => ({ ...s, bulletMinor: '15' }));
    expect(verify(null, { bet: JSON.stringify(bet) })).toEqual({
      ok: false,
      problem: 'bet',
      detail: 'bet_invalid',
    });
  });
});
