import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Hmac } from '../fair.ts';
import { add, type Fraction, fraction, mul, toNumber } from '../rational.ts';
import type { SlotTitle } from '../types.ts';
import {
  exactRtp,
  linePay,
  MAX_FREE_SPINS_PER_ROUND,
  slotRoundPayLines,
  spinSlot,
  spinValueAt,
} from './engine.ts';
import { SLOT_TITLES } from './titles.ts';

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const seed = 'c0ffee'.repeat(10).slice(0, 64);

function smallTitle(overrides: Partial<SlotTitle>): SlotTitle {
  return {
    code: 'small',
    declaredRtp: 0,
    rows: 2,
    reels: [
      ['S', 'A', 'W', 'B', 'C'],
      ['A', 'S', 'B', 'C', 'W', 'S'],
      ['S', 'B', 'A', 'W', 'C', 'S', 'A'],
    ],
    paylines: [
      [0, 0, 0],
      [1, 1, 1],
      [0, 1, 0],
    ],
    symbols: [
      { id: 'A', kind: 'normal' },
      { id: 'B', kind: 'normal' },
      { id: 'C', kind: 'normal' },
      { id: 'W', kind: 'wild' },
      { id: 'S', kind: 'scatter' },
    ],
    paytable: { A: [20], B: [10], C: [4], W: [50] },
    scatterPays: [3],
    freeSpins: { trigger: 3, awarded: 4, multiplier: 2, retrigger: true },
    betsMinor: ['300'],
    ...overrides,
  };
}

/**
 * Brute force, independent of exactRtp's shortcuts: every stop combination is evaluated by the engine's
 * own spin evaluation, and the free-spin game is a recursion over (spins left, spins awarded) that follows
 * the rules (retrigger adds `awarded` up to the cap) outcome by outcome.
 */
