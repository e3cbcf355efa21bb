import { describe, expect, it } from 'vitest';
import { createDraws } from './fair.ts';
import {
  playRoulette,
  ROULETTE_BETS,
  ROULETTE_PAYS,
  ROULETTE_RED,
  rouletteColour,
  rouletteExactRtp,
  settleRoulette,
  validateRouletteBet,
} from './roulette.ts';
import type { RouletteBetKind } from './types.ts';

const inputs = { serverSeed: 'f'.repeat(64), clientSeed: 'wheel', nonce: 0 };

describe('roulette layout', () => {
  it('has every European bet position', () => {
    const counts = Object.fromEntries(Object.entries(ROULETTE_BETS).map(([k, v]) => [k, v.length]));
    expect(counts).toEqual({
      straight: 37,
      split: 60,
      street: 14,
      corner: 22,
      line: 11,
      basket: 1,
      dozen: 3,
      column: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const)
      expect(ROULETTE_BETS[kind][0]).toHaveLength(18);
    expect(ROULETTE_RED).toHaveLength(18);
    expect([
      rouletteColour(0),
      rouletteColour(1),
      rouletteColour(2),
      rouletteColour(10),
      rouletteColour(19),
    ]).toEqual(['green', 'red', 'black', 'black', 'red']);
  });

  it.each([
    ['split', [0, 1], true],
    ['split', [3, 0], true],
    ['split', [1, 2], true],
    ['split', [1, 4], true],
    ['split', [3, 4], false],
    ['split', [0, 4], false],
    ['split', [5, 5], false],
    ['street', [4, 5, 6], true],
    ['street', [2, 0, 1], true],
    ['street', [0, 1, 3], false],
    ['street', [3, 4, 5], false],
    ['corner', [1, 2, 4, 5], true],
    ['corner', [32, 33, 35, 36], true],
    ['corner', [3, 4, 6, 7], false],
    ['line', [1, 2, 3, 4, 5, 6], true],
    ['line', [2, 3, 4, 5, 6, 7], false],
    ['basket', [3, 2, 1, 0], true],
    ['basket', [0, 1, 2], false],
    ['dozen', Array.from({ length: 12 }, (_, i) => 13 + i), true],
    ['dozen', Array.from({ length: 12 }, (_, i) => 12 + i), false],
    ['column', Array.from({ length: 12 }, (_, i) => 3 * i + 2), true],
    ['red', [], true],
    ['red', [...ROULETTE_RED], true],
    ['black', [...ROULETTE_RED], false],
    ['straight', [37], false],
    ['straight', [], false],
    ['straight', [0], true],
  ] as [RouletteBetKind, number[], boolean][])('%s %j is valid: %s', (kind, numbers, valid) => {
    const pockets = validateRouletteBet({ kind, numbers });
    expect(pockets !== null).toBe(valid);
    if (pockets && numbers.length) expect(pockets).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('returns exactly 36/37 on every single bet of the layout', () => {
    for (const [kind, options] of Object.entries(ROULETTE_BETS) as [RouletteBetKind, number[][]][]) {
      for (const numbers of options) {
        expect(numbers.length * (ROULETTE_PAYS[kind] + 1)).toBe(36);
        const rtp = rouletteExactRtp([{ kind, numbers, amountMinor: '1000' }]);
        expect([rtp.numerator, rtp.denominator], `${kind} ${numbers.join('-')}`).toEqual([36n, 37n]);
      }
    }
  });
});

describe('playRoulette', () => {
  const bets = [
    { kind: 'straight' as const, numbers: [17], amountMinor: '1000' },
    { kind: 'red' as const, numbers: [], amountMinor: '2000' },
    { kind: 'split' as const, numbers: [0, 3], amountMinor: '1000' },
  ];

  it('lands on the first draw of the round and settles each bet, stake returned with the win', () => {
    const o = playRoulette(bets, inputs);
    expect(o.pocket).toBe(createDraws(inputs).int(37));
    expect(playRoulette(bets, inputs)).toEqual(o);
    expect(o.stakeMinor).toBe('4000');
    expect(o.bets[1]?.numbers).toEqual([...ROULETTE_RED]);
  });

  it('pays straight 35, even chances 1 and loses everything else on zero', () => {
    const on17 = settleRoulette(bets, 17);
    expect(on17.bets.map((b) => b.payMinor)).toEqual(['36000', '0', '0']);
    expect(on17.colour).toBe('black');
    const on3 = settleRoulette(bets, 3);
    expect(on3.bets.map((b) => b.payMinor)).toEqual(['0', '4000', '18000']);
    expect(on3.totalPayMinor).toBe('22000');
    const on0 = settleRoulette(bets, 0);
    expect(on0.bets.map((b) => b.payMinor)).toEqual(['0', '0', '18000']);
  });

  it('refuses an impossible bet', () => {
    expect(() => settleRoulette([{ kind: 'split', numbers: [3, 4], amountMinor: '1000' }], 3)).toThrow(
      RangeError,
    );
  });
});
