import {
  evenLine,
  type FixtureParams,
  type Happening,
  handicapMarket,
  handicapResult,
  type MarketKey,
  market,
  medianOf,
  other,
  overUnderMarket,
  overUnderResult,
  type PricedMarket,
  pickWeighted,
  probOver,
  resultOf,
  type SelectionResult,
  type Side,
  type SportModel,
  type SportsScore,
  sel,
  threeLines,
  winnerIs,
} from './kit.ts';

/**
 * Kabaddi (docs/sportsbook-maths.md "Kabaddi"): a PKL match of 80 raids (40 a side, alternating, home
 * first; 20 minutes a half). A raid ends empty, with 1, 2 or 3 points to the raiding side, or with a tackle
 * (1 point) or a super tackle (2) to the defending side; the raid's law scales the raid points by
 * raid ÷ defence and the tackles by its inverse. Raids are independent, so the remaining points are exact
 * convolutions: the match result, totals and handicaps are priced from them. (All-out bonuses are left out.)
 */

export type KabaddiState = {
  sport: 'kabaddi';
  format: 'pkl40';
  /** Raids played (of RAIDS). */
  raids: number;
  points: { home: number; away: number };
  /** Each side's raid law: probabilities of OUTCOMES when it raids. */
  law: { home: number[]; away: number[] };
  totalLines: number[];
  handicapLines: number[];
  finished: boolean;
};

export const RAIDS = 80;
/** A raid's outcomes as [raiding side's points, defending side's points]. */
export const OUTCOMES: readonly (readonly [number, number])[] = [
  [0, 0],
  [1, 0],
  [2, 0],
  [3, 0],
  [0, 1],
  [0, 2],
];
const BASE = [0.3, 0.3, 0.1, 0.04, 0.24, 0.02];

function raidLaw(raid: number, defence: number): number[] {
  const r = raid / defence;
  const out = BASE.map((p, i) => {
    const [att, def] = OUTCOMES[i] ?? [0, 0];
    return att > 0 ? p * r : def > 0 ? p / r : p;
  });
  const rest = out.slice(1).reduce((a, b) => a + b, 0);
  out[0] = Math.max(0.05, 1 - rest);
  const sum = out.reduce((a, b) => a + b, 0);
  const rounded = out.map((p) => Math.round((p / sum) * 1e6) / 1e6);
  // The empty raid takes the rounding, so the law sums to exactly 1 (prices then sum to 1).
  rounded[0] = 1 - rounded.slice(1).reduce((a, b) => a + b, 0);
  return rounded;
}

/** Who raids raid k (0-based): home the even ones. */
function raider(k: number): Side {
  return k % 2 === 0 ? 'home' : 'away';
}

/** A distribution on consecutive integers from `lo`. */
type Dist = { lo: number; p: Float64Array };

function convolve(a: Dist, b: Dist): Dist {
  const out = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i++) {
    const x = a.p[i] ?? 0;
    if (x === 0) continue;
    for (let j = 0; j < b.p.length; j++) out[i + j] = (out[i + j] ?? 0) + x * (b.p[j] ?? 0);
  }
  return { lo: a.lo + b.lo, p: out };
}

/** One raid's distribution of the margin (home − away) and of the points scored. */
function raidDists(law: number[], side: Side): { diff: Dist; total: Dist } {
  const diff = new Float64Array(6); // −2 … 3 from the raiding side's view
  const total = new Float64Array(4); // 0 … 3
  for (let i = 0; i < OUTCOMES.length; i++) {
    const [att, def] = OUTCOMES[i] ?? [0, 0];
    diff[att - def + 2] = (diff[att - def + 2] ?? 0) + (law[i] ?? 0);
    total[att + def] = (total[att + def] ?? 0) + (law[i] ?? 0);
  }
  const d: Dist = side === 'home' ? { lo: -2, p: diff } : { lo: -3, p: diff.slice().reverse() };
  return { diff: d, total: { lo: 0, p: total } };
}

type Powers = { single: { diff: Dist; total: Dist }; diff: Dist[]; total: Dist[] };
const POWERS = new Map<string, Powers>();

/**
 * The margin and points of m pairs of raids (home's then away's), m = 0 … 40, memoised per pair of raid
 * laws: a price is then a lookup and at most one more raid's convolution.
 */
function powers(state: KabaddiState): Powers {
  const key = `${state.law.home.join(',')}|${state.law.away.join(',')}`;
  const hit = POWERS.get(key);
  if (hit) return hit;
  const h = raidDists(state.law.home, 'home');
  const a = raidDists(state.law.away, 'away');
  const pairDiff = convolve(h.diff, a.diff);
  const pairTotal = convolve(h.total, a.total);
  const diff: Dist[] = [{ lo: 0, p: Float64Array.of(1) }];
  const total: Dist[] = [{ lo: 0, p: Float64Array.of(1) }];
  for (let m = 1; m <= RAIDS / 2; m++) {
    diff.push(convolve(diff[m - 1] ?? { lo: 0, p: Float64Array.of(1) }, pairDiff));
    total.push(convolve(total[m - 1] ?? { lo: 0, p: Float64Array.of(1) }, pairTotal));
  }
  const out = { single: a, diff, total };
  POWERS.set(key, out);
  if (POWERS.size > 64) {
    const oldest = POWERS.keys().next().value;
    if (oldest !== undefined) POWERS.delete(oldest);
  }
  return out;
}

