import type { MarketType, SelectionOutcome, SportCode, SportsScore } from '@lotus/shared/sportsbook.schema';

/**
 * The sportsbook's maths contract (issue 21, docs/sportsbook.md "Maths"): the simulator's sport models, the
 * markets they price and settle, and the money maths of a bet. Pure: no I/O, no clock, no Math.random —
 * every random step comes from an `Rng` the caller seeds, so a fixture replays exactly from its seed.
 */

/** A deterministic uniform source in [0, 1) (rng.ts: `seededRng(seedHex)`, a counter-mode HMAC stream). */
export interface Rng {
  next(): number;
}

/** Team (or player, or rooster) strengths a fixture is created with; what each means is the sport's. */
export type FixtureParams = {
  sport: SportCode;
  /** The sport's match format: football `ft90`; cricket `t20`, `odi`; kabaddi `pkl40`; tennis `bo3`, `bo5`;
   *  e-sports `bo1`, `bo3`, `bo5`; cockfight `fight`. */
  format: string;
  /** Attack/defence, batting/bowling, serve, map or fight ratings: about 1.0 for an average side. */
  home: Record<string, number>;
  away: Record<string, number>;
};

/**
 * Something that happened in one model step, for the public timeline and for suspending markets.
 * `key: true` marks the happenings after which in-play markets suspend for a few seconds (a goal, a wicket,
 * a red card, a break of serve, a map won, a fight's result).
 */
export type Happening = {
  kind: string;
  side: '' | 'home' | 'away';
  clock: string;
  key: boolean;
  detail: Record<string, string | number>;
};

/** A market as the book identifies it within an event (the `sb_markets` unique key). */
export type MarketKey = { type: MarketType; param: string; lineMilli: number };

/**
 * A market the model offers now, with each selection's fair (margin-free) probability; they sum to 1.
 * Where a selection can be void or half-void (a push on a whole Asian line, a map that is not played, a
 * wicket that never falls) or share a win (a dead heat), `prob` is its effective probability W / (1 − V) —
 * W the expected winning fraction of the stake, V the expected returned fraction — so that 1 / prob is the
 * fair decimal odds and odds × prob the bet's fair value. The one exception is `fight_winner`: meron and
 * wala are void on a draw (their effective probabilities sum to 1 alone) and the draw is a fixed 9.00, so
 * its three probabilities sum to 1 + P(draw); `fixedOddsMilli` marks a price the margin does not set.
 * The feed turns a market into odds with `marketOdds` (markets.ts), never `oddsWithMargin` directly.
 */
export type PricedMarket = MarketKey & {
  selections: { key: string; name: { EN: string; HI: string }; prob: number; fixedOddsMilli?: number }[];
};

/** How one selection settled. `deadHeatMilli`: a win shared by a tie, the stake's fraction × 1000 it keeps. */
export type SelectionResult = { key: string; outcome: SelectionOutcome; deadHeatMilli: number | null };

/** A step's output. `finished`: the event is over (the final state settles every market). */
export type StepResult<S> = { state: S; happenings: Happening[]; finished: boolean };

/**
 * One sport's simulator model (football: Poisson goals by minute with red cards; cricket: ball by ball runs
 * and wickets; kabaddi: raids; tennis: points on serve; e-sports: rounds and maps; cockfight: one fight).
 * The state is plain JSON (stored in `sb_events.model`).
 */
export interface SportModel<S = unknown> {
  sport: SportCode;
  formats: readonly string[];
  initial(params: FixtureParams): S;
  /** One step (a minute, a ball, a raid, a point, a round, the fight). */
  step(state: S, rng: Rng): StepResult<S>;
  /** Real seconds one step of this state takes at the demo's pace (the feed plays steps to the clock). */
  stepSeconds(state: S): number;
  score(state: S): SportsScore;
  /** The markets open at this state (pre-match when no step has run), priced from the model. */
  price(state: S): PricedMarket[];
  /** A market's result from the final state; `null` when the state cannot settle it yet (the event runs on). */
  settle(market: MarketKey, state: S, finished: boolean): SelectionResult[] | null;
}
