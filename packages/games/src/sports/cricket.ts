import {
  allVoid,
  type FixtureParams,
  type Happening,
  type MarketKey,
  market,
  overUnderMarket,
  overUnderResult,
  type PricedMarket,
  pickWeighted,
  type Rng,
  results,
  round3,
  type SelectionResult,
  type Side,
  type SportModel,
  type SportsScore,
  sel,
  winnerIs,
} from './kit.ts';
import { seededRng } from './rng.ts';

/**
 * Cricket (docs/sportsbook-maths.md "Cricket"): ball by ball. Each legal ball is a wicket or 0, 1, 2, 3, 4
 * or 6 runs, with probabilities set by the format (T20, ODI), the phase (powerplay, middle, death overs),
 * the wickets down (the tail scores less and falls faster) and the strength ratio batting ÷ bowling. The
 * innings' remaining runs are priced exactly by dynamic programming over (ball, wickets down), memoised per
 * (format, strength); the top batsman by a cached Monte Carlo table. The side batting first is the home side.
 */

export type CricketFormat = 't20' | 'odi';

export type Innings = {
  batting: Side;
  runs: number;
  wickets: number;
  balls: number;
  /** Runs of the batting order 1–11. */
  bat: number[];
  striker: number;
  nonStriker: number;
  /** How each wicket fell, in order. */
  methods: WicketMethod[];
  /** The innings_runs lines (× 1000) offered for this innings. */
  lines: number[];
};

export type CricketState = {
  sport: 'cricket';
  format: CricketFormat;
  /** Batting ÷ bowling strength of each innings' batting side, rounded to 0.02 (it keys the memo). */
  ratio: [number, number];
  innings: Innings[];
  finished: boolean;
};

export const WICKET_METHODS = ['caught', 'bowled', 'lbw', 'run_out', 'other'] as const;
export type WicketMethod = (typeof WICKET_METHODS)[number];
/** How wickets fall, fixed shares (next_wicket is priced from them). */
export const WICKET_SHARES = [0.55, 0.18, 0.14, 0.08, 0.05];

const RUNS = [0, 1, 2, 3, 4, 6];
/** Per-ball probabilities [wicket, 0, 1, 2, 3, 4, 6] of an average side by format and phase. */
const BASE: Record<CricketFormat, { until: number; p: number[] }[]> = {
  t20: [
    { until: 36, p: [0.035, 0.42, 0.29, 0.06, 0.005, 0.15, 0.04] },
    { until: 90, p: [0.032, 0.34, 0.41, 0.075, 0.005, 0.095, 0.043] },
    { until: 120, p: [0.06, 0.27, 0.34, 0.09, 0.005, 0.14, 0.095] },
  ],
  odi: [
    { until: 60, p: [0.02, 0.57, 0.25, 0.05, 0.005, 0.095, 0.01] },
    { until: 240, p: [0.014, 0.48, 0.38, 0.065, 0.006, 0.045, 0.01] },
    { until: 300, p: [0.05, 0.36, 0.34, 0.085, 0.005, 0.1, 0.06] },
  ],
};
export const BALLS: Record<CricketFormat, number> = { t20: 120, odi: 300 };

/**
 * The ball's probabilities [wicket, 0, 1, 2, 3, 4, 6]. Strength `ratio` scales the scoring shots (boundaries
 * by its square) and divides the wicket chance by ratio^1.5; past four wickets down each further wicket
 * scales the scoring by 0.94 and the wicket chance by 1.15 (the tail). Dots take the rest.
 */
