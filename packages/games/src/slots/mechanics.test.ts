import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Hmac } from '../fair.ts';
import { add, type Fraction, fraction, mul } from '../rational.ts';
import type { SlotTitle } from '../types.ts';
import { exactRtp, slotRoundPayLines, spinSlot, spinValueAt } from './engine.ts';
import { MECHANIC_SLOT_TITLES } from './mechanic-titles.ts';
import {
  MAX_CASCADES,
  maxWinBound,
  mechanicBetUnits,
  mechanicExactRtp,
  mechanicSpinAt,
} from './mechanics.ts';

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const seed = 'beef'.repeat(16);

/** Three reels of two rows, one paying way symbol A (and B), wild W, scatter S, bonus C. */
function tiny(overrides: Partial<SlotTitle>): SlotTitle {
  return {
    code: 'tiny',
    mechanic: 'ways',
    declaredRtp: 0,
    rows: 2,
    reels: [
      ['A', 'B', 'S', 'A', 'B'],
      ['B', 'W', 'A', 'S', 'A', 'B'],
      ['A', 'S', 'B', 'W', 'B', 'A', 'B'],
    ],
    paylines: [],
    betUnits: 10,
    symbols: [
      { id: 'A', kind: 'normal' },
      { id: 'B', kind: 'normal' },
      { id: 'W', kind: 'wild' },
      { id: 'S', kind: 'scatter' },
    ],
    paytable: { A: [7], B: [3] },
    scatterPays: [4],
    freeSpins: { trigger: 2, awarded: 3, multiplier: 2, retrigger: false },
    maxWinX: 1_000_000,
    betsMinor: ['100'],
    ...overrides,
  };
}

/** Every stop combination of a title, in order. */
function* allStops(title: SlotTitle): Generator<number[]> {
  const lens = title.reels.map((r) => r.length);
  const total = lens.reduce((a, b) => a * b, 1);
  for (let i = 0; i < total; i++) {
    let k = i;
    const stops = lens.map(() => 0);
    for (let r = lens.length - 1; r >= 0; r--) {
      const len = lens[r] ?? 1;
      stops[r] = k % len;
      k = Math.floor(k / len);
    }
    yield stops;
  }
}

describe('ways', () => {
  const title = tiny({});

  it('pays each symbol on consecutive reels from the left, times its ways, wilds included', () => {
    // Windows: reel 0 rows A,B; reel 1 W,A; reel 2 B,W. A: 1 × 2 × 1 ways = 2 × 7; B: 1 × 1 × 2 = 2 × 3.
    const round = spinValueAt(title, [0, 1, 2]);
    expect(round.pay).toEqual(fraction(2n * 7n + 2n * 3n, 10n));
    // Reel 0 S,A; reel 1 A,S; reel 2 W,B: A 1 × 1 × 1 = 7; two scatters trigger but pay only from three.
    expect(spinValueAt(title, [2, 2, 3])).toEqual({ pay: fraction(7n, 10n), scatterCount: 2 });
  });

  it('reports the ways wins of a round', () => {
    const outcome = spinSlot(title, 100n, { serverSeed: seed, clientSeed: 'ways', nonce: 0 });
    for (const spin of [outcome.base, ...outcome.freeSpins]) {
      expect(spin.lineWins).toEqual([]);
      const ways = (spin.waysWins ?? []).reduce((a, w) => a + BigInt(w.payMinor), 0n);
      expect(BigInt(spin.payMinor)).toBe(ways + BigInt(spin.scatterPayMinor));
    }
  });

  const fourReels = tiny({
    reels: [
      ['W', 'A', 'B', 'S', 'B'],
      ['B', 'A', 'W', 'S'],
      ['A', 'S', 'B', 'W', 'B', 'A'],
      ['B', 'A', 'S', 'A', 'W'],
    ],
    paytable: { A: [7, 20], B: [3, 9] },
    scatterPays: [4, 30],
  });
  it.each([
    ['3 reels', title],
    ['4 reels, wild on the first reel, 4-reel pays', fourReels],
  ])('has the exact RTP of brute force over every stop combination: %s', (_name, title) => {
    // Brute force: mean spin pay and trigger chance over all stops; without retrigger the free spins are
    // `awarded` independent spins at `multiplier`.
    let sum = fraction(0n);
    let triggers = 0n;
    let count = 0n;
    for (const stops of allStops(title)) {
      const { pay, scatterCount } = spinValueAt(title, stops);
      sum = add(sum, pay);
      if (scatterCount >= title.freeSpins.trigger) triggers++;
      count++;
    }
    const mean = mul(sum, fraction(1n, count));
    const free = mul(fraction(triggers * 3n * 2n, count), mean);
    const exact = mechanicExactRtp(title);
    expect(fraction(exact.numerator, exact.denominator)).toEqual(add(mean, free));
  });

  it('is refused by the line engine’s exactRtp, and cascades have no exact RTP', () => {
    expect(() => exactRtp(title)).toThrow(/mechanicExactRtp/);
    expect(() => mechanicExactRtp(tiny({ mechanic: 'cascade', cascadeMultipliers: [1] }))).toThrow();
  });
});

