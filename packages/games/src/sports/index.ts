import type { SportCode } from '@lotus/shared/sportsbook.schema';
import { cockfightModel } from './cockfight.ts';
import { footballModel } from './football.ts';
import { drawAround, round3 } from './kit.ts';
import type { FixtureParams, PricedMarket, Rng, SportModel } from './types.ts';

export { marketKeyOf, marketOdds, probPpm } from './markets.ts';
export { seededRng, stepRng } from './rng.ts';
export type * from './types.ts';

/**
 * The sport models by sport code (docs/sportsbook-maths.md), and the calls the feed uses: the model of a
 * sport, the markets of a state, and a new fixture's strengths.
 */

function notBuiltYet(sport: SportCode): SportModel {
  const fail = (): never => {
    throw new Error(`the ${sport} model is not built yet`);
  };
  return {
    sport,
    formats: [],
    initial: fail,
    step: fail,
    stepSeconds: fail,
    score: fail,
    price: fail,
    settle: fail,
  };
}

export const sportModels: Record<SportCode, SportModel<unknown>> = {
  football: footballModel as SportModel<unknown>,
  cockfight: cockfightModel as SportModel<unknown>,
  cricket: notBuiltYet('cricket'),
  kabaddi: notBuiltYet('kabaddi'),
  tennis: notBuiltYet('tennis'),
  cs2: notBuiltYet('cs2'),
  valorant: notBuiltYet('valorant'),
  dota2: notBuiltYet('dota2'),
  lol: notBuiltYet('lol'),
};

export function modelFor(sport: SportCode): SportModel<unknown> {
  return sportModels[sport];
}

/** Every model state carries its sport, so a stored state prices itself. */
export function marketsFor(state: unknown): PricedMarket[] {
  return modelFor(sportOf(state)).price(state);
}

export function sportOf(state: unknown): SportCode {
  const sport = (state as { sport?: unknown } | null)?.sport;
  if (typeof sport !== 'string' || !Object.hasOwn(sportModels, sport))
    throw new Error('not a sport model state');
  return sport as SportCode;
}

/** The formats each sport's fixtures use (the first is the default). */
export function formatsOf(sport: SportCode): readonly string[] {
  return modelFor(sport).formats;
}

/**
 * Plausible strengths for a new fixture, drawn from the fixture's own rng: each rating about 1.0 with the
 * spread of a league (football attack/defence ±15 %, cricket batting/bowling ±8 %, kabaddi raid/defence
 * ±8 %, tennis serve/return ±6 %, e-sports and cockfight ratings ±15 %).
 */
export function fixtureParams(sport: SportCode, format: string, rng: Rng): FixtureParams {
  const r = (sd: number) => round3(drawAround(rng, 1, sd, 1 - 3 * sd, 1 + 3 * sd));
  const side = (): Record<string, number> => {
    switch (sport) {
      case 'football':
        return { attack: r(0.15), defence: r(0.15) };
      case 'cricket':
        return { batting: r(0.08), bowling: r(0.08) };
      case 'kabaddi':
        return { raid: r(0.08), defence: r(0.08) };
      case 'tennis':
        return { serve: r(0.06), return: r(0.06) };
      default:
        return { rating: r(0.15) };
    }
  };
  return { sport, format, home: side(), away: side() };
}
