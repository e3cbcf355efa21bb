import {
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
  probOver,
  type Rng,
  round3,
  type SelectionResult,
  type Side,
  type SportModel,
  type SportsScore,
  sel,
  threeLines,
  winnerIs,
} from './kit.ts';

/**
 * Tennis (docs/sportsbook-maths.md "Tennis"): points on serve. Each player wins a point on their own serve
 * with a fixed probability (from their serve against the opponent's return); games, tiebreaks at 6-6 (in
 * every set), sets and the match follow the rules, and every probability is exact by dynamic programming:
 * the current game and set from the live score, the sets after it from the set-score distributions.
 */

export type TennisState = {
  sport: 'tennis';
  format: 'bo3' | 'bo5';
  /** P(the server wins a point) when home serves, when away serves. */
  serve: { home: number; away: number };
  /** Finished sets as [home games, away games]. */
  sets: [number, number][];
  games: [number, number];
  points: [number, number];
  server: Side;
  tiebreak: boolean;
  /** Who served the tiebreak's first point. */
  tbFirst: Side;
  /** total_games lines (× 1000). */
  lines: number[];
  finished: boolean;
};

function setsToWin(state: TennisState): number {
  return state.format === 'bo5' ? 3 : 2;
}

/** P(server wins the game) from points a (server) – b. */
export function gameWin(p: number, a: number, b: number): number {
  const q = 1 - p;
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  if (a >= 3 && b >= 3) {
    const deuce = (p * p) / (p * p + q * q);
    if (a === b) return deuce;
    return a > b ? p + q * deuce : p * deuce;
  }
  return p * gameWin(p, a + 1, b) + q * gameWin(p, a, b + 1);
}

/** Who serves tiebreak point k (0-based): the first server, then two each. */
function tbServer(first: Side, k: number): Side {
  return Math.floor((k + 1) / 2) % 2 === 0 ? first : other(first);
}

/** P(home wins the tiebreak) from points a (home) – b (away). */
export function tiebreakWin(state: TennisState, a: number, b: number, first: Side): number {
  const x = state.serve.home;
  const y = 1 - state.serve.away;
  const memo = new Map<number, number>();
  const go = (h: number, w: number): number => {
    if (h >= 7 && h - w >= 2) return 1;
    if (w >= 7 && w - h >= 2) return 0;
    if (h >= 6 && h === w) return (x * y) / (x * y + (1 - x) * (1 - y));
    const key = h * 100 + w;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const p = tbServer(first, h + w) === 'home' ? x : y;
    const r = p * go(h + 1, w) + (1 - p) * go(h, w + 1);
    memo.set(key, r);
    return r;
  };
  return go(a, b);
}

/** Set outcomes as final [home games, away games, probability] from the live set (games, points, server). */
export function setOutcomes(
  state: TennisState,
  games: [number, number],
  points: [number, number],
  server: Side,
  tiebreak: boolean,
  tbFirst: Side,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  const setFirst = (games[0] + games[1]) % 2 === 0 ? server : other(server);
  const serverAt = (gh: number, ga: number): Side => ((gh + ga) % 2 === 0 ? setFirst : other(setFirst));
  const holdHome = gameWin(state.serve.home, 0, 0);
  const holdAway = gameWin(state.serve.away, 0, 0);
  const grid = new Map<number, number>();
  const add = (gh: number, ga: number, p: number) => {
    if (p <= 0) return;
    const done = (gh >= 6 && gh - ga >= 2) || (ga >= 6 && ga - gh >= 2) || gh === 7 || ga === 7;
    if (done) out.push([gh, ga, p]);
    else grid.set(gh * 10 + ga, (grid.get(gh * 10 + ga) ?? 0) + p);
  };
  // The live game (or tiebreak) first.
  const [gh0, ga0] = games;
  if (tiebreak || (gh0 === 6 && ga0 === 6)) {
    const first = tiebreak ? tbFirst : serverAt(6, 6);
    const p = tiebreak ? tiebreakWin(state, points[0], points[1], first) : tiebreakWin(state, 0, 0, first);
    add(7, 6, p);
    add(6, 7, 1 - p);
    return out;
  }
  const s = serverAt(gh0, ga0);
  const live =
    s === 'home'
      ? gameWin(state.serve.home, points[0], points[1])
      : 1 - gameWin(state.serve.away, points[1], points[0]);
  add(gh0 + 1, ga0, live);
  add(gh0, ga0 + 1, 1 - live);
  // Then whole games in order of games played.
  for (let total = gh0 + ga0 + 1; total <= 12; total++) {
    for (let gh = 0; gh <= total; gh++) {
      const ga = total - gh;
      const p = grid.get(gh * 10 + ga);
      if (!p) continue;
      grid.delete(gh * 10 + ga);
      if (gh === 6 && ga === 6) {
        const t = tiebreakWin(state, 0, 0, serverAt(6, 6));
        add(7, 6, p * t);
        add(6, 7, p * (1 - t));
        continue;
      }
      const home = serverAt(gh, ga) === 'home' ? holdHome : 1 - holdAway;
      add(gh + 1, ga, p * home);
      add(gh, ga + 1, p * (1 - home));
    }
  }
  return out;
}

