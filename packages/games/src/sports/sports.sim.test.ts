import { describe, expect, it } from 'vitest';
import { impliedMargin } from './bet-maths.ts';
import { type CricketState, cricketMarkets, cricketModel, TOP_SIMS } from './cricket.ts';
import { type FootballState, footballModel } from './football.ts';
import { fixtureParams } from './index.ts';
import { FRACTIONS, marketKeyOf, marketOdds } from './markets.ts';
import { seededRng } from './rng.ts';
import type { PricedMarket, SelectionResult, SportModel } from './types.ts';

/**
 * The calibration (docs/sportsbook-maths.md "Calibration"): over 10^4 simulated football matches and
 * 10^4 cricket innings, each pre-match market's implied probabilities (the quoted odds with the margin
 * removed proportionally) match the observed outcomes within a 99 % band, and the book's theoretical margin
 * is the configured one within the thousandth rounding. Seeded: it replays exactly and never flakes.
 *
 * Fixtures differ, so a selection's probability p_i differs by match; the binomial band generalises to
 * |Σ observed − Σ p_i| ≤ 2.576 · sqrt(Σ p_i (1 − p_i)) (the brief's 2.576·sqrt(p(1−p)/n) when all p_i are
 * equal). A selection that can be void or half-void (Asian lines, a wicket that never falls) or share a win
 * (dead heat) is checked on what its implied probability means: the stake's expected winning fraction W
 * equals p · (1 − V), V the returned fraction, so Σ (w_i − p_i (1 − v_i)) is tested against the same band
 * with the observed variance. The top batsman's prices come from a Monte Carlo table (TOP_SIMS innings per
 * table), whose own error is added to the band.
 *
 * Many bands are tested at once (27 football selections, 32–34 cricket), so at 99 % each, one in four fair
 * samples misses some band by chance. The family-wise error is held at 1 % by Bonferroni: each selection must lie
 * within its band at 1 − 0.01/m (m the selections tested, two-sided); the per-selection 99 % results are
 * reported beside it with their number of misses. Bonferroni holds whatever the dependence between bands
 * (over and under of one line are one test twice; the lines and results share the matches), which a count of
 * misses against a binomial would not. The sample's seed is CALIBRATION_SEED (default 1, the first one run,
 * not chosen); docs/sportsbook-maths.md "Calibration" has the results of samples 1 to 24.
 */

const MARGIN_BP = 500;
const Z99 = 2.576;
/** The sample: the same matches every run for a seed (set CALIBRATION_SEED to run another sample). */
const SEED = process.env.CALIBRATION_SEED ?? '1';

/** The standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  if (p > 0.5) return -normalQuantile(1 - p);
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

type Tally = { label: string; n: number; observed: number; expected: number; variance: number; mcSd: number };

function tallyOf(label: string): Tally {
  return { label, n: 0, observed: 0, expected: 0, variance: 0, mcSd: 0 };
}

/** The implied probabilities of a priced market: 1/odds normalised (the margin removed proportionally). */
function implied(m: PricedMarket): number[] {
  const odds = marketOdds(m, MARGIN_BP);
  const inv = odds.map((o) => 1000 / o.oddsMilli);
  const sum = inv.reduce((a, b) => a + b, 0);
  // double_chance holds each result twice: its implied probabilities sum to 2.
  const scale = m.type === 'double_chance' ? 2 : 1;
  return inv.map((x) => (scale * x) / sum);
}

/**
 * Adds one event's outcome of a selection: winning fraction w, returned fraction v, implied p; `mcSd` the
 * standard error of p when it comes from a Monte Carlo table.
 */
function add(t: Tally, p: number, r: SelectionResult | undefined, mcSd = 0) {
  if (!r) return;
  const [win, back] = FRACTIONS[r.outcome];
  const w = r.outcome === 'win' && r.deadHeatMilli !== null ? r.deadHeatMilli / 1000 : win;
  if (back === 1) return; // a void selection says nothing about p
  const expected = p * (1 - back);
  t.n += 1;
  t.observed += w;
  t.expected += expected;
  // Binary outcomes: p(1 − p); otherwise the observed squared residual (mean 0 when p is right).
  t.variance += back === 0 && (w === 0 || w === 1) ? p * (1 - p) : (w - expected) ** 2;
  // A table's error is shared by every event priced from it: its standard errors add up, not its variances.
  t.mcSd += mcSd;
}

