import { describe, expect, it } from 'vitest';
import { betReturnMinor } from './bet-maths.ts';
import { type CockfightState, cockfightModel } from './cockfight.ts';
import { type CricketState, cricketModel } from './cricket.ts';
import { cs2Model, dota2Model, type EsportsState } from './esports.ts';
import { type FootballState, footballModel } from './football.ts';
import { type KabaddiState, kabaddiModel } from './kabaddi.ts';
import { handicapResult, marketOdds } from './markets.ts';
import { type TennisState, tennisModel } from './tennis.ts';
import type { MarketKey, SelectionResult } from './types.ts';

/**
 * Hand-checked settlement of every market type (docs/sportsbook-maths.md "Settlement"): win, lose, void,
 * Asian half-win/half-lose, pushes on whole lines, dead heats, and markets the state cannot settle yet.
 */

const avg = { attack: 1, defence: 1, batting: 1, bowling: 1, raid: 1, serve: 1, return: 1, rating: 1 };
const key = (type: MarketKey['type'], param = '', lineMilli = 0): MarketKey => ({ type, param, lineMilli });
/** "key:outcome" (with "/deadHeat") of each selection, for short assertions. */
const short = (r: SelectionResult[] | null) =>
  r?.map((x) => `${x.key}:${x.outcome}${x.deadHeatMilli === null ? '' : `/${x.deadHeatMilli}`}`) ?? null;

function football(patch: Partial<FootballState>): FootballState {
  const s = footballModel.initial({ sport: 'football', format: 'ft90', home: avg, away: avg });
  return { ...s, minute: 90, finished: true, ...patch };
}

describe('football', () => {
  const twoOne = football({ goals: { home: 2, away: 1 }, scorers: ['home', 'away', 'home'] });
  const draw = football({ goals: { home: 1, away: 1 }, scorers: ['away', 'home'] });
  const nil = football({ goals: { home: 0, away: 0 }, scorers: [] });
  const settle = (m: MarketKey, s: FootballState, finished = true) =>
    short(footballModel.settle(m, s, finished));

  it('match result and double chance', () => {
    expect(settle(key('match_result'), twoOne)).toEqual(['home:win', 'draw:lose', 'away:lose']);
    expect(settle(key('match_result'), draw)).toEqual(['home:lose', 'draw:win', 'away:lose']);
    expect(settle(key('double_chance'), draw)).toEqual(['home_draw:win', 'home_away:lose', 'draw_away:win']);
    expect(settle(key('double_chance'), twoOne)).toEqual([
      'home_draw:win',
      'home_away:win',
      'draw_away:lose',
    ]);
    // Not over yet: no result.
    expect(settle(key('match_result'), { ...twoOne, minute: 60, finished: false }, false)).toBeNull();
  });

  it('total goals: decided early once over, at the end otherwise', () => {
    expect(settle(key('total_goals', '', 2500), twoOne)).toEqual(['over:win', 'under:lose']);
    expect(settle(key('total_goals', '', 3500), twoOne)).toEqual(['over:lose', 'under:win']);
    const live = { ...twoOne, minute: 70, finished: false };
    expect(settle(key('total_goals', '', 2500), live, false)).toEqual(['over:win', 'under:lose']);
    expect(settle(key('total_goals', '', 3500), live, false)).toBeNull();
  });

  it('Asian handicap: half, whole (push → void) and quarter lines (half win, half lose)', () => {
    // 2-1: home −0.5 wins; home −1 pushes; home −0.75 = half on −0.5 (win) + half on −1 (push): half win.
    expect(settle(key('asian_handicap', '', -500), twoOne)).toEqual(['home:win', 'away:lose']);
    expect(settle(key('asian_handicap', '', -1000), twoOne)).toEqual(['home:void', 'away:void']);
    expect(settle(key('asian_handicap', '', -750), twoOne)).toEqual(['home:half_win', 'away:half_lose']);
    // −1.25 = −1 (push) + −1.5 (lose): half lose for home, half win for away.
    expect(settle(key('asian_handicap', '', -1250), twoOne)).toEqual(['home:half_lose', 'away:half_win']);
    // 1-1: home −0.25 = 0 (push) + −0.5 (lose); home +0.25: half win.
    expect(settle(key('asian_handicap', '', -250), draw)).toEqual(['home:half_lose', 'away:half_win']);
    expect(settle(key('asian_handicap', '', 250), draw)).toEqual(['home:half_win', 'away:half_lose']);
    expect(settle(key('asian_handicap', '', 0), draw)).toEqual(['home:void', 'away:void']);
    // What the player is paid: 100.00 at 1.90 on −0.75 at 2-1 (half win) returns 145.00; away gets 50.00.
    expect(betReturnMinor(10_000n, [{ oddsMilli: 1900, outcome: 'half_win', deadHeatMilli: null }])).toBe(
      14_500n,
    );
    expect(betReturnMinor(10_000n, [{ oddsMilli: 1900, outcome: 'half_lose', deadHeatMilli: null }])).toBe(
      5_000n,
    );
  });

  it('both teams to score and next goal', () => {
    expect(settle(key('both_teams_to_score'), twoOne)).toEqual(['yes:win', 'no:lose']);
    expect(settle(key('both_teams_to_score'), nil)).toEqual(['yes:lose', 'no:win']);
    // Both scored at minute 30: settled already.
    const early = football({
      minute: 30,
      finished: false,
      goals: { home: 1, away: 1 },
      scorers: ['away', 'home'],
    });
    expect(settle(key('both_teams_to_score'), early, false)).toEqual(['yes:win', 'no:lose']);
    expect(settle(key('next_goal', '2'), twoOne)).toEqual(['home:lose', 'none:lose', 'away:win']);
    expect(settle(key('next_goal', '4'), twoOne)).toEqual(['home:lose', 'none:win', 'away:lose']);
    expect(settle(key('next_goal', '3'), { ...early }, false)).toBeNull();
    expect(settle(key('next_goal', 'x'), twoOne)).toEqual(['home:void', 'none:void', 'away:void']);
  });
});

