import {
  type FixtureParams,
  type Happening,
  logistic,
  type MarketKey,
  market,
  NAMES,
  type PricedMarket,
  pickWeighted,
  results,
  round3,
  type SelectionResult,
  type SportModel,
  type SportsScore,
} from './kit.ts';

/**
 * Cockfight (sabong): one step, the fight. A draw comes 3 % of the time; otherwise meron (the favourite's
 * corner, the home side) beats wala with a logistic chance of the rating difference. The market is
 * `fight_winner`: meron and wala are void on a draw, so their prices come from P(meron | no draw) and
 * P(wala | no draw) with the margin, and the draw pays a fixed 8 to 1 (decimal 9.00), as sabong rules do.
 */

export type Corner = 'meron' | 'wala' | 'draw';

export type CockfightState = {
  sport: 'cockfight';
  format: 'fight';
  /** Ratings of the two roosters (about 1.0). */
  meron: number;
  wala: number;
  result: Corner | null;
};

export const DRAW_PROB = 0.03;
/** The draw's fixed decimal odds × 1000 (8 to 1). */
export const DRAW_ODDS_MILLI = 9000;
/** How strongly the rating difference moves the chance (a 0.2 gap is about 60 : 40). */
const RATING_SCALE = 2;

/** P(meron), P(wala), P(draw). */
export function fightProbs(state: CockfightState): [number, number, number] {
  const meron = logistic(RATING_SCALE * (state.meron - state.wala));
  return [(1 - DRAW_PROB) * meron, (1 - DRAW_PROB) * (1 - meron), DRAW_PROB];
}

function initial(params: FixtureParams): CockfightState {
  return {
    sport: 'cockfight',
    format: 'fight',
    meron: round3(params.home.rating ?? 1),
    wala: round3(params.away.rating ?? 1),
    result: null,
  };
}

function step(state: CockfightState, rng: { next(): number }) {
  if (state.result) return { state, happenings: [], finished: true };
  const result = (['meron', 'wala', 'draw'] as const)[pickWeighted(rng, fightProbs(state))] ?? 'draw';
  const happening: Happening = {
    kind: 'fight_result',
    side: result === 'meron' ? 'home' : result === 'wala' ? 'away' : '',
    clock: '',
    key: true,
    detail: { result },
  };
  return { state: { ...state, result }, happenings: [happening], finished: true };
}

function price(state: CockfightState): PricedMarket[] {
  if (state.result) return [];
  const [m, w, d] = fightProbs(state);
  return [
    market('fight_winner', [
      { key: 'meron', name: NAMES.meron, prob: m / (1 - d) },
      { key: 'wala', name: NAMES.wala, prob: w / (1 - d) },
      { key: 'draw', name: NAMES.draw, prob: d, fixedOddsMilli: DRAW_ODDS_MILLI },
    ]),
  ];
}

const KEYS = ['meron', 'wala', 'draw'];

function settle(key: MarketKey, state: CockfightState): SelectionResult[] | null {
  if (key.type !== 'fight_winner') throw new Error(`cockfight does not offer ${key.type}`);
  const r = state.result;
  if (!r) return null;
  if (r === 'draw') return results(KEYS, (k) => (k === 'draw' ? 'win' : 'void'));
  return results(KEYS, (k) => (k === r ? 'win' : 'lose'));
}

function score(state: CockfightState): SportsScore {
  return {
    home: state.result === 'meron' ? '1' : '0',
    away: state.result === 'wala' ? '1' : '0',
    clock: '',
    period: state.result ? 'result' : 'pre',
    detail: state.result ? { result: state.result } : {},
  };
}

export const cockfightModel: SportModel<CockfightState> = {
  sport: 'cockfight',
  formats: ['fight'],
  initial,
  step,
  // The fight itself (the arena's clock decides the betting window around it).
  stepSeconds: () => 60,
  score,
  price,
  settle,
};