/** How many standard deviations the observed total lies from the implied one. */
function zOf(t: Tally): number {
  return Math.abs(t.observed - t.expected) / Math.sqrt(t.variance + t.mcSd ** 2);
}

/** The margin check of one market: Σ 1/odds − Σ p (1 + margin) within the thousandth rounding of each odds. */
function marginCheck(m: PricedMarket, failures: string[], tally: MarginTally) {
  const odds = marketOdds(m, MARGIN_BP);
  if (odds.some((o) => !o.active) || m.selections.some((s) => s.fixedOddsMilli !== undefined)) return;
  const probSum = m.selections.reduce((a, s) => a + s.prob, 0);
  const book = impliedMargin(odds.map((o) => o.oddsMilli)) + 1;
  const target = probSum * (1 + MARGIN_BP / 10_000);
  const rounding = odds.reduce((a, o) => a + 1000 / o.oddsMilli - 1000 / (o.oddsMilli + 1), 0);
  const gap = book - target;
  if (gap < -1e-9 || gap > rounding + 1e-9) failures.push(`${marketKeyOf(m)}: ${gap} vs ${rounding}`);
  tally.markets += 1;
  tally.gapSum += gap;
}

/**
 * The sample's verdict: every selection within its Bonferroni band (the family at 99 %), reported with the
 * per-selection 99 % results beside it; and the margin as configured on every market.
 */
function check(sport: string, tallies: Map<string, Tally>, marginFailures: string[], margin: MarginTally) {
  const m = tallies.size;
  const zFamily = normalQuantile(1 - 0.01 / (2 * m));
  const rows = [...tallies.values()].map((t) => ({
    market: t.label,
    n: t.n,
    implied: (t.expected / t.n).toFixed(4),
    observed: (t.observed / t.n).toFixed(4),
    z: zOf(t).toFixed(2),
    '99 %': zOf(t) <= Z99 ? 'in' : 'MISS',
  }));
  console.table(rows);
  const misses = rows.filter((r) => r['99 %'] === 'MISS').length;
  const worst = Math.max(...[...tallies.values()].map(zOf));
  console.log(
    `${sport} seed ${SEED}: ${m} selections; 99 % band missed by ${misses} (${(m * 0.01).toFixed(1)} expected by chance); ` +
      `largest z ${worst.toFixed(2)}, family band (Bonferroni) z ≤ ${zFamily.toFixed(2)}; ` +
      `margin: ${margin.markets} markets, mean (book − configured) ${(margin.gapSum / margin.markets).toExponential(2)}`,
  );
  // The book's theoretical margin is the configured one, on every market whose selections are all priced.
  expect(margin.markets).toBeGreaterThan(0);
  expect(marginFailures).toEqual([]);
  for (const t of tallies.values()) {
    expect(zOf(t), `${t.label}: ${t.observed} vs ${t.expected.toFixed(1)}`).toBeLessThanOrEqual(zFamily);
  }
}

type MarginTally = { markets: number; gapSum: number };

function play<S>(model: SportModel<S>, state: S, seed: string): S {
  const rng = seededRng(seed);
  let s = state;
  for (let i = 0; i < 10_000; i++) {
    const r = model.step(s, rng);
    s = r.state;
    if (r.finished) break;
  }
  return s;
}

/** The same seed's play up to the second innings' first ball (what the feed prices at the innings break). */
function untilInningsBreak(start: CricketState, seed: string): CricketState {
  const rng = seededRng(seed);
  let s = start;
  while (s.innings.length < 2 && !s.finished) s = cricketModel.step(s, rng).state;
  return s;
}

/** An innings line's rank among the innings' three lines (they differ by fixture): low, mid, high. */
function lineRank(m: PricedMarket, all: PricedMarket[]): string {
  const lines = all.filter((x) => x.type === m.type && x.param === m.param).map((x) => x.lineMilli);
  const rank = lines.sort((a, b) => a - b).indexOf(m.lineMilli);
  return ['low', 'mid', 'high'][rank] ?? String(rank);
}