export function ballProbs(format: CricketFormat, ball: number, wicketsDown: number, ratio: number): number[] {
  const phase = BASE[format].find((p) => ball < p.until) ?? BASE[format][BASE[format].length - 1];
  const base = phase?.p ?? [];
  const tail = Math.max(0, wicketsDown - 4);
  const scoring = ratio * 0.94 ** tail;
  const out = new Array<number>(7).fill(0);
  out[0] = Math.min(0.3, ((base[0] ?? 0) / ratio ** 1.5) * 1.15 ** tail);
  let used = out[0];
  for (let i = 2; i < 7; i++) {
    const boundary = i >= 5;
    out[i] = (base[i] ?? 0) * (boundary ? scoring * scoring : scoring);
    used += out[i] ?? 0;
  }
  if (used > 0.9) {
    // Keep at least 10 % dots: shrink the scoring shots.
    const k = (0.9 - (out[0] ?? 0)) / (used - (out[0] ?? 0));
    for (let i = 2; i < 7; i++) out[i] = (out[i] ?? 0) * k;
    used = 0.9;
  }
  out[1] = 1 - used;
  return out;
}

const LAWS = new Map<string, Float64Array>();

/**
 * Every ball's probabilities for (format, ratio) at once, cumulative, 7 per (ball, wickets down): the step,
 * the tables and the Monte Carlo all draw from this one law, so what is priced is what is played.
 */
export function ballLaw(format: CricketFormat, ratio: number): Float64Array {
  const key = `${format}:${ratio}`;
  const hit = LAWS.get(key);
  if (hit) return hit;
  const n = BALLS[format];
  const law = new Float64Array(n * 11 * 7);
  for (let b = 0; b < n; b++) {
    for (let w = 0; w < 11; w++) {
      const p = ballProbs(format, b, w, ratio);
      let c = 0;
      for (let k = 0; k < 7; k++) {
        c += p[k] ?? 0;
        law[(b * 11 + w) * 7 + k] = c;
      }
      law[(b * 11 + w) * 7 + 6] = 1;
    }
  }
  LAWS.set(key, law);
  if (LAWS.size > 64) {
    const oldest = LAWS.keys().next().value;
    if (oldest !== undefined) LAWS.delete(oldest);
  }
  return law;
}

/** The ball's outcome index (0 wicket, 1… the runs 0, 1, 2, 3, 4, 6) drawn from the cumulative law. */
function drawBall(law: Float64Array, ball: number, wickets: number, rng: Rng): number {
  const u = rng.next();
  const at = (ball * 11 + wickets) * 7;
  for (let k = 0; k < 6; k++) if (u < (law[at + k] ?? 1)) return k;
  return 6;
}

// ---------------------------------------------------------------- remaining-runs tables (memoised)

/** A distribution of runs from `offset`: p[i] = P(runs = offset + i). */
type Dist = { offset: number; p: Float64Array };
type Table = { format: CricketFormat; ratio: number; cells: Dist[][] };

const TABLES = new Map<string, Table>();
const TABLE_CACHE = 16;

/**
 * dist(b, w) = the runs still to come from ball b with w wickets down, for every (b, w), by backward
 * induction: dist(b, w) = Σ P(r) · shift(dist(b+1, w), r) + P(wicket) · dist(b+1, w+1). Tails under 1e-13
 * are cut. Memoised per (format, ratio), least recently used out past 16 tables.
 */
