import type { SportCode } from '@lotus/shared/sportsbook.schema';
import {
  allVoid,
  type FixtureParams,
  type Happening,
  handicapMarket,
  handicapResult,
  logistic,
  type MarketKey,
  market,
  medianOf,
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
 * E-sports (docs/sportsbook-maths.md "E-sports"). CS2 and Valorant are played round by round: each round
 * goes to the home team with a fixed probability from the two ratings, a map is first to 13 (MR12); at 12-12
 * CS2 plays overtime blocks of six rounds (first to 4; 3-3 starts another block) and Valorant plays on until
 * a side leads by 2. Dota 2 and League of Legends are played map by map. Maps are independent, so the
 * match (bo1, bo3, bo5) is exact from the live map's probability and the fresh maps' probability.
 */

export type EsportCode = 'cs2' | 'valorant' | 'dota2' | 'lol';

export type EsportsState = {
  sport: EsportCode;
  format: 'bo1' | 'bo3' | 'bo5';
  /** P(home wins a round) for round games, P(home wins a map) for map games. */
  p: number;
  /** Winners of the finished maps, in order. */
  maps: Side[];
  /** Rounds of each finished map [home, away] (round games). */
  mapRounds: [number, number][];
  /** The live map's rounds (round games). */
  rounds: [number, number];
  /** total_rounds lines (× 1000), the same for every map. */
  lines: number[];
  finished: boolean;
};

const ROUND_GAMES: readonly string[] = ['cs2', 'valorant'];

export function isRoundGame(sport: string): boolean {
  return ROUND_GAMES.includes(sport);
}

function mapsToWin(state: EsportsState): number {
  return state.format === 'bo5' ? 3 : state.format === 'bo3' ? 2 : 1;
}

function maxMaps(state: EsportsState): number {
  return mapsToWin(state) * 2 - 1;
}

/** A map's winner at this round score, or null while it runs. */
export function mapWinner(sport: string, h: number, a: number): Side | null {
  const lead = (x: number, y: number): boolean => {
    if (x === 13 && y <= 11) return true;
    if (sport === 'valorant') return x >= 14 && x - y === 2;
    return x >= 16 && (x - 16) % 3 === 0 && y <= x - 2;
  };
  if (lead(h, a)) return 'home';
  if (lead(a, h)) return 'away';
  return null;
}

/**
 * A map's outcome from a live round score: P(home wins) and the distribution of its total rounds, by
 * carrying the probability of each score forward round by round until under 1e-12 is left (overtime's
 * score states are few, so this is a few hundred states).
 */
export function mapOutcome(sport: string, p: number, h0: number, a0: number) {
  const total = new Map<number, number>();
  let homeWins = 0;
  let level = new Map<number, number>([[h0 * 1000 + a0, 1]]);
  for (let guard = 0; level.size > 0 && guard < 400; guard++) {
    const next = new Map<number, number>();
    let left = 0;
    for (const [key, prob] of level) {
      const h = Math.floor(key / 1000);
      const a = key % 1000;
      for (const [dh, da, q] of [
        [1, 0, p],
        [0, 1, 1 - p],
      ] as const) {
        const nh = h + dh;
        const na = a + da;
        const pq = prob * q;
        const w = mapWinner(sport, nh, na);
        if (w) {
          if (w === 'home') homeWins += pq;
          total.set(nh + na, (total.get(nh + na) ?? 0) + pq);
        } else {
          next.set(nh * 1000 + na, (next.get(nh * 1000 + na) ?? 0) + pq);
          left += pq;
        }
      }
    }
    level = left < 1e-12 ? new Map() : next;
  }
  return { homeWins, total };
}

const FRESH = new Map<string, ReturnType<typeof mapOutcome>>();

function freshMap(sport: string, p: number) {
  const key = `${sport}:${p}`;
  let hit = FRESH.get(key);
  if (!hit) {
    hit = mapOutcome(sport, p, 0, 0);
    FRESH.set(key, hit);
    if (FRESH.size > 256) {
      const oldest = FRESH.keys().next().value;
      if (oldest !== undefined) FRESH.delete(oldest);
    }
  }
  return hit;
}

/** The live map's outcome (round games; map games have no live map between steps). */
function liveMap(state: EsportsState) {
  if (!isRoundGame(state.sport)) return { homeWins: state.p, total: new Map<number, number>() };
  if (state.rounds[0] + state.rounds[1] === 0) return freshMap(state.sport, state.p);
  return mapOutcome(state.sport, state.p, state.rounds[0], state.rounds[1]);
}

/** The match's distributions: P(home wins), maps played, final maps difference, P(map n is played). */
export function matchDistributions(state: EsportsState, liveOutcome = liveMap(state)) {
  const need = mapsToWin(state);
  const live = liveOutcome.homeWins;
  const fresh = isRoundGame(state.sport) ? freshMap(state.sport, state.p).homeWins : state.p;
  const mapsPlayed = new Map<number, number>();
  const diff = new Map<number, number>();
  const played: number[] = [];
  let homeWins = 0;
  let level = new Map<string, number>();
  const h0 = state.maps.filter((m) => m === 'home').length;
  const a0 = state.maps.length - h0;
  level.set(`${h0}:${a0}`, 1);
  let first = true;
  while (level.size > 0) {
    const next = new Map<string, number>();
    for (const [key, prob] of level) {
      const [h = 0, a = 0] = key.split(':').map(Number);
      played[h + a + 1] = (played[h + a + 1] ?? 0) + prob;
      const q = first ? live : fresh;
      for (const [nh, na, pq] of [
        [h + 1, a, prob * q],
        [h, a + 1, prob * (1 - q)],
      ] as const) {
        if (nh === need || na === need) {
          if (nh === need) homeWins += pq;
          mapsPlayed.set(nh + na, (mapsPlayed.get(nh + na) ?? 0) + pq);
          diff.set(nh - na, (diff.get(nh - na) ?? 0) + pq);
        } else next.set(`${nh}:${na}`, (next.get(`${nh}:${na}`) ?? 0) + pq);
      }
    }
    first = false;
    level = next;
  }
  return { homeWins, mapsPlayed, diff, played, live, fresh };
}

function initial(params: FixtureParams): EsportsState {
  const sport = params.sport as EsportCode;
  const format = params.format === 'bo5' ? 'bo5' : params.format === 'bo1' ? 'bo1' : 'bo3';
  const gap = (params.home.rating ?? 1) - (params.away.rating ?? 1);
  const rounds = isRoundGame(sport);
  const p = round3(logistic((rounds ? 1.2 : 4) * gap));
  const state: EsportsState = {
    sport,
    format,
    p,
    maps: [],
    mapRounds: [],
    rounds: [0, 0],
    lines: [],
    finished: false,
  };
  if (rounds) {
    state.lines = threeLines(medianOf(freshMap(sport, p).total, 24), 3, -500);
  }
  return state;
}

function step(state: EsportsState, rng: Rng) {
  const happenings: Happening[] = [];
  if (state.finished) return { state, happenings, finished: true };
  const next: EsportsState = {
    ...state,
    maps: [...state.maps],
    mapRounds: state.mapRounds.map((r) => [r[0], r[1]] as [number, number]),
    rounds: [state.rounds[0], state.rounds[1]],
  };
  const mapNo = next.maps.length + 1;
  const winner: Side = rng.next() < next.p ? 'home' : 'away';
  let mapDone: Side | null = winner;
  if (isRoundGame(next.sport)) {
    next.rounds[winner === 'home' ? 0 : 1] += 1;
    const [h, a] = next.rounds;
    happenings.push({
      kind: 'round',
      side: winner,
      clock: `Map ${mapNo} · R ${h + a}`,
      key: false,
      detail: { home: h, away: a },
    });
    mapDone = mapWinner(next.sport, h, a);
    if (mapDone) {
      next.mapRounds.push([h, a]);
      next.rounds = [0, 0];
    }
  }
  if (mapDone) {
    next.maps.push(mapDone);
    const won = next.maps.filter((m) => m === mapDone).length;
    happenings.push({ kind: 'map', side: mapDone, clock: `Map ${mapNo}`, key: true, detail: { map: mapNo } });
    if (won === mapsToWin(next)) {
      next.finished = true;
      happenings.push({ kind: 'match_end', side: mapDone, clock: `Map ${mapNo}`, key: true, detail: {} });
    }
  }
  return { state: next, happenings, finished: next.finished };
}

function price(state: EsportsState): PricedMarket[] {
  if (state.finished) return [];
  const liveOutcome = liveMap(state);
  const d = matchDistributions(state, liveOutcome);
  const out: PricedMarket[] = [
    market('match_winner', [sel('home', d.homeWins), sel('away', 1 - d.homeWins)]),
  ];
  const current = state.maps.length + 1;
  for (let n = current; n <= maxMaps(state); n++) {
    if (!((d.played[n] ?? 0) > 0)) continue;
    const q = n === current ? d.live : d.fresh;
    out.push(market('map_winner', [sel('home', q), sel('away', 1 - q)], String(n)));
  }
  if (state.format !== 'bo1') {
    for (const line of [-1500, 1500]) out.push(handicapMarket('map_handicap', d.diff, line));
    const line = state.format === 'bo5' ? 3500 : 2500;
    if (state.maps.length * 1000 < line) {
      out.push(overUnderMarket('total_maps', probOver(d.mapsPlayed, line), line));
    }
  }
  if (isRoundGame(state.sport)) {
    const live = liveOutcome.total;
    const fresh = freshMap(state.sport, state.p).total;
    for (let n = current; n <= maxMaps(state); n++) {
      if (!((d.played[n] ?? 0) > 0)) continue;
      const dist = n === current ? live : fresh;
      for (const line of state.lines) {
        if (n === current && (state.rounds[0] + state.rounds[1]) * 1000 > line) continue;
        out.push(overUnderMarket('total_rounds', probOver(dist, line), line, String(n)));
      }
    }
  }
  return out;
}

function settle(key: MarketKey, state: EsportsState, finished: boolean): SelectionResult[] | null {
  const done = finished || state.finished;
  const h = state.maps.filter((m) => m === 'home').length;
  const a = state.maps.length - h;
  switch (key.type) {
    case 'match_winner':
      return done
        ? h === a
          ? allVoid(['home', 'away'])
          : winnerIs(['home', 'away'], h > a ? 'home' : 'away')
        : null;
    case 'map_winner': {
      const n = Number(key.param);
      const winner = state.maps[n - 1];
      if (winner) return winnerIs(['home', 'away'], winner);
      return done ? allVoid(['home', 'away']) : null;
    }
    case 'map_handicap':
      return done ? handicapResult(h - a, key.lineMilli) : null;
    case 'total_maps':
      return done || state.maps.length * 1000 > key.lineMilli
        ? overUnderResult(state.maps.length, key.lineMilli)
        : null;
    case 'total_rounds': {
      const n = Number(key.param);
      const finishedMap = state.mapRounds[n - 1];
      if (finishedMap) return overUnderResult(finishedMap[0] + finishedMap[1], key.lineMilli);
      if (n === state.maps.length + 1 && !done) {
        const r = state.rounds[0] + state.rounds[1];
        return r * 1000 > key.lineMilli ? overUnderResult(r, key.lineMilli) : null;
      }
      return done ? allVoid(['over', 'under']) : null;
    }
    default:
      throw new Error(`${state.sport} does not offer ${key.type}`);
  }
}

function score(state: EsportsState): SportsScore {
  const h = state.maps.filter((m) => m === 'home').length;
  const mapNo = state.maps.length + (state.finished ? 0 : 1);
  const rounds = isRoundGame(state.sport);
  return {
    home: String(h),
    away: String(state.maps.length - h),
    clock: state.finished
      ? ''
      : rounds
        ? `Map ${mapNo} · R ${state.rounds[0] + state.rounds[1] + 1}`
        : `Map ${mapNo}`,
    period: state.finished ? 'result' : `Map ${mapNo}`,
    detail: rounds
      ? {
          rounds: state.finished ? '' : `${state.rounds[0]}-${state.rounds[1]}`,
          maps: state.mapRounds.map(([x, y]) => `${x}-${y}`).join(' '),
        }
      : {},
  };
}

function esportsModel(sport: EsportCode): SportModel<EsportsState> {
  const rounds = ROUND_GAMES.includes(sport);
  return {
    sport: sport as SportCode,
    formats: ['bo3', 'bo1', 'bo5'],
    initial: (params) => initial({ ...params, sport }),
    step,
    // A round every 6 s (30 s more between maps); a Dota 2 or LoL map is one 90 s step.
    stepSeconds: (state) =>
      rounds ? (state.rounds[0] + state.rounds[1] === 0 && state.maps.length > 0 ? 36 : 6) : 90,
    score,
    price,
    settle,
  };
}

export const cs2Model = esportsModel('cs2');
export const valorantModel = esportsModel('valorant');
export const dota2Model = esportsModel('dota2');
export const lolModel = esportsModel('lol');