describe('kabaddi', () => {
  const base = kabaddiModel.initial({ sport: 'kabaddi', format: 'pkl40', home: avg, away: avg });
  const at = (home: number, away: number): KabaddiState => ({
    ...base,
    raids: 80,
    finished: true,
    points: { home, away },
  });
  const settle = (m: MarketKey, s: KabaddiState) => short(kabaddiModel.settle(m, s, true));
  it('match result (draws happen), total points and handicap', () => {
    expect(settle(key('match_result'), at(35, 35))).toEqual(['home:lose', 'draw:win', 'away:lose']);
    expect(settle(key('match_result'), at(30, 35))).toEqual(['home:lose', 'draw:lose', 'away:win']);
    expect(settle(key('total_points', '', 64_500), at(30, 35))).toEqual(['over:win', 'under:lose']);
    expect(settle(key('total_points', '', 65_500), at(30, 35))).toEqual(['over:lose', 'under:win']);
    // Away by 5: home +5.5 wins, home +4.5 loses.
    expect(settle(key('handicap', '', 5500), at(30, 35))).toEqual(['home:win', 'away:lose']);
    expect(settle(key('handicap', '', 4500), at(30, 35))).toEqual(['home:lose', 'away:win']);
  });
});

describe('cricket', () => {
  const base = cricketModel.initial({ sport: 'cricket', format: 't20', home: avg, away: avg });
  const innings = (
    batting: 'home' | 'away',
    runs: number,
    bat: number[],
    methods: CricketState['innings'][0]['methods'],
  ) => ({
    batting,
    runs,
    wickets: methods.length,
    balls: 120,
    bat: [...bat, ...new Array<number>(11 - bat.length).fill(0)],
    striker: 0,
    nonStriker: 1,
    methods,
    lines: [],
  });
  const first = innings('home', 160, [60, 40, 40, 20], ['caught', 'bowled', 'lbw']);
  const tied = innings('away', 160, [50, 50, 30, 30], ['run_out', 'caught', 'caught', 'bowled', 'caught']);
  const lost = innings('away', 150, [70, 30, 50], ['caught', 'other']);
  const done = (second: CricketState['innings'][0]): CricketState => ({
    ...base,
    innings: [first, second],
    finished: true,
  });
  const settle = (m: MarketKey, s: CricketState, finished = true) =>
    short(cricketModel.settle(m, s, finished));

  it('match winner, with a tie as a dead heat (½ each)', () => {
    expect(settle(key('match_winner'), done(lost))).toEqual(['home:win', 'away:lose']);
    expect(settle(key('match_winner'), done(tied))).toEqual(['home:win/500', 'away:win/500']);
    // 100.00 at 1.90 on a tie: half the stake wins at 1.90, the other half is lost: 95.00.
    expect(betReturnMinor(10_000n, [{ oddsMilli: 1900, outcome: 'win', deadHeatMilli: 500 }])).toBe(9_500n);
  });

  it('innings runs: over decided in the innings, void if the innings is not played', () => {
    expect(settle(key('innings_runs', '1', 155_500), done(lost))).toEqual(['over:win', 'under:lose']);
    expect(settle(key('innings_runs', '2', 155_500), done(lost))).toEqual(['over:lose', 'under:win']);
    const abandoned: CricketState = { ...base, innings: [first], finished: true };
    expect(settle(key('innings_runs', '2', 155_500), abandoned)).toEqual(['over:void', 'under:void']);
    const live: CricketState = { ...base, innings: [{ ...first, balls: 80, runs: 120 }], finished: false };
    expect(settle(key('innings_runs', '1', 155_500), live, false)).toBeNull();
  });

  it('next wicket: the method of wicket n, void if it never falls', () => {
    expect(settle(key('next_wicket', '1.2'), done(lost))).toEqual([
      'caught:lose',
      'bowled:win',
      'lbw:lose',
      'run_out:lose',
      'other:lose',
    ]);
    expect(settle(key('next_wicket', '2.1'), done(tied))?.[3]).toBe('run_out:win');
    expect(settle(key('next_wicket', '1.4'), done(lost))?.every((x) => x.endsWith(':void'))).toBe(true);
  });

  it('top batsman: most runs, ties share the win (1/k)', () => {
    const r1 = settle(key('top_batsman', '1'), done(lost));
    expect(r1?.[0]).toBe('1:win');
    expect(r1?.slice(1).every((x) => x.endsWith(':lose'))).toBe(true);
    // Innings 2 of the tie: batters 1 and 2 both made 50 — a dead heat, 500 each.
    const r2 = settle(key('top_batsman', '2'), done(tied));
    expect(r2?.slice(0, 3)).toEqual(['1:win/500', '2:win/500', '3:lose']);
    // 100.00 at 4.00 on a two-way dead heat returns 200.00.
    expect(betReturnMinor(10_000n, [{ oddsMilli: 4000, outcome: 'win', deadHeatMilli: 500 }])).toBe(20_000n);
  });
});