export function runsTable(format: CricketFormat, ratio: number): Table {
  const key = `${format}:${ratio}`;
  const hit = TABLES.get(key);
  if (hit) {
    TABLES.delete(key);
    TABLES.set(key, hit);
    return hit;
  }
  const n = BALLS[format];
  const zero: Dist = { offset: 0, p: Float64Array.of(1) };
  const cells: Dist[][] = [];
  cells[n] = Array.from({ length: 11 }, () => zero);
  for (let b = n - 1; b >= 0; b--) {
    const row: Dist[] = [];
    for (let w = 0; w <= 10; w++) {
      if (w === 10) {
        row.push(zero);
        continue;
      }
      const probs = ballProbs(format, b, w, ratio);
      const stay = cells[b + 1]?.[w] ?? zero;
      const out = cells[b + 1]?.[w + 1] ?? zero;
      const lo = Math.min(stay.offset, out.offset);
      const hi = Math.max(stay.offset + stay.p.length + 6, out.offset + out.p.length);
      const acc = new Float64Array(hi - lo);
      const pw = probs[0] ?? 0;
      const wShift = out.offset - lo;
      for (let i = 0; i < out.p.length; i++) acc[wShift + i] = (acc[wShift + i] ?? 0) + pw * (out.p[i] ?? 0);
      for (let k = 0; k < 6; k++) {
        const pk = probs[k + 1] ?? 0;
        const shift = stay.offset - lo + (RUNS[k] ?? 0);
        for (let i = 0; i < stay.p.length; i++)
          acc[shift + i] = (acc[shift + i] ?? 0) + pk * (stay.p[i] ?? 0);
      }
      row.push(trim(lo, acc));
    }
    cells[b] = row;
  }
  const table = { format, ratio, cells };
  TABLES.set(key, table);
  if (TABLES.size > TABLE_CACHE) {
    const oldest = TABLES.keys().next().value;
    if (oldest !== undefined) TABLES.delete(oldest);
  }
  return table;
}

function trim(offset: number, p: Float64Array): Dist {
  let a = 0;
  let b = p.length - 1;
  while (a < b && (p[a] ?? 0) < 1e-13) a++;
  while (b > a && (p[b] ?? 0) < 1e-13) b--;
  return { offset: offset + a, p: p.slice(a, b + 1) };
}

function cell(table: Table, ball: number, wickets: number): Dist {
  return table.cells[ball]?.[wickets] ?? { offset: 0, p: Float64Array.of(1) };
}

/** P(remaining runs ≥ k). */
function atLeast(d: Dist, k: number): number {
  let s = 0;
  for (let i = Math.max(0, k - d.offset); i < d.p.length; i++) s += d.p[i] ?? 0;
  return s;
}

function exactly(d: Dist, k: number): number {
  return d.p[k - d.offset] ?? 0;
}

function median(d: Dist): number {
  let s = 0;
  for (let i = 0; i < d.p.length; i++) {
    s += d.p[i] ?? 0;
    if (s >= 0.5) return d.offset + i;
  }
  return d.offset + d.p.length - 1;
}

/** Three lines a spread apart around the median (x.5 × 1000), kept under the target in a chase. */
function linesAround(d: Dist, format: CricketFormat, cap = Number.POSITIVE_INFINITY): number[] {
  const spread = format === 't20' ? 15 : 25;
  const m = Math.min(median(d), cap - 1 - spread);
  const lines = [m - spread, m, m + spread].filter((x) => x >= 0 && x < cap).map((x) => x * 1000 + 500);
  return [...new Set(lines)];
}

// ---------------------------------------------------------------- the model

function ratioOf(bat: Record<string, number>, bowl: Record<string, number>): number {
  return Math.round(((bat.batting ?? 1) / (bowl.bowling ?? 1)) * 50) / 50;
}

function newInnings(batting: Side, lines: number[]): Innings {
  return {
    batting,
    runs: 0,
    wickets: 0,
    balls: 0,
    bat: new Array<number>(11).fill(0),
    striker: 0,
    nonStriker: 1,
    methods: [],
    lines,
  };
}

function initial(params: FixtureParams): CricketState {
  const format: CricketFormat = params.format === 'odi' ? 'odi' : 't20';
  const ratio: [number, number] = [ratioOf(params.home, params.away), ratioOf(params.away, params.home)];
  const table = runsTable(format, ratio[0]);
  return {
    sport: 'cricket',
    format,
    ratio: [round3(ratio[0]), round3(ratio[1])],
    innings: [newInnings('home', linesAround(cell(table, 0, 0), format))],
    finished: false,
  };
}

function current(state: CricketState): Innings {
  const inn = state.innings[state.innings.length - 1];
  if (!inn) throw new Error('cricket state without innings');
  return inn;
}

