import { serverSeedHash } from '@lotus/games/fair';
import { drawRafflePrize } from '@lotus/games/raffle';
import { describe, expect, it } from 'vitest';
import { computeRaffleVerification } from './verify-raffle.ts';

const seed = 'c'.repeat(64);
const table = [
  { amountMinor: '100', weight: 3 },
  { amountMinor: '900', weight: 1 },
];

describe('computeRaffleVerification', () => {
  it('recomputes the prize from seed and ticket and checks hash and paid prize', () => {
    const expected = drawRafflePrize(seed, 17, table);
    const result = computeRaffleVerification({
      seed,
      hash: serverSeedHash(seed),
      ticket: '17',
      prizes: JSON.stringify(table),
      prize: expected.amountMinor,
    });
    expect(result).toEqual({
      ok: true,
      computedHash: serverSeedHash(seed),
      hashMatches: true,
      draw: expected,
      prizeMatches: true,
    });
    const wrong = computeRaffleVerification({
      seed,
      hash: 'f'.repeat(64),
      ticket: '17',
      prizes: JSON.stringify(table),
      prize: '1',
    });
    expect(wrong).toMatchObject({ ok: true, hashMatches: false, prizeMatches: false });
  });

  it('names the field that is wrong', () => {
    const base = { seed, hash: '', ticket: '1', prizes: JSON.stringify(table), prize: '' };
    expect(computeRaffleVerification({ ...base, seed: 'xyz' })).toEqual({ ok: false, problem: 'seed' });
    expect(computeRaffleVerification({ ...base, ticket: '0' })).toEqual({ ok: false, problem: 'ticket' });
    expect(computeRaffleVerification({ ...base, prizes: '[{"amountMinor":"1","weight":0}]' })).toEqual({
      ok: false,
      problem: 'prizes',
    });
  });
});
