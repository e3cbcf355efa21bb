import { describe, expect, it } from 'vitest';
import { dragonTigerExactRtp, playDragonTiger } from './dragon-tiger.ts';
import { createDraws } from './fair.ts';
import { uniform99 } from './lottery/test-kit.ts';
import { playRoulette, rouletteExactRtp } from './roulette.ts';
import { exactRtp, slotRoundPayLines } from './slots/engine.ts';
import { SLOT_TITLES } from './slots/titles.ts';
import type { DragonTigerBet, RouletteBet } from './types.ts';

/**
 * Monte Carlo checks of the exact maths: 10^6 rounds per game, played from the real fair inputs
 * (fixed seeds, so the run is deterministic), must land inside the 99 % confidence band
 * mean ± 2.576·s/√n around the exact RTP. The package's own HMAC is used: with its cached key pads it
 * costs two SHA-256 compressions a round, about half of node:crypto's createHmac per call here, and
 * fair.test.ts proves both give the same bytes.
 */
const N = 1_000_000;
const TIMEOUT = 180_000;
const serverSeed = '5eed'.repeat(16);

class Stats {
  n = 0;
  sum = 0;
  sumSq = 0;
  hits = 0;
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
    if (x > 0) this.hits++;
  }
  get mean(): number {
    return this.sum / this.n;
  }
  get sd(): number {
    return Math.sqrt((this.sumSq - this.n * this.mean ** 2) / (this.n - 1));
  }
}

function expectInBand(label: string, s: Stats, exact: number): void {
  const half = (2.576 * s.sd) / Math.sqrt(s.n);
  const report = `${label}: n=${s.n} mean=${s.mean.toFixed(5)} exact=${exact.toFixed(5)} ±${half.toFixed(5)} sd=${s.sd.toFixed(3)} hit=${(s.hits / s.n).toFixed(4)}`;
  expect(Math.abs(s.mean - exact) <= half, report).toBe(true);
}

function expectUniform(label: string, counts: number[]): void {
  const fit = uniform99(label, counts);
  expect(fit.ok, fit.report).toBe(true);
}

describe('simulation within the 99 % band of the exact RTP', () => {
  it.each(Object.values(SLOT_TITLES).map((t) => [t.code, t] as const))(
    '%s: 10^6 rounds',
    (code, title) => {
      const s = new Stats();
      const lines = title.paylines.length;
      for (let nonce = 0; nonce < N; nonce++) {
        s.add(slotRoundPayLines(title, { serverSeed, clientSeed: `sim-${code}`, nonce }) / lines);
      }
      expectInBand(code, s, exactRtp(title).value);
    },
    TIMEOUT,
  );

  it(
    'european-roulette: 10^6 spins of a straight, a split and red; the pockets pass χ² (int(37))',
    () => {
      const bets: RouletteBet[] = [
        { kind: 'straight', numbers: [17], amountMinor: '1000' },
        { kind: 'split', numbers: [0, 3], amountMinor: '1000' },
        { kind: 'red', numbers: [], amountMinor: '2000' },
      ];
      const s = new Stats();
      const pockets = new Array<number>(37).fill(0);
      for (let nonce = 0; nonce < N; nonce++) {
        const o = playRoulette(bets, { serverSeed, clientSeed: 'sim-roulette', nonce });
        pockets[o.pocket] = (pockets[o.pocket] ?? 0) + 1;
        s.add(Number(o.totalPayMinor) / Number(o.stakeMinor));
      }
      expectInBand('european-roulette', s, rouletteExactRtp(bets).value);
      expectUniform('roulette pockets', pockets);
    },
    TIMEOUT,
  );

  it(
    'dragon-tiger: 10^6 rounds betting dragon and tie; dragon cards pass χ² over the 52 faces',
    () => {
      const bets: DragonTigerBet[] = [
        { side: 'dragon', amountMinor: '1000' },
        { side: 'tie', amountMinor: '1000' },
      ];
      const s = new Stats();
      const faces = new Array<number>(52).fill(0);
      for (let nonce = 0; nonce < N; nonce++) {
        const o = playDragonTiger(bets, { serverSeed, clientSeed: 'sim-dragon-tiger', nonce });
        const face = o.dragon.suit * 13 + o.dragon.rank - 1;
        faces[face] = (faces[face] ?? 0) + 1;
        s.add(Number(o.totalPayMinor) / Number(o.stakeMinor));
      }
      expectInBand('dragon-tiger', s, dragonTigerExactRtp(bets).value);
      expectUniform('dragon cards', faces);
    },
    TIMEOUT,
  );
});

describe('scaled draws', () => {
  it(
    'int(52) over 10^6 draws of one long stream passes χ² at 99 %',
    () => {
      const draws = createDraws({ serverSeed, clientSeed: 'chi-52', nonce: 0 });
      const counts = new Array<number>(52).fill(0);
      for (let i = 0; i < N; i++) {
        const v = draws.int(52);
        counts[v] = (counts[v] ?? 0) + 1;
      }
      expectUniform('int(52)', counts);
    },
    TIMEOUT,
  );

  it('detects a biased generator (the test can fail)', () => {
    // Plain modulo of a byte: 256 mod 37 = 34, so pockets 0..33 come up 7/256 and 34..36 only 6/256.
    const counts = new Array<number>(37).fill(0);
    for (let i = 0; i < 1_000_000; i++) {
      const v = (i % 256) % 37;
      counts[v] = (counts[v] ?? 0) + 1;
    }
    expect(() => expectUniform('biased', counts)).toThrow();
  });
});
