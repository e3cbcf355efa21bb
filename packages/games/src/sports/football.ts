import {
  allVoid,
  drawPoisson,
  evenLine,
  type FixtureParams,
  type Happening,
  handicapMarket,
  handicapResult,
  type MarketKey,
  market,
  other,
  overUnderMarket,
  overUnderResult,
  type PricedMarket,
  poissonPmf,
  resultOf,
  results,
  round3,
  type SelectionResult,
  type Side,
  type SportModel,
  type SportsScore,
  sel,
  winnerIs,
} from './kit.ts';

/**
 * Football (docs/sportsbook-maths.md "Football"): goals are Poisson by minute. Each side scores at
 * `base × 0.7^own reds × 1.2^opponent's reds` goals per 90 minutes, where `base` comes from the fixture's
 * attack and defence; a red card comes to each side with probability 0.0011 a minute. The remaining goals of
 * each side are then two independent Poisson counts, so every market is priced exactly from them plus the
 * current score, mixed over whether a red card comes in the time left (see `goalScenarios`).
 */

export type FootballState = {
  sport: 'football';
  format: 'ft90';
  /** Minutes played (0 before kick-off, 90 at full time). */
  minute: number;
  /** Goals per 90 minutes at eleven against eleven. */
  base: { home: number; away: number };
  goals: { home: number; away: number };
  reds: { home: number; away: number };
  /** Who scored each goal, in order (next_goal settles from it). */
  scorers: Side[];
  /** The Asian handicap lines (home's handicap × 1000) chosen at creation around the even line. */
  ahLines: number[];
  finished: boolean;
};

export const FOOTBALL_MINUTES = 90;
/** A red card's chance per side per minute (about one side in ten gets one in a match). */
export const RED_PER_MINUTE = 0.0011;
/** What a red card does to the side's own scoring rate, and to the opponent's. */
export const RED_OWN = 0.7;
export const RED_OTHER = 1.2;
/** Goals per 90 of an average side at home and away (a league's typical 1.45 : 1.15). */
export const HOME_GOALS = 1.45;
export const AWAY_GOALS = 1.15;

const TOTAL_LINES = [500, 1500, 2500, 3500, 4500];

function rate(state: FootballState, side: Side): number {
  return state.base[side] * RED_OWN ** state.reds[side] * RED_OTHER ** state.reds[other(side)];
}

function initial(params: FixtureParams): FootballState {
  const h = { attack: params.home.attack ?? 1, defence: params.home.defence ?? 1 };
  const a = { attack: params.away.attack ?? 1, defence: params.away.defence ?? 1 };
  const state: FootballState = {
    sport: 'football',
    format: 'ft90',
    minute: 0,
    base: {
      home: round3((HOME_GOALS * h.attack) / a.defence),
      away: round3((AWAY_GOALS * a.attack) / h.defence),
    },
    goals: { home: 0, away: 0 },
    reds: { home: 0, away: 0 },
    scorers: [],
    ahLines: [],
    finished: false,
  };
  state.ahLines = chooseAhLines(state);
  return state;
}

/** The quarter-step line nearest an even price, with its neighbours ±0.25 (a whole, a half and a quarter). */
function chooseAhLines(state: FootballState): number[] {
  const { diff } = goalDistributions(state);
  const best = evenLine(
    -3000,
    3000,
    250,
    (line) => handicapMarket('asian_handicap', diff, line).selections[0]?.prob ?? 0,
  );
  return [best - 250, best, best + 250];
}

