import { describe, expect, it } from 'vitest';
import {
  betReturnMinor,
  cashoutValueMinor,
  combinedOddsMilli,
  impliedMargin,
  oddsWithMargin,
  potentialReturnMinor,
} from './bet-maths.ts';

describe('sports bet maths (hand-checked examples)', () => {
  it('prices with a proportional margin, rounding the odds down', () => {
    // 1X2 at 45/27/28 % with 5 %: 1/(0.45 × 1.05) = 2.1164 → 2.116.
    const odds = oddsWithMargin([0.45, 0.27, 0.28], 500);
    expect(odds.map((o) => o.oddsMilli)).toEqual([2116, 3527, 3401]);
    expect(odds.every((o) => o.active)).toBe(true);
    // The overround is the margin plus the rounding, never less.
    const margin = impliedMargin(odds.map((o) => o.oddsMilli));
    expect(margin).toBeGreaterThanOrEqual(0.05);
    expect(margin).toBeLessThan(0.0505);
    // A near-certain selection is offered inactive at the floor.
    expect(oddsWithMargin([0.999, 0.001], 500)[0]).toEqual({ oddsMilli: 1001, active: false });
  });

  it('combines accumulator odds and the potential return, rounding down once', () => {
    // 1.91 × 2.5 × 1.333 = 6.365075 → 6.365.
    expect(combinedOddsMilli([1910, 2500, 1333])).toBe(6365n);
  });

  it('settles singles: win, lose, void, Asian half lines and dead heat', () => {
    const stake = 10_000n; // 100.00
    expect(betReturnMinor(stake, [{ oddsMilli: 1910, outcome: 'win', deadHeatMilli: null }])).toBe(19_100n);
    expect(betReturnMinor(stake, [{ oddsMilli: 1910, outcome: 'lose', deadHeatMilli: null }])).toBe(0n);
    expect(betReturnMinor(stake, [{ oddsMilli: 1910, outcome: 'void', deadHeatMilli: null }])).toBe(10_000n);
    // Asian −0.25 at 1.90 with a draw: half lost, half returned.
    expect(betReturnMinor(stake, [{ oddsMilli: 1900, outcome: 'half_lose', deadHeatMilli: null }])).toBe(
      5_000n,
    );
    // +0.75 at 1.90 winning by… the half that wins pays 95.00, the other half is returned: 145.00.
    expect(betReturnMinor(stake, [{ oddsMilli: 1900, outcome: 'half_win', deadHeatMilli: null }])).toBe(
      14_500n,
    );
    // Top batsman at 6.00, tied between two: half the stake at 6.00 = 300.00.
    expect(betReturnMinor(stake, [{ oddsMilli: 6000, outcome: 'win', deadHeatMilli: 500 }])).toBe(30_000n);
  });

  it('settles accumulators with void and half legs', () => {
    const stake = 1_000n; // 10.00
    const legs = [
      { oddsMilli: 2000, outcome: 'win' as const, deadHeatMilli: null },
      { oddsMilli: 3000, outcome: 'void' as const, deadHeatMilli: null },
      { oddsMilli: 1500, outcome: 'win' as const, deadHeatMilli: null },
    ];
    // The void leg drops out: 10 × 2 × 1.5 = 30.00.
    expect(betReturnMinor(stake, legs)).toBe(3_000n);
    // One lost leg loses the accumulator.
    expect(betReturnMinor(stake, [...legs, { oddsMilli: 1100, outcome: 'lose', deadHeatMilli: null }])).toBe(
      0n,
    );
    // A half-lost leg halves it: 30 × 0.5 = 15.00.
    expect(
      betReturnMinor(stake, [...legs, { oddsMilli: 1900, outcome: 'half_lose', deadHeatMilli: null }]),
    ).toBe(1_500n);
    // Every leg void returns the stake.
    expect(
      betReturnMinor(stake, [
        { oddsMilli: 2000, outcome: 'void', deadHeatMilli: null },
        { oddsMilli: 1500, outcome: 'void', deadHeatMilli: null },
      ]),
    ).toBe(1_000n);
  });

  it('values a cash-out at the fair price minus the margin', () => {
    const stake = 10_000n;
    // A single at 2.00 whose selection is now 60 % likely: fair 100 × 2 × 0.6 = 120.00, 5 % off = 114.00.
    expect(cashoutValueMinor(stake, [{ open: true, oddsMilli: 2000, probPpm: 600_000 }], 500)).toBe(11_400n);
    // A double: leg one won at 1.50, leg two open at 3.00 now 25 %: 100 × 1.5 × 3 × 0.25 × 0.95 = 106.875 → 106.87.
    expect(
      cashoutValueMinor(
        stake,
        [
          { oddsMilli: 1500, outcome: 'win', deadHeatMilli: null },
          { open: true, oddsMilli: 3000, probPpm: 250_000 },
        ],
        500,
      ),
    ).toBe(10_687n);
    // A lost leg: nothing to cash out.
    expect(
      cashoutValueMinor(
        stake,
        [
          { oddsMilli: 1500, outcome: 'lose', deadHeatMilli: null },
          { open: true, oddsMilli: 3000, probPpm: 250_000 },
        ],
        500,
      ),
    ).toBe(0n);
  });

  it('rounds the potential return down from the exact product', () => {
    // 10.00 on 1.91 × 2.5 × 1.333: 63.650… → 63.65 (exact product, one rounding).
    expect(potentialReturnMinor(1_000n, [1910, 2500, 1333])).toBe(6_365n);
  });
});