describe('calibration', () => {
  it('the family band: the normal quantile as tabled', () => {
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758, 4);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.96, 3);
    expect(normalQuantile(1 - 0.01 / 54)).toBeCloseTo(3.5603, 3);
  });

  it('football: 10^4 matches, every pre-match market within its band (99 %, family-wise), margin as configured', () => {
    const tallies = new Map<string, Tally>();
    const marginFailures: string[] = [];
    const margin: MarginTally = { markets: 0, gapSum: 0 };
    const params = seededRng(`calibration:football:${SEED}:fixtures`);
    for (let i = 0; i < 10_000; i++) {
      const start = footballModel.initial(fixtureParams('football', 'ft90', params));
      const markets = footballModel.price(start);
      const end = play(footballModel, start, `calibration:football:${SEED}:${i}`) as FootballState;
      for (const m of markets) {
        marginCheck(m, marginFailures, margin);
        const probs = implied(m);
        const results = footballModel.settle(m, end, true) ?? [];
        // Asian lines differ by fixture: tally them by their kind (whole, half, quarter) and side.
        const lineKind =
          m.type === 'asian_handicap'
            ? Math.abs(m.lineMilli) % 1000 === 0
              ? 'whole'
              : Math.abs(m.lineMilli) % 500 === 0
                ? 'half'
                : 'quarter'
            : String(m.lineMilli / 1000);
        m.selections.forEach((s, k) => {
          const label = `${m.type} ${m.param} ${m.type === 'match_result' || m.type === 'double_chance' || m.type === 'both_teams_to_score' ? '' : lineKind} ${s.key}`;
          const t = tallies.get(label) ?? tallyOf(label);
          tallies.set(label, t);
          add(
            t,
            probs[k] ?? 0,
            results.find((r) => r.key === s.key),
          );
        });
      }
    }
    check('football', tallies, marginFailures, margin);
  }, 60_000);

  it('cricket: 10^4 T20 matches (10^4 first innings pre-match, 10^4 second innings at the break), every market within its band (99 %, family-wise), margin as configured', () => {
    const tallies = new Map<string, Tally>();
    const marginFailures: string[] = [];
    const margin: MarginTally = { markets: 0, gapSum: 0 };
    // Eight fixtures, 1,250 matches each (the DP tables are memoised per strength, as in the feed).
    const params = seededRng(`calibration:cricket:${SEED}:fixtures`);
    const fixtures = Array.from({ length: 8 }, () =>
      cricketModel.initial(fixtureParams('cricket', 't20', params)),
    );
    const before = new Map<CricketState, PricedMarket[]>();
    for (const f of fixtures) before.set(f, cricketModel.price(f));
    for (let i = 0; i < 10_000; i++) {
      const start = fixtures[i % fixtures.length] as CricketState;
      const markets = before.get(start) ?? [];
      const end = play(cricketModel, start, `calibration:cricket:${SEED}:${i}`) as CricketState;
      // The second innings' own markets as priced at the innings break (its top batsman table depends on the
      // target, one Monte Carlo table per match: left to the models test).
      const second = cricketMarkets(
        untilInningsBreak(start, `calibration:cricket:${SEED}:${i}`),
        false,
      ).filter((m) => m.param.startsWith('2'));
      for (const m of [...markets, ...second]) {
        marginCheck(m, marginFailures, margin);
        const probs = implied(m);
        const results = cricketModel.settle(m, end, true) ?? [];
        const mc = m.type === 'top_batsman';
        m.selections.forEach((s, k) => {
          const p = probs[k] ?? 0;
          if (mc && p < 0.005) return; // the tail batters: too rare to measure
          const line = m.type === 'innings_runs' ? ` ${lineRank(m, [...markets, ...second])}` : '';
          const label = `${m.type} ${m.param.startsWith('1') ? 'inn 1' : m.param.startsWith('2') ? 'inn 2' : ''}${line} ${s.key}`;
          const t = tallies.get(label) ?? tallyOf(label);
          tallies.set(label, t);
          add(
            t,
            p,
            results.find((r) => r.key === s.key),
            mc ? Math.sqrt((p * (1 - p)) / TOP_SIMS) : 0,
          );
        });
      }
    }
    // Pre-match markets (the issue's check) and, as an extra, the second innings' markets priced at the
    // innings break (they once ran ≈ 3 sd off: the cause was the first rng, continued between innings).
    check('cricket', tallies, marginFailures, margin);
  }, 60_000);
});