/** The match's distributions from the state: P(home wins), total games, final sets difference. */
export function matchDistributions(state: TennisState) {
  const need = setsToWin(state);
  const gamesSoFar = state.sets.reduce((n, [h, a]) => n + h + a, 0);
  const setsH = state.sets.filter(([h, a]) => h > a).length;
  const setsA = state.sets.length - setsH;
  const totalGames = new Map<number, number>();
  const setsDiff = new Map<number, number>();
  let homeWins = 0;
  // A frontier of (sets home, sets away, next set's first server, games so far) → probability.
  type Node = { sh: number; sa: number; first: Side; games: number; p: number };
  const fresh = {
    home: setOutcomes(state, [0, 0], [0, 0], 'home', false, 'home'),
    away: setOutcomes(state, [0, 0], [0, 0], 'away', false, 'away'),
  };
  const setFirst = (state.games[0] + state.games[1]) % 2 === 0 ? state.server : other(state.server);
  // Nodes with the same (sets, first server, games) merge, so the frontier stays small (bo5: a few hundred).
  let frontier = new Map<string, Node>();
  const absorb = (
    sh: number,
    sa: number,
    games: number,
    p: number,
    first: Side,
    outs: [number, number, number][],
  ) => {
    for (const [gh, ga, q] of outs) {
      const nh = sh + (gh > ga ? 1 : 0);
      const na = sa + (gh > ga ? 0 : 1);
      const g = games + gh + ga;
      const pq = p * q;
      if (nh === need || na === need) {
        if (nh === need) homeWins += pq;
        totalGames.set(g, (totalGames.get(g) ?? 0) + pq);
        setsDiff.set(nh - na, (setsDiff.get(nh - na) ?? 0) + pq);
      } else {
        const nextFirst = (gh + ga) % 2 === 0 ? first : other(first);
        const key = `${nh}:${na}:${nextFirst}:${g}`;
        const node = frontier.get(key);
        if (node) node.p += pq;
        else frontier.set(key, { sh: nh, sa: na, first: nextFirst, games: g, p: pq });
      }
    }
  };
  absorb(
    setsH,
    setsA,
    gamesSoFar,
    1,
    setFirst,
    setOutcomes(state, state.games, state.points, state.server, state.tiebreak, state.tbFirst),
  );
  while (frontier.size > 0) {
    const nodes = [...frontier.values()];
    frontier = new Map();
    for (const n of nodes) absorb(n.sh, n.sa, n.games, n.p, n.first, fresh[n.first]);
  }
  return { homeWins, totalGames, setsDiff };
}

function pointProb(server: Record<string, number>, receiver: Record<string, number>): number {
  const p = 0.64 + 0.5 * ((server.serve ?? 1) - 1) - 0.5 * ((receiver.return ?? 1) - 1);
  return round3(Math.min(0.8, Math.max(0.5, p)));
}

function initial(params: FixtureParams): TennisState {
  const state: TennisState = {
    sport: 'tennis',
    format: params.format === 'bo5' ? 'bo5' : 'bo3',
    serve: { home: pointProb(params.home, params.away), away: pointProb(params.away, params.home) },
    sets: [],
    games: [0, 0],
    points: [0, 0],
    server: 'home',
    tiebreak: false,
    tbFirst: 'home',
    lines: [],
    finished: false,
  };
  state.lines = threeLines(medianOf(matchDistributions(state).totalGames, 0), 3, -500);
  return state;
}

