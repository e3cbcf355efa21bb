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
 */

const MARGIN_BP = 500;
const Z99 = 2.576;

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

function band(t: Tally): number {
  return Z99 * Math.sqrt(t.variance + t.mcSd ** 2);
}

/** The margin check of one market: Σ 1/odds − Σ p (1 + margin) within the thousandth rounding of each odds. */
function marginCheck(m: PricedMarket, failures: string[]) {
  const odds = marketOdds(m, MARGIN_BP);
  if (odds.some((o) => !o.active) || m.selections.some((s) => s.fixedOddsMilli !== undefined)) return 0;
  const probSum = m.selections.reduce((a, s) => a + s.prob, 0);
  const book = impliedMargin(odds.map((o) => o.oddsMilli)) + 1;
  const target = probSum * (1 + MARGIN_BP / 10_000);
  const rounding = odds.reduce((a, o) => a + 1000 / o.oddsMilli - 1000 / (o.oddsMilli + 1), 0);
  const gap = book - target;
  if (gap < -1e-9 || gap > rounding + 1e-9) failures.push(`${marketKeyOf(m)}: ${gap} vs ${rounding}`);
  return gap;
}

function report(tallies: Map<string, Tally>) {
  const rows = [...tallies.values()].map((t) => ({
    market: t.label,
    n: t.n,
    implied: (t.expected / t.n).toFixed(4),
    observed: (t.observed / t.n).toFixed(4),
    'z (in 99 % band ≤ 1)': (Math.abs(t.observed - t.expected) / band(t)).toFixed(2),
  }));
  console.table(rows);
  return rows;
}

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
  it('football: 10^4 matches, every pre-match market within its 99 % band, margin as configured', () => {
    const tallies = new Map<string, Tally>();
    const marginFailures: string[] = [];
    let marginGapSum = 0;
    let marginMarkets = 0;
    const params = seededRng('calibration:football:fixtures');
    for (let i = 0; i < 10_000; i++) {
      const start = footballModel.initial(fixtureParams('football', 'ft90', params));
      const markets = footballModel.price(start);
      const end = play(footballModel, start, `calibration:football:${i}`) as FootballState;
      for (const m of markets) {
        marginGapSum += marginCheck(m, marginFailures);
        marginMarkets += 1;
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
    report(tallies);
    console.log(
      `margin: ${marginMarkets} markets, mean (book − configured) ${(marginGapSum / marginMarkets).toExponential(2)}`,
    );
    expect(marginFailures).toEqual([]);
    for (const t of tallies.values()) {
      expect(
        Math.abs(t.observed - t.expected),
        `${t.label}: ${t.observed} vs ${t.expected.toFixed(1)}`,
      ).toBeLessThanOrEqual(band(t));
    }
  }, 60_000);

  it('cricket: 10^4 T20 innings (and the 5,000 matches they make), every pre-match market within its 99 % band', () => {
    const tallies = new Map<string, Tally>();
    const marginFailures: string[] = [];
    // Eight fixtures, 1,250 matches each (the DP tables are memoised per strength, as in the feed).
    const params = seededRng('calibration:cricket:fixtures');
    const fixtures = Array.from({ length: 8 }, () =>
      cricketModel.initial(fixtureParams('cricket', 't20', params)),
    );
    const before = new Map<CricketState, PricedMarket[]>();
    for (const f of fixtures) before.set(f, cricketModel.price(f));
    for (let i = 0; i < 5_000; i++) {
      const start = fixtures[i % fixtures.length] as CricketState;
      const markets = before.get(start) ?? [];
      const end = play(cricketModel, start, `calibration:cricket:${i}`) as CricketState;
      // The second innings' own markets as priced at the innings break (its top batsman table depends on the
      // target, one Monte Carlo table per match: left to the models test).
      const second = cricketMarkets(untilInningsBreak(start, `calibration:cricket:${i}`), false).filter((m) =>
        m.param.startsWith('2'),
      );
      for (const m of [...markets, ...second]) {
        marginCheck(m, marginFailures);
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
    report(tallies);
    expect(marginFailures).toEqual([]);
    for (const t of tallies.values()) {
      // The second innings' markets are in-play ones (priced at the innings break), an extra beyond the
      // issue's pre-match check: 16 more bands, held to 99.9 % (z 3.29) so the family of checks keeps its
      // 99 % confidence (Bonferroni-like); the pre-match markets keep the 99 %.
      const z = t.label.includes('inn 2') ? 3.291 / Z99 : 1;
      expect(
        Math.abs(t.observed - t.expected),
        `${t.label}: ${t.observed} vs ${t.expected.toFixed(1)}`,
      ).toBeLessThanOrEqual(z * band(t));
    }
  }, 60_000);
});
