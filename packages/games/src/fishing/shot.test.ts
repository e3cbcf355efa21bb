import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDraws, type Hmac } from '../fair.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { captureProbability, fishSpecies } from './fish.ts';
import { FISHING_BULLETS_MINOR, type FishingShot, resolveShot, validateShot, verifyShot } from './shot.ts';

const nodeHmac: Hmac = (key, message) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const inputs = (nonce: number) => ({ serverSeed: 'f1'.repeat(32), clientSeed: 'fish-test', nonce });

/** The first nonce from 0 whose shot is captured (or missed). */
function firstNonce(shot: FishingShot, captured: boolean): number {
  for (let nonce = 0; ; nonce++) if (resolveShot(shot, inputs(nonce)).captured === captured) return nonce;
}

describe('a fishing shot', () => {
  it('captures exactly when the first draw int(b) is below a, and pays bullet × multiplier', () => {
    for (const target of ['minnow', 'octopus', 'dragon-king']) {
      const species = fishSpecies(target);
      if (!species) throw new Error(target);
      const p = captureProbability(species);
      for (let nonce = 0; nonce < 200; nonce++) {
        const outcome = resolveShot({ bulletMinor: '500', target }, inputs(nonce));
        const draw = createDraws(inputs(nonce)).int(Number(p.denominator));
        expect(outcome.captured).toBe(BigInt(draw) < p.numerator);
        const m = species.multipliers[0]?.multiplier ?? 0;
        expect(outcome.multiplier).toBe(outcome.captured ? m : 0);
        expect(outcome.payoutMinor).toBe(String(outcome.captured ? 500 * m : 0));
      }
    }
  });

  it('draws a golden carp’s multiplier after the capture, by weight', () => {
    const shot = { bulletMinor: '100', target: 'golden-carp' };
    const nonce = firstNonce(shot, true);
    const outcome = resolveShot(shot, inputs(nonce));
    const draws = createDraws(inputs(nonce));
    draws.int(275);
    const r = draws.int(100);
    const expected =
      r < 40 ? 30 : r < 65 ? 50 : r < 80 ? 80 : r < 90 ? 100 : r < 95 ? 150 : r < 98 ? 200 : 300;
    expect(outcome.catches).toEqual([{ species: 'golden-carp', multiplier: expected }]);
    expect(outcome.payoutMinor).toBe(String(100 * expected));
  });

  it('a captured bomb pays its own ×10 and every fish its blast took, in order', () => {
    const shot = { bulletMinor: '20', target: 'bomb-crab', caught: ['minnow', 'golden-carp', 'shark'] };
    const outcome = resolveShot(shot, inputs(firstNonce(shot, true)));
    expect(outcome.catches.map((c) => c.species)).toEqual(['bomb-crab', 'minnow', 'golden-carp', 'shark']);
    const golden = outcome.catches[2]?.multiplier ?? 0;
    expect(outcome.multiplier).toBe(10 + 2 + golden + 60);
    expect(outcome.payoutMinor).toBe(String(20 * outcome.multiplier));
    const missed = resolveShot(shot, inputs(firstNonce(shot, false)));
    expect(missed).toMatchObject({ captured: false, multiplier: 0, catches: [], payoutMinor: '0' });
    expect(missed.caught).toEqual(shot.caught);
  });

  it('is deterministic, the same with node:crypto, and verifies (key order ignored); a changed outcome does not', () => {
    const shot = { bulletMinor: '1000', target: 'bomb-crab', caught: ['golden-carp', 'golden-carp'] };
    const nonce = firstNonce(shot, true);
    const outcome = resolveShot(shot, inputs(nonce));
    expect(resolveShot(shot, inputs(nonce))).toEqual(outcome);
    expect(resolveShot(shot, inputs(nonce), nodeHmac)).toEqual(outcome);
    expect(verifyShot(shot, inputs(nonce), outcome)).toBe(true);
    const reordered = Object.fromEntries(Object.entries(outcome).reverse());
    expect(verifyShot(shot, inputs(nonce), reordered, nodeHmac)).toBe(true);
    expect(verifyShot(shot, inputs(nonce), { ...outcome, payoutMinor: '1' })).toBe(false);
    expect(verifyShot(shot, inputs(nonce), { ...outcome, captured: false })).toBe(false);
    expect(verifyShot({ ...shot, caught: ['golden-carp'] }, inputs(nonce), outcome)).toBe(false);
    expect(verifyShot({ ...shot, target: 'nope' }, inputs(nonce), outcome)).toBe(false);
    const otherNonce = resolveShot(shot, inputs(nonce + 1));
    expect(verifyShot(shot, inputs(nonce + 1), otherNonce)).toBe(true);
  });

  it('refuses a bad shot with bet_invalid', () => {
    const refused = (shot: FishingShot) => {
      try {
        validateShot(shot);
      } catch (error) {
        return error instanceof GameRuleError ? error.code : 'other';
      }
      return 'accepted';
    };
    expect(refused({ bulletMinor: '100', target: 'minnow' })).toBe('accepted');
    for (const bullet of FISHING_BULLETS_MINOR) {
      expect(refused({ bulletMinor: bullet.toString(), target: 'kraken' })).toBe('accepted');
    }
    expect(refused({ bulletMinor: '30', target: 'minnow' })).toBe('bet_invalid');
    expect(refused({ bulletMinor: '1.5', target: 'minnow' })).toBe('bet_invalid');
    expect(refused({ bulletMinor: '-10', target: 'minnow' })).toBe('bet_invalid');
    expect(refused({ bulletMinor: '100', target: 'whale-shark' })).toBe('bet_invalid');
    expect(refused({ bulletMinor: '100', target: 'minnow', caught: ['minnow'] })).toBe('bet_invalid');
    expect(refused({ bulletMinor: '100', target: 'bomb-crab', caught: ['kraken'] })).toBe('bet_invalid');
    expect(refused({ bulletMinor: '100', target: 'bomb-crab', caught: ['bomb-crab'] })).toBe('bet_invalid');
    expect(refused({ bulletMinor: '100', target: 'bomb-crab', caught: ['x'] })).toBe('bet_invalid');
    expect(
      refused({ bulletMinor: '100', target: 'bomb-crab', caught: 'minnow' as unknown as string[] }),
    ).toBe('bet_invalid');
    expect(refused({ bulletMinor: '100', target: 'bomb-crab', caught: new Array(13).fill('minnow') })).toBe(
      'bet_invalid',
    );
    expect(refused({ bulletMinor: '100', target: 'bomb-crab', caught: new Array(12).fill('minnow') })).toBe(
      'accepted',
    );
  });
});