describe('cascade', () => {
  const title = tiny({
    mechanic: 'cascade',
    cascadeMultipliers: [1, 2, 3],
    reels: [
      ['A', 'B', 'B', 'A', 'B'],
      ['B', 'A', 'A', 'B', 'B'],
      ['B', 'A', 'A', 'B', 'A'],
    ],
    scatterPays: [],
    freeSpins: { trigger: 0, awarded: 0, multiplier: 1, retrigger: false },
  });

  it('removes the winning cells, lets the rest fall and refills from the strip above the stop', () => {
    const o = spinSlot(title, 100n, { serverSeed: seed, clientSeed: 'cascade', nonce: 0 });
    const stops = o.base.stops;
    for (const spin of [o.base]) {
      let window = spin.window;
      const tops = [...stops];
      for (const k of spin.cascades ?? []) {
        // Recompute the fall: kept cells keep their order at the bottom, the top reads the strip upwards.
        const expected = window.map((column, r) => {
          const strip = title.reels[r] ?? [];
          const gone = k.removed[r] ?? [];
          const kept = column.filter((_, row) => !gone.includes(row));
          const top = ((((tops[r] ?? 0) - gone.length) % strip.length) + strip.length) % strip.length;
          tops[r] = top;
          return [...gone.map((_, i) => strip[(top + i) % strip.length] ?? ''), ...kept];
        });
        expect(k.window).toEqual(expected);
        window = k.window;
      }
    }
  });

  it('multiplies each cascade by the ladder and stops when nothing pays', () => {
    let cascaded = 0;
    for (let nonce = 0; nonce < 200; nonce++) {
      const o = spinSlot(title, 100n, { serverSeed: seed, clientSeed: 'ladder', nonce }, nodeHmac);
      const cascades = o.base.cascades ?? [];
      if (cascades.length > 0) cascaded++;
      expect(cascades.length).toBeLessThanOrEqual(MAX_CASCADES);
      cascades.forEach((k, i) => {
        expect(k.multiplier).toBe([1, 2, 3][Math.min(i + 1, 2)]);
        const ways = k.waysWins.reduce((a, w) => a + BigInt(w.payMinor), 0n);
        expect(BigInt(k.payMinor)).toBe(ways);
        // Every cascade but the last follows a paying window; the last one pays nothing.
        expect(BigInt(k.payMinor) === 0n).toBe(i === cascades.length - 1 && cascades.length < MAX_CASCADES);
      });
      if (o.base.waysWins?.length === 0) expect(cascades).toEqual([]);
      const total = [o.base.waysWins ?? [], ...cascades.map((k) => k.waysWins)]
        .flat()
        .reduce((a, w) => a + BigInt(w.payMinor), 0n);
      expect(BigInt(o.base.payMinor)).toBe(total);
      expect(o.base.payMinor).toBe(o.totalPayMinor);
      // The stops alone decide a cascade spin (no extra draws): spinValueAt replays it.
      const again = spinValueAt(title, o.base.stops).pay;
      expect(BigInt(o.totalPayMinor) * again.denominator).toBe(again.numerator * 100n);
    }
    expect(cascaded).toBeGreaterThan(20);
  });
});