function step(state: FootballState, rng: { next(): number }) {
  const next: FootballState = {
    ...state,
    goals: { ...state.goals },
    reds: { ...state.reds },
    scorers: [...state.scorers],
  };
  const happenings: Happening[] = [];
  if (next.finished) return { state: next, happenings, finished: true };
  next.minute += 1;
  const clock = `${next.minute}'`;
  if (next.minute === 1) happenings.push({ kind: 'kick_off', side: '', clock, key: false, detail: {} });
  // Goals at this minute's rates (set by the reds before it), then this minute's red cards.
  const scored: Side[] = [];
  for (const side of ['home', 'away'] as const) {
    const n = drawPoisson(rng, rate(next, side) / FOOTBALL_MINUTES);
    for (let i = 0; i < n; i++) scored.push(side);
  }
  // Two goals in one minute: their order is a coin toss (rare; it decides next_goal only).
  if (scored.length === 2 && scored[0] !== scored[1] && rng.next() < 0.5) scored.reverse();
  for (const side of scored) {
    next.goals[side] += 1;
    next.scorers.push(side);
    happenings.push({
      kind: 'goal',
      side,
      clock,
      key: true,
      detail: { home: next.goals.home, away: next.goals.away, goal: next.scorers.length },
    });
  }
  for (const side of ['home', 'away'] as const) {
    if (rng.next() < RED_PER_MINUTE) {
      next.reds[side] += 1;
      happenings.push({ kind: 'red_card', side, clock, key: true, detail: { reds: next.reds[side] } });
    }
  }
  if (next.minute === 45) happenings.push({ kind: 'half_time', side: '', clock, key: false, detail: {} });
  if (next.minute >= FOOTBALL_MINUTES) {
    next.finished = true;
    happenings.push({
      kind: 'full_time',
      side: '',
      clock,
      key: true,
      detail: { home: next.goals.home, away: next.goals.away },
    });
  }
  return { state: next, happenings, finished: next.finished };
}

/** One scenario of the time left: its weight and each side's expected remaining goals. */
type Scenario = { weight: number; home: number; away: number };

/**
 * The remaining goals are Poisson given the red cards to come; those are rare, so the time left is mixed
 * over: no red card, a red for one side at 1/6, 1/2 or 5/6 of the time left (equal thirds of its weight),
 * or a red for each side at half time left. Two reds for one side (≈ 0.5 % of matches) are left out; the
 * calibration measures the effect as nil within its band.
 */
export function goalScenarios(state: FootballState): Scenario[] {
  const left = FOOTBALL_MINUTES - state.minute;
  const rh = rate(state, 'home') / FOOTBALL_MINUTES;
  const ra = rate(state, 'away') / FOOTBALL_MINUTES;
  if (left <= 0) return [{ weight: 1, home: 0, away: 0 }];
  const qh = 1 - (1 - RED_PER_MINUTE) ** left;
  const qa = qh;
  const out: Scenario[] = [{ weight: (1 - qh) * (1 - qa), home: rh * left, away: ra * left }];
  for (const at of [1 / 6, 1 / 2, 5 / 6]) {
    const before = left * at;
    const after = left - before;
    out.push({
      weight: (qh * (1 - qa)) / 3,
      home: rh * before + rh * RED_OWN * after,
      away: ra * before + ra * RED_OTHER * after,
    });
    out.push({
      weight: (qa * (1 - qh)) / 3,
      home: rh * before + rh * RED_OTHER * after,
      away: ra * before + ra * RED_OWN * after,
    });
  }
  const half = left / 2;
  const both = RED_OWN * RED_OTHER;
  out.push({ weight: qh * qa, home: rh * half + rh * both * half, away: ra * half + ra * both * half });
  return out;
}

/** The distributions the markets need: final margin, remaining total, both-score, next-goal shares. */
export function goalDistributions(state: FootballState) {
  const diff = new Map<number, number>();
  const remainingTotal: number[] = [];
  let bothScore = 0;
  let nextHome = 0;
  let nextAway = 0;
  let noMore = 0;
  const base = state.goals.home - state.goals.away;
  for (const s of goalScenarios(state)) {
    const ph = poissonPmf(s.home);
    const pa = poissonPmf(s.away);
    for (let i = 0; i < ph.length; i++) {
      const pi = (ph[i] ?? 0) * s.weight;
      for (let j = 0; j < pa.length; j++) {
        const p = pi * (pa[j] ?? 0);
        const d = base + i - j;
        diff.set(d, (diff.get(d) ?? 0) + p);
        remainingTotal[i + j] = (remainingTotal[i + j] ?? 0) + p;
      }
    }
    const h0 = ph[0] ?? 0;
    const a0 = pa[0] ?? 0;
    bothScore += s.weight * (state.goals.home > 0 ? 1 : 1 - h0) * (state.goals.away > 0 ? 1 : 1 - a0);
    const none = h0 * a0;
    noMore += s.weight * none;
    // The next goal's side: the ratio of the two rates (exact while neither rate changes; a red card in the
    // scenario changes both by similar factors, so the integrated ratio is used).
    const total = s.home + s.away;
    if (total > 0) {
      nextHome += (s.weight * (1 - none) * s.home) / total;
      nextAway += (s.weight * (1 - none) * s.away) / total;
    }
  }
  return { diff, remainingTotal, bothScore, nextHome, nextAway, noMore };
}

