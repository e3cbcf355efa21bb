import { describe, expect, it } from 'vitest';
import { drawLotteryResult, lotteryOdds, settleLotteryLine } from './index.ts';
import { inBand99, must, Stats } from './test-kit.ts';
import type { LotteryFamily, LotteryLine, LotteryVariant } from './types.ts';

/**
 * Monte Carlo checks of the bet types whose exact return comes from a formula rather than an enumeration
 * (lô, xiên, 4D big/small, keno): 10^6 draws each from the real draw function and the real settlement,
 * fixed seeds (deterministic), and the mean payout must be inside the 99 % band around the declared return.
 * The package's pure HMAC is used: with its cached key pads it is faster here than node:crypto's createHmac
 * per call (index.test.ts checks both give the same draws). Slow (about a minute on one core): hence its
 * own file.
 */
const N = 1_000_000;
const TIMEOUT = 600_000;

function simulate(
  family: LotteryFamily,
  variant: LotteryVariant,
  marginBp: number,
  lines: LotteryLine[],
): void {
  const odds = lotteryOdds(family, variant, marginBp);
  const stats = lines.map(() => new Stats());
  const seed = `${family}${variant}`.padEnd(64, '7');
  for (let i = 0; i < N; i++) {
    const result = drawLotteryResult(family, variant, seed, `sim-20261127-${i}`);
    lines.forEach((line, j) => {
      (stats[j] as Stats).add(Number(settleLotteryLine(family, line, result, odds)) / 10_000);
    });
  }
  lines.forEach((line, j) => {
    const check = inBand99(
      `${family} ${variant} ${line.betType} ${line.selection}`,
      stats[j] as Stats,
      must(odds[line.betType]).declaredReturn,
    );
    expect(check.ok, check.report).toBe(true);
  });
}

const vnLines: LotteryLine[] = [
  { betType: 'lo2', selection: '07' },
  { betType: 'xien2', selection: '07-15' },
  { betType: 'xien3', selection: '07-15-38' },
  { betType: 'xien4', selection: '07-15-38-99' },
];

describe('lottery simulations (10^6 draws each)', () => {
  it('vn north lô and xiên', { timeout: TIMEOUT }, () => simulate('vn', 'north', 500, vnLines));
  it('vn south lô and xiên', { timeout: TIMEOUT }, () => simulate('vn', 'south', 500, vnLines));
  it('sea4d big and small', { timeout: TIMEOUT }, () =>
    simulate('sea4d', '', 500, [
      { betType: 'big', selection: '0042' },
      { betType: 'small', selection: '0042' },
    ]),
  );
  it('keno spot1 … spot10', { timeout: TIMEOUT }, () =>
    simulate(
      'keno',
      '',
      800,
      Array.from({ length: 10 }, (_, k) => ({
        betType: `spot${k + 1}`,
        selection: Array.from({ length: k + 1 }, (_, i) => String(i * 7 + 3).padStart(2, '0')).join('-'),
      })),
    ),
  );
});