describe('hold-and-win', () => {
  const title = tiny({
    mechanic: 'hold-and-win',
    rows: 2,
    reels: [
      ['A', 'C', 'B', 'C'],
      ['C', 'A', 'B'],
      ['B', 'C', 'A', 'C', 'A'],
    ],
    symbols: [
      { id: 'A', kind: 'normal' },
      { id: 'B', kind: 'normal' },
      { id: 'C', kind: 'bonus' },
    ],
    paytable: { A: [5], B: [2] },
    scatterPays: [],
    freeSpins: { trigger: 0, awarded: 0, multiplier: 1, retrigger: false },
    holdAndWin: {
      trigger: 2,
      respins: 2,
      landing: [1, 3],
      values: [
        { value: 1, weight: 3 },
        { value: 4, weight: 1 },
      ],
      grand: 20,
    },
  });

  /**
   * The feature's pay after the start by brute force, cell by cell (no binomial, no linearity of values):
   * every empty cell lands or not on each respin, every landed cell takes each value with its weight.
   */
  const memo = new Map<string, Fraction>();
  function featureBrute(held: boolean[], left: number): Fraction {
    if (held.every(Boolean)) return fraction(20n);
    if (left === 0) return fraction(0n);
    const key = `${held.map(Number).join('')}:${left}`;
    const known = memo.get(key);
    if (known) return known;
    const empty = held.flatMap((h, i) => (h ? [] : [i]));
    let value = fraction(0n);
    for (let mask = 0; mask < 1 << empty.length; mask++) {
      const landed = empty.filter((_, j) => mask & (1 << j));
      const p = fraction(2n ** BigInt(empty.length - landed.length), 3n ** BigInt(empty.length));
      const next = held.slice();
      for (const i of landed) next[i] = true;
      const rest = featureBrute(next, landed.length > 0 ? 2 : left - 1);
      for (let v = 0; v < 1 << landed.length; v++) {
        let drawn = 0n;
        let weight = 1n;
        for (let j = 0; j < landed.length; j++) {
          const four = (v & (1 << j)) !== 0;
          drawn += four ? 4n : 1n;
          weight *= four ? 1n : 3n;
        }
        const w = fraction(weight, 4n ** BigInt(landed.length));
        value = add(value, mul(mul(p, w), add(fraction(drawn), rest)));
      }
    }
    memo.set(key, value);
    return value;
  }

  it('has the exact RTP of brute force over the stops and every respin outcome', () => {
    let total = fraction(0n);
    let count = 0n;
    // The start's values: each bonus draws 1 (weight 3) or 4 (weight 1).
    const meanValue = fraction(7n, 4n);
    for (const stops of allStops(title)) {
      const { pay, bonusCount } = mechanicSpinAt(title, stops);
      let value = pay;
      if (bonusCount >= 2) {
        const held = stops.flatMap((s, r) => {
          const strip = title.reels[r] ?? [];
          return [0, 1].map((row) => strip[(s + row) % strip.length] === 'C');
        });
        const start = mul(fraction(BigInt(bonusCount)), meanValue);
        value = add(value, add(start, featureBrute(held, 2)));
      }
      total = add(total, value);
      count++;
    }
    const exact = mechanicExactRtp(title);
    expect(fraction(exact.numerator, exact.denominator)).toEqual(mul(total, fraction(1n, count)));
  });

  it('plays the feature within the round: values drawn, respins reset on a landing, grand when full', () => {
    let features = 0;
    let full = 0;
    for (let nonce = 0; nonce < 400; nonce++) {
      const o = spinSlot(title, 100n, { serverSeed: seed, clientSeed: 'hold', nonce }, nodeHmac);
      const bonuses = o.base.window.flat().filter((id) => id === 'C').length;
      if (!o.holdAndWin) {
        expect(bonuses).toBeLessThan(2);
        expect(o.totalPayMinor).toBe(o.base.payMinor);
        continue;
      }
      features++;
      const h = o.holdAndWin;
      expect(h.start.map((c) => o.base.window[c.reel]?.[c.row])).toEqual(new Array(bonuses).fill('C'));
      let left = 2;
      let held = h.start.length;
      for (const r of h.respins) {
        left = r.landed.length > 0 ? 2 : left - 1;
        held += r.landed.length;
        expect(r.respinsLeft).toBe(left);
      }
      expect(left === 0 || held === 6).toBe(true);
      expect(h.full).toBe(held === 6);
      if (h.full) full++;
      const values = [...h.start, ...h.respins.flatMap((r) => r.landed)];
      for (const c of values) expect(BigInt(c.payMinor)).toBe(BigInt(c.value) * 100n);
      const sum = values.reduce((a, c) => a + BigInt(c.payMinor), 0n) + BigInt(h.grandPayMinor);
      expect(h.grandPayMinor).toBe(h.full ? '2000' : '0');
      expect(h.payMinor).toBe(sum.toString());
      expect(BigInt(o.totalPayMinor)).toBe(BigInt(o.base.payMinor) + sum);
    }
    expect(features).toBeGreaterThan(50);
    expect(full).toBeGreaterThan(5);
  });
});