function step(state: TennisState, rng: Rng) {
  const happenings: Happening[] = [];
  if (state.finished) return { state, happenings, finished: true };
  const next: TennisState = {
    ...state,
    sets: state.sets.map((s) => [s[0], s[1]] as [number, number]),
    games: [state.games[0], state.games[1]],
    points: [state.points[0], state.points[1]],
  };
  const setNo = next.sets.length + 1;
  let server: Side;
  if (next.tiebreak) server = tbServer(next.tbFirst, next.points[0] + next.points[1]);
  else server = next.server;
  const p = server === 'home' ? next.serve.home : next.serve.away;
  const serverWins = rng.next() < p;
  const winner: Side = serverWins ? server : other(server);
  const wi = winner === 'home' ? 0 : 1;
  next.points[wi] += 1;
  const [ph, pa] = next.points;
  const clock = () => `Set ${next.sets.length + 1} · ${next.games[0]}-${next.games[1]}`;
  let gameOver = false;
  if (next.tiebreak) gameOver = (ph >= 7 || pa >= 7) && Math.abs(ph - pa) >= 2;
  else gameOver = (ph >= 4 || pa >= 4) && Math.abs(ph - pa) >= 2;
  if (!gameOver) return { state: next, happenings, finished: false };
  next.games[wi] += 1;
  next.points = [0, 0];
  const wasTiebreak = next.tiebreak;
  if (!wasTiebreak && winner !== server) {
    happenings.push({ kind: 'break', side: winner, clock: clock(), key: true, detail: { set: setNo } });
  } else {
    happenings.push({ kind: 'game', side: winner, clock: clock(), key: false, detail: { set: setNo } });
  }
  // The next game's server: alternate; after a tiebreak, the one who received its first point.
  next.server = wasTiebreak ? other(next.tbFirst) : other(next.server);
  next.tiebreak = false;
  const [gh, ga] = next.games;
  const setOver = (gh >= 6 || ga >= 6) && (Math.abs(gh - ga) >= 2 || gh === 7 || ga === 7);
  if (gh === 6 && ga === 6) {
    next.tiebreak = true;
    next.tbFirst = next.server;
  }
  if (setOver) {
    next.sets.push([gh, ga]);
    next.games = [0, 0];
    happenings.push({
      kind: 'set',
      side: winner,
      clock: `Set ${setNo}`,
      key: true,
      detail: { home: gh, away: ga },
    });
    const won = next.sets.filter(([h, a]) => (winner === 'home' ? h > a : a > h)).length;
    if (won === setsToWin(next)) {
      next.finished = true;
      happenings.push({ kind: 'match_end', side: winner, clock: `Set ${setNo}`, key: true, detail: {} });
    }
  }
  return { state: next, happenings, finished: next.finished };
}

function totals(state: TennisState) {
  const games = state.sets.reduce((n, [h, a]) => n + h + a, 0) + state.games[0] + state.games[1];
  const setsH = state.sets.filter(([h, a]) => h > a).length;
  return { games, setsH, setsA: state.sets.length - setsH };
}

function price(state: TennisState): PricedMarket[] {
  if (state.finished) return [];
  const d = matchDistributions(state);
  const out: PricedMarket[] = [
    market('match_winner', [sel('home', d.homeWins), sel('away', 1 - d.homeWins)]),
  ];
  const { games } = totals(state);
  for (const line of state.lines) {
    if (games * 1000 > line) continue;
    out.push(overUnderMarket('total_games', probOver(d.totalGames, line), line));
  }
  for (const line of [-1500, 1500]) out.push(handicapMarket('set_handicap', d.setsDiff, line));
  return out;
}

function settle(key: MarketKey, state: TennisState, finished: boolean): SelectionResult[] | null {
  const done = finished || state.finished;
  const { games, setsH, setsA } = totals(state);
  switch (key.type) {
    case 'match_winner':
      return done ? winnerIs(['home', 'away'], setsH > setsA ? 'home' : 'away') : null;
    case 'total_games':
      return done || games * 1000 > key.lineMilli ? overUnderResult(games, key.lineMilli) : null;
    case 'set_handicap':
      return done ? handicapResult(setsH - setsA, key.lineMilli) : null;
    default:
      throw new Error(`tennis does not offer ${key.type}`);
  }
}

const POINT_NAMES = ['0', '15', '30', '40'];

function pointsText(state: TennisState): string {
  const [h, a] = state.points;
  if (state.tiebreak) return `${h}-${a}`;
  if (h >= 3 && a >= 3) return h === a ? '40-40' : h > a ? 'A-40' : '40-A';
  return `${POINT_NAMES[h] ?? h}-${POINT_NAMES[a] ?? a}`;
}

function score(state: TennisState): SportsScore {
  const { setsH, setsA } = totals(state);
  const setNo = state.sets.length + (state.finished ? 0 : 1);
  return {
    home: String(setsH),
    away: String(setsA),
    clock: state.finished ? '' : `Set ${setNo} · ${state.games[0]}-${state.games[1]}`,
    period: state.finished ? 'result' : `Set ${setNo}`,
    detail: {
      sets: state.sets.map(([h, a]) => `${h}-${a}`).join(' '),
      points: state.finished ? '' : pointsText(state),
      server: state.tiebreak ? tbServer(state.tbFirst, state.points[0] + state.points[1]) : state.server,
    },
  };
}

export const tennisModel: SportModel<TennisState> = {
  sport: 'tennis',
  formats: ['bo3', 'bo5'],
  initial,
  step,
  stepSeconds: () => 4,
  score,
  price,
  settle,
};
