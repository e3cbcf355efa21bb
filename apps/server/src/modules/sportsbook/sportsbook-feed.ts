import type { MarketKey, PricedMarket, SelectionResult } from '@lotus/games/sports/types';
import type { SportCode, SportsScore } from '@lotus/shared/sportsbook.schema';
import type { SbFeedColumn, SbMarketStatusColumn, SbNamesColumn } from '../../db/tables/sportsbook.ts';

/**
 * The adapter between the book and a source of fixtures, prices and results (docs/sportsbook.md "Trading
 * feed"). The simulator (`simulator-feed.ts`) and the cockfight arena (`arena-feed.ts`) implement it; a real
 * odds feed would too. A feed says WHAT happened; the book (`sportsbook-feed.service.ts`) writes it: it
 * creates the fixtures once by (feed, feedRef), applies each market's margin, bumps versions only for
 * what changed, and ends and results the events.
 */
export interface SportsFeed {
  readonly name: SbFeedColumn;
  /** Fixtures that should exist by `horizon` (created once, by (feed, feedRef); a repeat is ignored). */
  fixtures(now: Date, horizon: Date): Promise<FeedFixture[]>;
  /**
   * Plays every running event of this feed up to `now`: happenings, score, prices, suspensions, results.
   * `book` gives the feed the events the book runs for it and their markets (the simulator keeps its state
   * there); a feed that pushes ignores it.
   */
  advance(now: Date, book: FeedBook): Promise<FeedUpdate[]>;
}

/** What the book tells a feed about the events it runs for it. */
export interface FeedBook {
  /** Events of this feed that are live, or scheduled and due to start by `now`, with the feed's private state. */
  running(): Promise<RunningEvent[]>;
  /** The stored markets of these events (any status), by event id. */
  markets(eventIds: readonly bigint[]): Promise<Map<bigint, StoredMarket[]>>;
}

export type RunningEvent = {
  id: bigint;
  feedRef: string;
  sport: SportCode;
  format: string;
  status: 'scheduled' | 'live';
  startsAt: Date;
  model: unknown;
};

export type StoredMarket = MarketKey & {
  id: bigint;
  status: SbMarketStatusColumn;
  inPlay: boolean;
  marginBp: number;
  version: number;
  suspendedUntil: Date | null;
  selections: { id: bigint; key: string; oddsMilli: number; probPpm: number; active: boolean }[];
};

/** A market a fixture opens with, or a new one a feed offers during the event. */
export type FeedMarket = PricedMarket & {
  marginBp: number;
  maxStakeMinor: bigint;
  maxLiabilityMinor: bigint;
  minOddsMilli?: number;
  /** Created suspended until this time (the arena opens a fight's betting window at its time). */
  suspendedUntil?: Date;
  sort: number;
};

export type FeedFixture = {
  feed: SbFeedColumn;
  feedRef: string;
  sport: SportCode;
  /** The competition's code (`sb_competitions.code`): the fixture is created in every brand that has it. */
  competition: string;
  format: string;
  home: SbNamesColumn;
  away: SbNamesColumn;
  startsAt: Date;
  betDelayMs: number;
  maxLiabilityMinor: bigint;
  /** The feed's private state (the simulator's seed and model state). */
  model: unknown;
  score: SportsScore;
  markets: FeedMarket[];
};

export type FeedTimelineItem = {
  at: Date;
  clock: string;
  kind: string;
  side: '' | 'home' | 'away';
  detail: Record<string, string | number>;
};

/** What a feed says changed in one market. Fields left out stay as they are. */
export type FeedMarketUpdate = MarketKey & {
  /** Fair prices now; a market the book does not have yet is created with `create`'s settings. */
  selections?: PricedMarket['selections'];
  create?: Omit<FeedMarket, keyof PricedMarket>;
  /** Suspend an open market until then (a key happening in play); the book reopens it after. */
  suspendUntil?: Date;
  /** No more bets (the market's question is no longer offered, or the arena's fight started). */
  close?: true;
  /** The market's result. */
  result?: SelectionResult[];
  /** No result can be given (an ended event's market the model could not settle, a cancelled fight). */
  void?: true;
};

export type FeedUpdate = {
  eventId: bigint;
  status?: 'live' | 'ended' | 'cancelled';
  cancelReason?: string;
  model?: unknown;
  score?: SportsScore;
  timeline?: FeedTimelineItem[];
  markets?: FeedMarketUpdate[];
};

/** Key of a market within its event (the `sb_markets` unique key). */
export const marketKeyOf = (market: MarketKey) => `${market.type}|${market.param}|${market.lineMilli}`;