describe('tennis', () => {
  const base = tennisModel.initial({ sport: 'tennis', format: 'bo3', home: avg, away: avg });
  const done = (sets: [number, number][]): TennisState => ({ ...base, sets, finished: true });
  const settle = (m: MarketKey, s: TennisState) => short(tennisModel.settle(m, s, true));
  it('match winner, total games (tiebreak counts one game) and set handicap', () => {
    const s = done([
      [7, 6],
      [4, 6],
      [6, 3],
    ]);
    expect(settle(key('match_winner'), s)).toEqual(['home:win', 'away:lose']);
    expect(settle(key('total_games', '', 31_500), s)).toEqual(['over:win', 'under:lose']);
    expect(settle(key('total_games', '', 32_500), s)).toEqual(['over:lose', 'under:win']);
    // 2-1 in sets: home −1.5 loses, home +1.5 wins.
    expect(settle(key('set_handicap', '', -1500), s)).toEqual(['home:lose', 'away:win']);
    expect(settle(key('set_handicap', '', 1500), s)).toEqual(['home:win', 'away:lose']);
    const straight = done([
      [3, 6],
      [2, 6],
    ]);
    expect(settle(key('set_handicap', '', 1500), straight)).toEqual(['home:lose', 'away:win']);
  });
});

describe('e-sports', () => {
  const base = cs2Model.initial({ sport: 'cs2', format: 'bo3', home: avg, away: avg });
  const done = (maps: EsportsState['maps'], mapRounds: [number, number][]): EsportsState => ({
    ...base,
    maps,
    mapRounds,
    finished: true,
  });
  const s = done(
    ['home', 'home'],
    [
      [13, 11],
      [16, 14],
    ],
  );
  const settle = (m: MarketKey, st: EsportsState, finished = true) => short(cs2Model.settle(m, st, finished));
  it('match and map winners (a map not played is void), map handicap, total maps and total rounds', () => {
    expect(settle(key('match_winner'), s)).toEqual(['home:win', 'away:lose']);
    expect(settle(key('map_winner', '2'), s)).toEqual(['home:win', 'away:lose']);
    expect(settle(key('map_winner', '3'), s)).toEqual(['home:void', 'away:void']);
    expect(settle(key('map_handicap', '', -1500), s)).toEqual(['home:win', 'away:lose']);
    expect(settle(key('map_handicap', '', 1500), s)).toEqual(['home:win', 'away:lose']);
    expect(settle(key('total_maps', '', 2500), s)).toEqual(['over:lose', 'under:win']);
    expect(settle(key('total_rounds', '1', 23_500), s)).toEqual(['over:win', 'under:lose']);
    expect(settle(key('total_rounds', '2', 30_500), s)).toEqual(['over:lose', 'under:win']);
    expect(settle(key('total_rounds', '3', 21_500), s)).toEqual(['over:void', 'under:void']);
    // Map 1 live at 10-9: its winner is unknown, its rounds already over 18.5.
    const live: EsportsState = { ...base, rounds: [10, 9] };
    expect(settle(key('map_winner', '1'), live, false)).toBeNull();
    expect(settle(key('total_rounds', '1', 18_500), live, false)).toEqual(['over:win', 'under:lose']);
  });
  it('map games (Dota 2) settle the same way', () => {
    const d = dota2Model.initial({ sport: 'dota2', format: 'bo3', home: avg, away: avg });
    const st: EsportsState = { ...d, maps: ['away', 'home', 'away'], finished: true };
    expect(short(dota2Model.settle(key('total_maps', '', 2500), st, true))).toEqual([
      'over:win',
      'under:lose',
    ]);
    expect(short(dota2Model.settle(key('map_winner', '3'), st, true))).toEqual(['home:lose', 'away:win']);
  });
});