describe('the round cap', () => {
  it('cuts a round to maxWinX total bets and says so', () => {
    const capped = tiny({ maxWinX: 1 });
    let seen = 0;
    for (let nonce = 0; nonce < 100; nonce++) {
      const o = spinSlot(capped, 100n, { serverSeed: seed, clientSeed: 'cap', nonce });
      expect(BigInt(o.totalPayMinor)).toBeLessThanOrEqual(100n);
      if (o.capped) {
        seen++;
        expect(o.totalPayMinor).toBe('100');
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('the new titles', () => {
  const titles = Object.values(MECHANIC_SLOT_TITLES);

  it('cover each mechanic twice, with the symbols they show', () => {
    const count = (m: string) => titles.filter((t) => t.mechanic === m).length;
    expect([count('ways'), count('cascade'), count('hold-and-win')]).toEqual([2, 2, 2]);
    for (const t of titles) {
      const ids = new Set(t.symbols.map((s) => s.id));
      for (const strip of t.reels) for (const id of strip) expect(ids.has(id)).toBe(true);
      for (const bet of t.betsMinor) expect(BigInt(bet) % BigInt(mechanicBetUnits(t))).toBe(0n);
    }
  });

  it.each(titles.filter((t) => t.mechanic !== 'cascade').map((t) => [t.code, t] as const))(
    '%s: declared RTP = exact RTP to 4 decimals, 95–97 %, and the cap never binds',
    (_code, t) => {
      const exact = mechanicExactRtp(t);
      expect(Math.round(exact.value * 10_000) / 10_000, `exact ${exact.value}`).toBe(t.declaredRtp);
      expect(t.declaredRtp).toBeGreaterThanOrEqual(0.95);
      expect(t.declaredRtp).toBeLessThanOrEqual(0.97);
      const { ways, scatters, freeSpins, holdAndWin } = exact.parts;
      expect(ways + scatters + freeSpins + holdAndWin).toBeCloseTo(exact.value, 12);
      expect(maxWinBound(t)).toBeLessThanOrEqual(t.maxWinX ?? 0);
    },
  );

  it.each(titles.map((t) => [t.code, t] as const))('%s: a coherent outcome over 300 rounds', (code, t) => {
    const bet = BigInt(t.betsMinor[1] ?? '0');
    const unit = bet / BigInt(mechanicBetUnits(t));
    for (let nonce = 0; nonce < 300; nonce++) {
      const inputs = { serverSeed: seed, clientSeed: `coherent-${code}`, nonce };
      const o = spinSlot(t, bet, inputs, nodeHmac);
      expect(o).toEqual(spinSlot(t, bet, inputs));
      let total = 0n;
      [o.base, ...o.freeSpins].forEach((spin, i) => {
        const m = BigInt(i === 0 ? 1 : t.freeSpins.multiplier);
        expect(spin.window).toEqual(
          t.reels.map((strip, r) =>
            Array.from({ length: t.rows }, (_, row) => strip[((spin.stops[r] ?? 0) + row) % strip.length]),
          ),
        );
        const wins = [spin.waysWins ?? [], ...(spin.cascades ?? []).map((k) => k.waysWins)].flat();
        const sum = wins.reduce((a, w) => a + BigInt(w.payMinor), 0n);
        expect(BigInt(spin.payMinor)).toBe(sum + BigInt(spin.scatterPayMinor));
        const value = spinValueAt(t, spin.stops).pay;
        expect(BigInt(spin.payMinor) * value.denominator).toBe(value.numerator * bet * m);
        total += BigInt(spin.payMinor);
      });
      total += BigInt(o.holdAndWin?.payMinor ?? '0');
      const awarded = o.base.freeSpinsAwarded + o.freeSpins.reduce((a, s) => a + s.freeSpinsAwarded, 0);
      expect(o.freeSpins).toHaveLength(awarded);
      expect(o.totalPayMinor).toBe((o.capped ? BigInt(t.maxWinX ?? 0) * bet : total).toString());
      expect(BigInt(o.totalPayMinor)).toBe(BigInt(slotRoundPayLines(t, inputs)) * unit);
    }
  });

  it('leave the line titles to the line engine', () => {
    for (const t of titles) expect(() => exactRtp(t)).toThrow();
  });
});