function bruteForceRtp(title: SlotTitle): Fraction {
  const lens = title.reels.map((r) => r.length);
  const total = lens.reduce((a, b) => a * b, 1);
  const outcomes = new Map<string, { pay: Fraction; triggered: boolean; ways: bigint }>();
  const stops = new Array<number>(lens.length).fill(0);
  for (let i = 0; i < total; i++) {
    let k = i;
    for (let r = lens.length - 1; r >= 0; r--) {
      const len = lens[r] ?? 1;
      stops[r] = k % len;
      k = Math.floor(k / len);
    }
    const { pay, scatterCount } = spinValueAt(title, stops);
    const triggered = title.freeSpins.trigger > 0 && scatterCount >= title.freeSpins.trigger;
    const key = `${pay.numerator}/${pay.denominator}:${triggered}`;
    const o = outcomes.get(key);
    if (o) o.ways++;
    else outcomes.set(key, { pay, triggered, ways: 1n });
  }
  const classes = [...outcomes.values()];
  const T = BigInt(total);
  const { awarded, multiplier, retrigger } = title.freeSpins;
  const M = fraction(BigInt(multiplier));
  const memo = new Map<string, Fraction>();
  // Expected free-spin winnings with `left` spins to play and `given` awarded so far this round.
  const freeValue = (left: number, given: number): Fraction => {
    if (left === 0) return fraction(0n);
    const key = `${left}:${given}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let v = fraction(0n);
    for (const o of classes) {
      const extra = retrigger && o.triggered ? Math.min(awarded, MAX_FREE_SPINS_PER_ROUND - given) : 0;
      const after = add(mul(M, o.pay), freeValue(left - 1 + extra, given + extra));
      v = add(v, mul(fraction(o.ways, T), after));
    }
    memo.set(key, v);
    return v;
  };
  const first = Math.min(awarded, MAX_FREE_SPINS_PER_ROUND);
  let rtp = fraction(0n);
  for (const o of classes) {
    const value = o.triggered ? add(o.pay, freeValue(first, first)) : o.pay;
    rtp = add(rtp, mul(fraction(o.ways, T), value));
  }
  return rtp;
}

describe('line rules', () => {
  const tiger = SLOT_TITLES['tiger-temple'];
  const lotus = SLOT_TITLES['lotus-fortune'];
  it.each([
    [['tiger', 'tiger', 'tiger', 'A', 'K'], { symbol: 'tiger', count: 3, pay: 50 }],
    [['wild', 'tiger', 'wild', 'tiger', 'J'], { symbol: 'tiger', count: 4, pay: 400 }],
    // Three wilds pay more as wilds (100) than as four A (20).
    [['wild', 'wild', 'wild', 'A', 'K'], { symbol: 'wild', count: 3, pay: 100 }],
    // …but four tigers (400) beat three wilds.
    [['wild', 'wild', 'wild', 'tiger', 'K'], { symbol: 'tiger', count: 4, pay: 400 }],
    [['wild', 'wild', 'wild', 'scatter', 'K'], { symbol: 'wild', count: 3, pay: 100 }],
    [['scatter', 'tiger', 'tiger', 'tiger', 'tiger'], null],
    [['A', 'K', 'A', 'A', 'A'], null],
    [['tiger', 'tiger', 'scatter', 'tiger', 'tiger'], null],
    [['J', 'J', 'J', 'J', 'J'], { symbol: 'J', count: 5, pay: 50 }],
  ])('tiger-temple %j pays %j', (line, expected) => {
    expect(linePay(tiger, line)).toEqual(expected);
  });

  it('lets wilds without pays of their own stand for the best normal symbol', () => {
    expect(linePay(lotus, ['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({
      symbol: 'lotus',
      count: 5,
      pay: 600,
    });
    expect(linePay(lotus, ['wild', 'wild', 'wild', 'scatter', 'lotus'])).toEqual({
      symbol: 'lotus',
      count: 3,
      pay: 40,
    });
    expect(linePay(lotus, ['wild', 'wild', 'scatter', 'lotus', 'lotus'])).toBeNull();
    expect(linePay(lotus, ['wild', 'Q', 'wild', 'Q', 'K'])).toEqual({ symbol: 'Q', count: 4, pay: 15 });
  });
});

describe('exactRtp', () => {
  it.each([
    [
      '3 reels, retrigger below criticality',
      smallTitle({ freeSpins: { trigger: 3, awarded: 5, multiplier: 2, retrigger: true } }),
    ],
    // 10 awarded × p ≈ 0.15 per spin: without the cap the free-spin game would never end on average.
    [
      '3 reels, retrigger held only by the cap',
      smallTitle({ freeSpins: { trigger: 3, awarded: 10, multiplier: 3, retrigger: true } }),
    ],
    [
      '3 reels, no retrigger',
      smallTitle({ freeSpins: { trigger: 2, awarded: 3, multiplier: 2, retrigger: false } }),
    ],
    [
      '5 reels with wild pays',
      smallTitle({
        reels: [
          ['A', 'W', 'S', 'B', 'C'],
          ['B', 'A', 'W', 'C'],
          ['S', 'C', 'A', 'W', 'B'],
          ['A', 'B', 'C', 'W'],
          ['C', 'W', 'A', 'S', 'B'],
        ],
        paylines: [
          [0, 0, 0, 0, 0],
          [1, 1, 1, 1, 1],
          [0, 1, 0, 1, 0],
          [1, 0, 1, 0, 1],
        ],
        paytable: { A: [5, 20, 80], B: [3, 10, 40], C: [2, 5, 20], W: [10, 50, 300] },
        scatterPays: [2, 10, 40],
        // 20 at a time keeps the brute-force recursion small: given ∈ {20, 40, …, 100}.
        freeSpins: { trigger: 3, awarded: 20, multiplier: 2, retrigger: true },
      }),
    ],
  ])(
    'equals brute force over every stop combination: %s',
    (_name, title) => {
      const exact = exactRtp(title);
      const brute = bruteForceRtp(title);
      expect(exact.numerator * brute.denominator).toBe(brute.numerator * exact.denominator);
      expect(exact.value).toBeCloseTo(toNumber(brute), 12);
    },
    30_000,
  );

  it('equals brute force on monsoon-gems, a real title (every one of its 44³ stop combinations)', () => {
    const title = SLOT_TITLES['monsoon-gems'];
    const exact = exactRtp(title);
    const brute = bruteForceRtp(title);
    expect(exact.numerator * brute.denominator).toBe(brute.numerator * exact.denominator);
  }, 30_000);

  it('counts exactly the capped number of free spins when every spin retriggers', () => {
    const always = smallTitle({
      rows: 1,
      reels: [['S'], ['S'], ['S']],
      paylines: [[0, 0, 0]],
      paytable: {},
      scatterPays: [1],
      freeSpins: { trigger: 3, awarded: 7, multiplier: 2, retrigger: true },
    });
    const rtp = exactRtp(always);
    // 1 (base scatter pay) + 100 free spins × 2 × 1.
    expect(rtp.numerator).toBe(BigInt(1 + MAX_FREE_SPINS_PER_ROUND * 2));
    expect(rtp.denominator).toBe(1n);
    expect(rtp.expectedFreeSpins).toBe(MAX_FREE_SPINS_PER_ROUND);
    const round = spinSlot(always, 300n, { serverSeed: seed, clientSeed: 'cap', nonce: 0 });
    expect(round.freeSpins).toHaveLength(MAX_FREE_SPINS_PER_ROUND);
    const given = round.base.freeSpinsAwarded + round.freeSpins.reduce((a, s) => a + s.freeSpinsAwarded, 0);
    expect(given).toBe(MAX_FREE_SPINS_PER_ROUND);
    expect(round.freeSpins.at(-1)?.freeSpinsAwarded).toBe(0);
    expect(round.totalPayMinor).toBe(String(300 * (1 + 2 * MAX_FREE_SPINS_PER_ROUND)));
  });

  it.each(Object.values(SLOT_TITLES).map((t) => [t.code, t] as const))(
    '%s: the declared RTP is the exact RTP to 4 decimals, between 94% and 97.5%',
    (_code, title) => {
      const exact = exactRtp(title);
      expect(Math.round(exact.value * 10_000) / 10_000, `exact ${exact.value}`).toBe(title.declaredRtp);
      expect(exact.value).toBeGreaterThan(0.94);
      expect(exact.value).toBeLessThan(0.975);
      expect(exact.parts.lines + exact.parts.scatters + exact.parts.freeSpins).toBeCloseTo(exact.value, 12);
    },
  );

  it('gives the three titles different maths', () => {
    const shapes = Object.values(SLOT_TITLES).map((t) =>
      JSON.stringify([t.reels.length, t.paylines.length, t.freeSpins, t.reels.map((r) => r.length)]),
    );
    expect(new Set(shapes).size).toBe(3);
    for (const t of Object.values(SLOT_TITLES)) {
      for (const bet of t.betsMinor) expect(BigInt(bet) % BigInt(t.paylines.length)).toBe(0n);
    }
  });
});

describe('spinSlot', () => {
  const title = SLOT_TITLES['lotus-fortune'];

  it('is deterministic and differs between nonces', () => {
    const inputs = { serverSeed: seed, clientSeed: 'me', nonce: 3 };
    expect(spinSlot(title, 1000n, inputs)).toEqual(spinSlot(title, 1000n, inputs));
    expect(spinSlot(title, 1000n, inputs)).toEqual(spinSlot(title, 1000n, inputs, nodeHmac));
    const stops = new Set(
      Array.from({ length: 5 }, (_, nonce) => spinSlot(title, 1000n, { ...inputs, nonce }).base.stops.join()),
    );
    expect(stops.size).toBeGreaterThan(1);
  });

  it('reports a coherent outcome, free spins included', () => {
    let withFree = 0;
    for (const t of Object.values(SLOT_TITLES)) {
      const bet = BigInt(t.betsMinor[2] ?? '0');
      for (let nonce = 0; nonce < 1500; nonce++) {
        const o = spinSlot(t, bet, { serverSeed: seed, clientSeed: 'check', nonce }, nodeHmac);
        let total = 0n;
        o.freeSpins.length > 0 && withFree++;
        [o.base, ...o.freeSpins].forEach((spin, i) => {
          const multiplier = BigInt(i === 0 ? 1 : t.freeSpins.multiplier);
          expect(spin.window).toEqual(
            t.reels.map((strip, r) =>
              Array.from({ length: t.rows }, (_, row) => strip[((spin.stops[r] ?? -1) + row) % strip.length]),
            ),
          );
          const lines = spin.lineWins.reduce((a, w) => a + BigInt(w.payMinor), 0n);
          expect(BigInt(spin.payMinor)).toBe(lines + BigInt(spin.scatterPayMinor));
          const value = spinValueAt(t, spin.stops).pay;
          expect(BigInt(spin.payMinor) * value.denominator).toBe(value.numerator * bet * multiplier);
          total += BigInt(spin.payMinor);
        });
        const awarded = o.base.freeSpinsAwarded + o.freeSpins.reduce((a, s) => a + s.freeSpinsAwarded, 0);
        expect(o.freeSpins).toHaveLength(awarded);
        expect(o.totalPayMinor).toBe(total.toString());
        expect(BigInt(o.totalPayMinor)).toBe(
          (BigInt(slotRoundPayLines(t, { serverSeed: seed, clientSeed: 'check', nonce }, nodeHmac)) * bet) /
            BigInt(t.paylines.length),
        );
      }
    }
    // Enough rounds that free spins (about 1 to 3 % of rounds) were exercised.
    expect(withFree).toBeGreaterThan(20);
  });

  it('refuses a bet that is not a whole number of line bets', () => {
    expect(() => spinSlot(title, 110n, { serverSeed: seed, clientSeed: 'x', nonce: 0 })).toThrow(RangeError);
    expect(() => spinSlot(title, 0n, { serverSeed: seed, clientSeed: 'x', nonce: 0 })).toThrow(RangeError);
  });
});