function toMap(d: Dist, shift: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < d.p.length; i++) if ((d.p[i] ?? 0) > 1e-15) out.set(d.lo + shift + i, d.p[i] ?? 0);
  return out;
}

/** Distributions of the remaining points: final home − away margin, and the remaining total. */
export function pointDistributions(state: KabaddiState) {
  const pw = powers(state);
  const pairs = Math.floor((RAIDS - state.raids) / 2);
  let diff = pw.diff[pairs] ?? { lo: 0, p: Float64Array.of(1) };
  let total = pw.total[pairs] ?? { lo: 0, p: Float64Array.of(1) };
  // An odd number of raids left: away raids next (home raids the even ones), then the pairs.
  if ((RAIDS - state.raids) % 2 === 1) {
    diff = convolve(diff, pw.single.diff);
    total = convolve(total, pw.single.total);
  }
  return { diff: toMap(diff, state.points.home - state.points.away), total: toMap(total, 0) };
}

function initial(params: FixtureParams): KabaddiState {
  const state: KabaddiState = {
    sport: 'kabaddi',
    format: 'pkl40',
    raids: 0,
    points: { home: 0, away: 0 },
    law: {
      home: raidLaw(params.home.raid ?? 1, params.away.defence ?? 1),
      away: raidLaw(params.away.raid ?? 1, params.home.defence ?? 1),
    },
    totalLines: [],
    handicapLines: [],
    finished: false,
  };
  const { diff, total } = pointDistributions(state);
  state.totalLines = threeLines(medianOf(total, 0), 6, 500);
  const best = evenLine(
    -20_500,
    20_500,
    1000,
    (line) => handicapMarket('handicap', diff, line).selections[0]?.prob ?? 0,
  );
  state.handicapLines = [best - 3000, best, best + 3000];
  return state;
}

function clockOf(raids: number): string {
  return `${Math.min(40, Math.floor(raids / 2) + 1)}'`;
}

function step(state: KabaddiState, rng: { next(): number }) {
  const happenings: Happening[] = [];
  if (state.finished) return { state, happenings, finished: true };
  const side = raider(state.raids);
  const otherSide = other(side);
  const i = pickWeighted(rng, state.law[side]);
  const [att, def] = OUTCOMES[i] ?? [0, 0];
  const next: KabaddiState = { ...state, raids: state.raids + 1, points: { ...state.points } };
  next.points[side] += att;
  next.points[otherSide] += def;
  const clock = clockOf(state.raids);
  if (att > 0) {
    happenings.push({
      kind: att >= 3 ? 'super_raid' : 'raid_points',
      side,
      clock,
      key: att >= 3,
      detail: { points: att },
    });
  } else if (def > 0) {
    happenings.push({
      kind: def >= 2 ? 'super_tackle' : 'tackle',
      side: otherSide,
      clock,
      key: def >= 2,
      detail: { points: def },
    });
  } else happenings.push({ kind: 'empty_raid', side, clock, key: false, detail: {} });
  if (next.raids === RAIDS / 2)
    happenings.push({ kind: 'half_time', side: '', clock: "20'", key: false, detail: {} });
  if (next.raids >= RAIDS) {
    next.finished = true;
    happenings.push({ kind: 'full_time', side: '', clock: "40'", key: true, detail: { ...next.points } });
  }
  return { state: next, happenings, finished: next.finished };
}

function price(state: KabaddiState): PricedMarket[] {
  if (state.finished) return [];
  const { diff, total } = pointDistributions(state);
  let home = 0;
  let draw = 0;
  for (const [d, p] of diff) {
    if (d > 0) home += p;
    else if (d === 0) draw += p;
  }
  const out: PricedMarket[] = [
    market('match_result', [sel('home', home), sel('draw', draw), sel('away', Math.max(0, 1 - home - draw))]),
  ];
  const scored = state.points.home + state.points.away;
  for (const line of state.totalLines) {
    if (scored * 1000 > line) continue;
    out.push(overUnderMarket('total_points', probOver(total, line, scored), line));
  }
  for (const line of state.handicapLines) out.push(handicapMarket('handicap', diff, line));
  return out;
}

function settle(key: MarketKey, state: KabaddiState, finished: boolean): SelectionResult[] | null {
  const done = finished || state.finished;
  const { home, away } = state.points;
  switch (key.type) {
    case 'match_result':
      return done ? winnerIs(['home', 'draw', 'away'], resultOf(home, away)) : null;
    case 'total_points':
      return done || (home + away) * 1000 > key.lineMilli
        ? overUnderResult(home + away, key.lineMilli)
        : null;
    case 'handicap':
      return done ? handicapResult(home - away, key.lineMilli) : null;
    default:
      throw new Error(`kabaddi does not offer ${key.type}`);
  }
}

function score(state: KabaddiState): SportsScore {
  return {
    home: String(state.points.home),
    away: String(state.points.away),
    clock: state.raids === 0 || state.finished ? '' : clockOf(state.raids),
    period: state.finished ? 'FT' : state.raids === 0 ? 'pre' : state.raids < RAIDS / 2 ? '1H' : '2H',
    detail: { raids: state.raids },
  };
}

export const kabaddiModel: SportModel<KabaddiState> = {
  sport: 'kabaddi',
  formats: ['pkl40'],
  initial,
  step,
  // A raid every 6 s; the half-time break (after raid 40) holds 30 s more.
  stepSeconds: (state) => (state.raids === RAIDS / 2 ? 36 : 6),
  score,
  price,
  settle,
};