describe('cockfight', () => {
  const base = cockfightModel.initial({ sport: 'cockfight', format: 'fight', home: avg, away: avg });
  const settle = (result: CockfightState['result']) =>
    short(cockfightModel.settle(key('fight_winner'), { ...base, result }, true));
  it('meron or wala wins; on a draw meron and wala are void and the draw pays 9.00', () => {
    expect(settle('meron')).toEqual(['meron:win', 'wala:lose', 'draw:lose']);
    expect(settle('wala')).toEqual(['meron:lose', 'wala:win', 'draw:lose']);
    expect(settle('draw')).toEqual(['meron:void', 'wala:void', 'draw:win']);
    expect(settle(null)).toBeNull();
    const priced = cockfightModel.price(base)[0];
    expect(priced && marketOdds(priced, 500).map((o) => o.oddsMilli)).toEqual([1904, 1904, 9000]);
  });
});

describe('handicap lines', () => {
  it('split a quarter line into its two neighbours', () => {
    expect(short(handicapResult(1, -1250))).toEqual(['home:half_lose', 'away:half_win']);
    expect(short(handicapResult(2, -1250))).toEqual(['home:win', 'away:lose']);
    expect(short(handicapResult(0, 750))).toEqual(['home:win', 'away:lose']);
    expect(short(handicapResult(-1, 750))).toEqual(['home:half_lose', 'away:half_win']);
    expect(short(handicapResult(-1, 1250))).toEqual(['home:half_win', 'away:half_lose']);
  });
});