function target(state: CricketState): number | null {
  const first = state.innings[0];
  return state.innings.length === 2 && first ? first.runs + 1 : null;
}

function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}.${balls % 6}`;
}

function step(state: CricketState, rng: Rng) {
  const happenings: Happening[] = [];
  if (state.finished) return { state, happenings, finished: true };
  const index = state.innings.length - 1;
  const was = current(state);
  const inn: Innings = { ...was, bat: [...was.bat], methods: [...was.methods] };
  const next: CricketState = { ...state, innings: [...state.innings] };
  next.innings[index] = inn;
  const ratio = state.ratio[index] ?? 1;
  const outcome = drawBall(ballLaw(state.format, ratio), inn.balls, inn.wickets, rng);
  inn.balls += 1;
  const clock = `${oversText(inn.balls)} ov`;
  const side = inn.batting;
  if (outcome === 0) {
    const method = WICKET_METHODS[pickWeighted(rng, WICKET_SHARES)] ?? 'other';
    inn.wickets += 1;
    inn.methods.push(method);
    happenings.push({
      kind: 'wicket',
      side,
      clock,
      key: true,
      detail: { batsman: inn.striker + 1, method, runs: inn.runs, wickets: inn.wickets },
    });
    inn.striker = inn.wickets + 1; // the next in the order comes in (openers are 0 and 1)
  } else {
    const runs = RUNS[outcome - 1] ?? 0;
    inn.runs += runs;
    inn.bat[inn.striker] = (inn.bat[inn.striker] ?? 0) + runs;
    if (runs === 4 || runs === 6)
      happenings.push({
        kind: runs === 4 ? 'boundary_four' : 'boundary_six',
        side,
        clock,
        key: false,
        detail: { runs },
      });
    if (runs % 2 === 1) [inn.striker, inn.nonStriker] = [inn.nonStriker, inn.striker];
  }
  if (inn.balls % 6 === 0) [inn.striker, inn.nonStriker] = [inn.nonStriker, inn.striker];
  const chase = target(next);
  const over = inn.wickets >= 10 || inn.balls >= BALLS[state.format] || (chase !== null && inn.runs >= chase);
  if (over) {
    happenings.push({
      kind: 'innings_end',
      side,
      clock,
      key: true,
      detail: { innings: index + 1, runs: inn.runs, wickets: inn.wickets },
    });
    if (index === 0) {
      const table = runsTable(state.format, state.ratio[1]);
      next.innings.push(newInnings('away', linesAround(cell(table, 0, 0), state.format, inn.runs + 1)));
    } else {
      next.finished = true;
      const first = next.innings[0]?.runs ?? 0;
      const winner = inn.runs > first ? 'away' : inn.runs < first ? 'home' : '';
      happenings.push({
        kind: 'match_end',
        side: winner,
        clock,
        key: true,
        detail: { tie: winner === '' ? 1 : 0 },
      });
    }
  }
  return { state: next, happenings, finished: next.finished };
}

/** P(home wins), P(tie), P(away wins) from the state. */
export function matchProbs(state: CricketState): [number, number, number] {
  const inn = current(state);
  const rest = cell(
    runsTable(state.format, state.ratio[state.innings.length - 1] ?? 1),
    inn.balls,
    inn.wickets,
  );
  if (state.innings.length === 1) {
    const chase = cell(runsTable(state.format, state.ratio[1]), 0, 0);
    let away = 0;
    let tie = 0;
    for (let i = 0; i < rest.p.length; i++) {
      const first = inn.runs + rest.offset + i;
      const p = rest.p[i] ?? 0;
      away += p * atLeast(chase, first + 1);
      tie += p * exactly(chase, first);
    }
    return [1 - away - tie, tie, away];
  }
  const need = (state.innings[0]?.runs ?? 0) + 1 - inn.runs;
  const away = atLeast(rest, need);
  const tie = exactly(rest, need - 1);
  return [1 - away - tie, tie, away];
}

function price(state: CricketState): PricedMarket[] {
  return cricketMarkets(state, true);
}

/** The markets of a state; `topBatsman: false` skips the Monte Carlo table (the calibration's innings 2). */
export function cricketMarkets(state: CricketState, topBatsman: boolean): PricedMarket[] {
  if (state.finished) return [];
  const out: PricedMarket[] = [];
  const [home, tie, away] = matchProbs(state);
  // A tie is a dead heat: each side's effective probability takes half of it.
  out.push(market('match_winner', [sel('home', home + tie / 2), sel('away', away + tie / 2)]));
  const index = state.innings.length - 1;
  const inn = current(state);
  const rest = cell(runsTable(state.format, state.ratio[index] ?? 1), inn.balls, inn.wickets);
  for (const line of inn.lines) {
    if (inn.runs * 1000 > line) continue;
    out.push(
      overUnderMarket(
        'innings_runs',
        atLeast(rest, Math.ceil(line / 1000) - inn.runs),
        line,
        String(index + 1),
      ),
    );
  }
  if (inn.wickets < 10) {
    out.push(
      market(
        'next_wicket',
        WICKET_METHODS.map((m, i) => sel(m, WICKET_SHARES[i] ?? 0)),
        `${index + 1}.${inn.wickets + 1}`,
      ),
    );
  }
  // Top batsman: before the innings' first ball only (in play it is closed; see the maths doc).
  if (inn.balls === 0 && topBatsman) {
    const shares = topBatsmanTable(state.format, state.ratio[index] ?? 1, target(state));
    out.push(
      market(
        'top_batsman',
        shares.map((p, i) => ({ key: String(i + 1), name: batsmanName(i + 1), prob: p })),
        String(index + 1),
      ),
    );
  }
  return out;
}

export function batsmanName(n: number) {
  return { EN: `Batter No. ${n}`, HI: `बल्लेबाज़ नंबर ${n}` };
}

const TOP_CACHE = new Map<string, number[]>();
export const TOP_SIMS = 4000;

/**
 * The top batsman's effective probabilities (dead heats shared 1/k) by Monte Carlo: `TOP_SIMS` innings
 * played with the model itself from a fixed seed, so the table is the same on every server; memoised per
 * (format, ratio, target). Standard error ≤ 0.8 % a selection.
 */
export function topBatsmanTable(format: CricketFormat, ratio: number, chase: number | null): number[] {
  const key = `${format}:${ratio}:${chase ?? ''}`;
  const hit = TOP_CACHE.get(key);
  if (hit) return hit;
  const rng = seededRng(`top-batsman:${key}`);
  const shares = new Array<number>(11).fill(0);
  const bat = new Array<number>(11).fill(0);
  for (let s = 0; s < TOP_SIMS; s++) {
    bat.fill(0);
    playInnings(format, ratio, chase, rng, bat);
    let best = -1;
    let count = 0;
    for (const r of bat) {
      if (r > best) {
        best = r;
        count = 1;
      } else if (r === best) count++;
    }
    for (let i = 0; i < 11; i++) if (bat[i] === best) shares[i] = (shares[i] ?? 0) + 1 / count;
  }
  const table = shares.map((x) => x / TOP_SIMS);
  TOP_CACHE.set(key, table);
  if (TOP_CACHE.size > 64) {
    const oldest = TOP_CACHE.keys().next().value;
    if (oldest !== undefined) TOP_CACHE.delete(oldest);
  }
  return table;
}

/** One innings with the model's ball law, batsmen's runs into `bat` (the step's rules, without the state). */
export function playInnings(
  format: CricketFormat,
  ratio: number,
  chase: number | null,
  rng: Rng,
  bat: number[],
) {
  let runs = 0;
  let wickets = 0;
  let striker = 0;
  let nonStriker = 1;
  const law = ballLaw(format, ratio);
  for (let ball = 0; ball < BALLS[format] && wickets < 10; ball++) {
    const outcome = drawBall(law, ball, wickets, rng);
    if (outcome === 0) {
      rng.next(); // the wicket's method, as the step draws it
      wickets += 1;
      striker = wickets + 1;
    } else {
      const r = RUNS[outcome - 1] ?? 0;
      runs += r;
      bat[striker] = (bat[striker] ?? 0) + r;
      if (r % 2 === 1) [striker, nonStriker] = [nonStriker, striker];
    }
    if ((ball + 1) % 6 === 0) [striker, nonStriker] = [nonStriker, striker];
    if (chase !== null && runs >= chase) break;
  }
  return { runs, wickets };
}

function settle(key: MarketKey, state: CricketState, finished: boolean): SelectionResult[] | null {
  const done = finished || state.finished;
  switch (key.type) {
    case 'match_winner': {
      if (!done) return null;
      const first = state.innings[0]?.runs ?? 0;
      const second = state.innings[1];
      if (!second) return allVoid(['home', 'away']);
      if (second.runs === first) {
        return [
          { key: 'home', outcome: 'win', deadHeatMilli: 500 },
          { key: 'away', outcome: 'win', deadHeatMilli: 500 },
        ];
      }
      return winnerIs(['home', 'away'], second.runs > first ? 'away' : 'home');
    }
    case 'innings_runs': {
      const i = Number(key.param) - 1;
      const inn = state.innings[i];
      const closed = done || state.innings.length > i + 1;
      if (!inn) return closed ? allVoid(['over', 'under']) : null;
      if (inn.runs * 1000 > key.lineMilli || closed) return overUnderResult(inn.runs, key.lineMilli);
      return null;
    }
    case 'next_wicket': {
      const [i, n] = key.param.split('.').map(Number);
      const keys = [...WICKET_METHODS];
      const inn = state.innings[(i ?? 0) - 1];
      const closed = done || state.innings.length > (i ?? 0);
      const method = inn?.methods[(n ?? 0) - 1];
      if (method) return winnerIs(keys, method);
      return closed ? allVoid(keys) : null;
    }
    case 'top_batsman': {
      const i = Number(key.param) - 1;
      const inn = state.innings[i];
      const keys = Array.from({ length: 11 }, (_, k) => String(k + 1));
      const closed = done || state.innings.length > i + 1;
      if (!closed) return null;
      if (!inn || inn.balls === 0) return allVoid(keys);
      const best = Math.max(...inn.bat);
      const winners = inn.bat.flatMap((r, k) => (r === best ? [String(k + 1)] : []));
      const share = winners.length > 1 ? Math.floor(1000 / winners.length) : null;
      return results(keys, (k) => (winners.includes(k) ? 'win' : 'lose')).map((r) =>
        r.outcome === 'win' ? { ...r, deadHeatMilli: share } : r,
      );
    }
    default:
      throw new Error(`cricket does not offer ${key.type}`);
  }
}

function score(state: CricketState): SportsScore {
  const text = (inn?: Innings) => (inn ? `${inn.runs}/${inn.wickets}` : '');
  const inn = current(state);
  const chase = target(state);
  return {
    home: text(state.innings.find((i) => i.batting === 'home')),
    away: text(state.innings.find((i) => i.batting === 'away')),
    clock: `${oversText(inn.balls)} ov`,
    period: state.finished ? 'result' : state.innings.length === 1 ? '1st innings' : '2nd innings',
    detail: chase === null ? {} : { target: chase },
  };
}

export const cricketModel: SportModel<CricketState> = {
  sport: 'cricket',
  formats: ['t20', 'odi'],
  initial,
  step,
  // A ball every 5 s; the innings break (second innings, no ball yet) holds 60 s more.
  stepSeconds: (state) => (state.innings.length === 2 && current(state).balls === 0 ? 65 : 5),
  score,
  price,
  settle,
};