function price(state: FootballState): PricedMarket[] {
  if (state.finished) return [];
  const d = goalDistributions(state);
  let home = 0;
  let draw = 0;
  let away = 0;
  for (const [m, p] of d.diff) {
    if (m > 0) home += p;
    else if (m < 0) away += p;
    else draw += p;
  }
  const out: PricedMarket[] = [
    market('match_result', [sel('home', home), sel('draw', draw), sel('away', away)]),
    market('double_chance', [
      sel('home_draw', home + draw),
      sel('home_away', home + away),
      sel('draw_away', draw + away),
    ]),
  ];
  const scored = state.goals.home + state.goals.away;
  for (const line of TOTAL_LINES) {
    if (scored * 1000 > line) continue; // decided: resulted already
    let under = 0;
    for (let k = 0; (scored + k) * 1000 < line; k++) under += d.remainingTotal[k] ?? 0;
    out.push(overUnderMarket('total_goals', 1 - under, line));
  }
  for (const line of state.ahLines) out.push(handicapMarket('asian_handicap', d.diff, line));
  if (!(state.goals.home > 0 && state.goals.away > 0)) {
    out.push(market('both_teams_to_score', [sel('yes', d.bothScore), sel('no', 1 - d.bothScore)]));
  }
  out.push(
    market(
      'next_goal',
      [sel('home', d.nextHome), sel('none', d.noMore), sel('away', d.nextAway)],
      String(state.scorers.length + 1),
    ),
  );
  return out;
}

const RESULT_KEYS = ['home', 'draw', 'away'];

function settle(key: MarketKey, state: FootballState, finished: boolean): SelectionResult[] | null {
  const { home, away } = state.goals;
  const done = finished || state.finished;
  switch (key.type) {
    case 'match_result':
      return done ? winnerIs(RESULT_KEYS, resultOf(home, away)) : null;
    case 'double_chance': {
      if (!done) return null;
      const r = resultOf(home, away);
      return results(['home_draw', 'home_away', 'draw_away'], (k) =>
        k.split('_').includes(r) ? 'win' : 'lose',
      );
    }
    case 'total_goals':
      return done || (home + away) * 1000 > key.lineMilli
        ? overUnderResult(home + away, key.lineMilli)
        : null;
    case 'asian_handicap':
      return done ? handicapResult(home - away, key.lineMilli) : null;
    case 'both_teams_to_score':
      if (home > 0 && away > 0) return winnerIs(['yes', 'no'], 'yes');
      return done ? winnerIs(['yes', 'no'], 'no') : null;
    case 'next_goal': {
      const n = Number(key.param);
      if (!Number.isInteger(n) || n < 1) return allVoid(['home', 'none', 'away']);
      const scorer = state.scorers[n - 1];
      if (scorer) return winnerIs(['home', 'none', 'away'], scorer);
      return done ? winnerIs(['home', 'none', 'away'], 'none') : null;
    }
    default:
      throw new Error(`football does not offer ${key.type}`);
  }
}

function score(state: FootballState): SportsScore {
  const period = state.finished
    ? 'FT'
    : state.minute === 0
      ? 'pre'
      : state.minute < 45
        ? '1H'
        : state.minute === 45
          ? 'HT'
          : '2H';
  return {
    home: String(state.goals.home),
    away: String(state.goals.away),
    clock: state.minute === 0 ? '' : `${state.minute}'`,
    period,
    detail: { redsHome: state.reds.home, redsAway: state.reds.away },
  };
}

export const footballModel: SportModel<FootballState> = {
  sport: 'football',
  formats: ['ft90'],
  initial,
  step,
  // A minute every 6 s; the step after minute 45 also holds a 30 s half-time break.
  stepSeconds: (state) => (state.minute === 45 ? 36 : 6),
  score,
  price,
  settle,
};
