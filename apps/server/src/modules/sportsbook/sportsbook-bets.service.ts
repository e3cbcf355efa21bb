import { combinedOddsMilli, potentialReturnMinor } from '@lotus/games/sports/bet-maths';
import { SPORTSBOOK_PAGE_SIZE, type SportsBet, type SportsBetRequest } from '@lotus/shared/sportsbook.schema';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusalError, type WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SeamlessWalletClient, WalletResult } from '../vendor-protocol/protocol-types.ts';
import {
  type LegState,
  type NewLeg,
  SportsBetsRepository,
  type SportsSession,
} from './sportsbook-bets.repository.ts';
import {
  betView,
  gameCodeOf,
  parseBetId,
  type RoundRef,
  rollbackBet,
  roundIdOf,
  sportsWalletBalance,
} from './sportsbook-betting.protocol.ts';

/** The smallest stake the book takes (1.00); the largest is the smallest `max_stake_minor` of the legs' markets. */
export const MIN_STAKE_MINOR = 100n;

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The largest bigint id: a cursor past it (any string of digits is accepted) starts from the newest. */
const MAX_ID = 9_223_372_036_854_775_807n;
const cursorOf = (cursor: string): bigint => {
  const value = BigInt(cursor);
  return value > MAX_ID ? MAX_ID : value;
};

/** A leg priced for the bet: the state read now and the odds it is taken at. */
type PricedLeg = { state: LegState; oddsMilli: number };

/** Selections by id in request order; `sportsbook_legs_invalid` for a wrong count or two legs on one event. */
function checkShape(request: SportsBetRequest): bigint[] {
  const count = request.legs.length;
  if ((request.kind === 'single' && count !== 1) || (request.kind === 'multi' && count < 2)) {
    throw new AppError('sportsbook_legs_invalid', { details: { kind: request.kind, legs: count } });
  }
  const ids = request.legs.map((leg) => BigInt(leg.selectionId));
  if (new Set(ids).size !== ids.length) throw new AppError('sportsbook_legs_invalid');
  return ids;
}

/**
 * The request's legs against the book now (docs/sportsbook.md steps 3 and 5): every market open and not
 * suspended, every event not started or live, the prices against the acceptance rule, the odds at or above
 * each market's minimum, the stake within the limits. Throws the first problem; answers the legs priced.
 */
function priceLegs(
  request: SportsBetRequest,
  states: LegState[],
  now: Date,
  brandId: bigint | undefined,
): PricedLeg[] {
  // Another brand's selection does not exist for this player.
  if (states.length !== request.legs.length || states.some((state) => state.brandId !== brandId)) {
    throw new AppError('sportsbook_selection_not_found');
  }
  const events = new Set(states.map((state) => state.eventId));
  if (events.size !== states.length) throw new AppError('sportsbook_legs_invalid');
  for (const state of states) {
    const suspended = state.suspendedUntil !== null && state.suspendedUntil.getTime() > now.getTime();
    if (
      state.marketStatus !== 'open' ||
      suspended ||
      !state.active ||
      (state.eventStatus !== 'scheduled' && state.eventStatus !== 'live')
    ) {
      throw new AppError('sportsbook_market_suspended', {
        details: { selectionId: String(state.selectionId) },
      });
    }
  }
  const priced = states.map((state, index) => {
    const seen = request.legs[index]?.oddsMilli ?? 0;
    const now = state.oddsMilli;
    const taken =
      now === seen || request.acceptRule === 'any' || (request.acceptRule === 'higher' && now > seen);
    return taken ? { state, oddsMilli: now } : null;
  });
  if (priced.some((leg) => leg === null)) {
    throw new AppError('sportsbook_odds_changed', {
      details: {
        legs: states.map((state) => ({
          selectionId: String(state.selectionId),
          oddsMilli: state.oddsMilli,
          active: state.active,
        })),
      },
    });
  }
  const legs = priced as PricedLeg[];
  for (const leg of legs) {
    if (leg.oddsMilli < leg.state.minOddsMilli) {
      throw new AppError('sportsbook_odds_too_low', {
        details: { selectionId: String(leg.state.selectionId), minOddsMilli: leg.state.minOddsMilli },
      });
    }
  }
  const stake = BigInt(request.stakeMinor);
  // The smallest of the legs' markets' limits (bigint: no Math.min).
  let maxStake = legs[0]?.state.maxStakeMinor ?? 0n;
  for (const leg of legs) if (leg.state.maxStakeMinor < maxStake) maxStake = leg.state.maxStakeMinor;
  if (stake < MIN_STAKE_MINOR || stake > maxStake) {
    throw new AppError('sportsbook_stake_out_of_range', {
      details: { minStakeMinor: String(MIN_STAKE_MINOR), maxStakeMinor: String(maxStake) },
    });
  }
  return legs;
}

/** Legs in the one order every writer takes exposure rows in: (market id, selection key). */
function byExposureKey(legs: PricedLeg[]): PricedLeg[] {
  return [...legs].sort((a, b) =>
    a.state.marketId === b.state.marketId
      ? a.state.selKey.localeCompare(b.state.selKey)
      : a.state.marketId < b.state.marketId
        ? -1
        : 1,
  );
}

/**
 * Bets through the protocol (docs/sportsbook.md steps 2–6). The request is checked against the book; a bet
 * with an in-play leg waits its events' delay and is checked again (nothing is written before). Then one
 * transaction holds the legs' markets `FOR SHARE`, checks once more, writes the bet `pending` with its legs
 * and adds the exposure by conditional upserts; the debit goes after it commits (never a transaction
 * across a wallet call), and one more short transaction records what the debit said.
 */
export class SportsBetsService {
  readonly #repository: SportsBetsRepository<Db>;
  readonly #uow: UnitOfWork<{ bets: SportsBetsRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;
  readonly #sleep: Sleep;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: {
    db: Db;
    wallet: WalletClientSource;
    clock: Clock;
    sleep?: Sleep;
    log?: FastifyBaseLogger;
  }) {
    this.#repository = new SportsBetsRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ bets: new SportsBetsRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
    this.#sleep = deps.sleep ?? realSleep;
    this.#log = deps.log;
  }

  async place(
    session: SportsSession,
    request: SportsBetRequest,
  ): Promise<{ bet: SportsBet; balanceMinor: string }> {
    const replay = await this.#repository.betByRequest(session.playerRef, request.requestId);
    if (replay) return this.#answer(session, replay.id);
    const ids = checkShape(request);
    const brandId = await this.#repository.brandOfPlayer(session.playerRef);
    const first = priceLegs(request, await this.#repository.legStates(ids), this.#clock.now(), brandId);
    const inPlay = first.some((leg) => leg.state.eventStatus === 'live');
    if (inPlay) {
      // The in-play delay: the longest of the live legs' events; then everything is checked again.
      const delay = Math.max(
        ...first.map((leg) => (leg.state.eventStatus === 'live' ? leg.state.betDelayMs : 0)),
      );
      if (delay > 0) {
        await this.#sleep(delay);
        priceLegs(request, await this.#repository.legStates(ids), this.#clock.now(), brandId);
      }
    }
    const client = await this.#wallet();

    let placed: { betId: bigint; round: RoundRef; stakeMinor: bigint };
    try {
      placed = await this.#uow.run(async ({ bets }) => {
        await bets.lockMarketsForShare(first.map((leg) => leg.state.marketId));
        const now = this.#clock.now();
        // Under the markets' lock nothing can move them: this is the check the bet stands on.
        const legs = priceLegs(request, await bets.legStates(ids), now, brandId);
        const stakeMinor = BigInt(request.stakeMinor);
        const odds = legs.map((leg) => leg.oddsMilli);
        const potentialMinor = potentialReturnMinor(stakeMinor, odds);
        const newLegs: NewLeg[] = legs.map((leg, index) => ({
          legNo: index + 1,
          eventId: leg.state.eventId,
          marketId: leg.state.marketId,
          selectionId: leg.state.selectionId,
          selKey: leg.state.selKey,
          oddsMilli: leg.oddsMilli,
          marketVersion: leg.state.version,
        }));
        const betId = await bets.insertBet(
          {
            brandId: legs[0]?.state.brandId ?? 0n,
            playerRef: session.playerRef,
            sessionId: session.id,
            walletSession: session.walletSession,
            requestId: request.requestId,
            kind: request.kind,
            stakeMinor,
            oddsMilli: combinedOddsMilli(odds),
            potentialReturnMinor: potentialMinor,
            acceptRule: request.acceptRule,
            inPlay: legs.some((leg) => leg.state.eventStatus === 'live'),
            createdAt: now,
          },
          newLegs,
        );
        // Selections in (market, key) order, then events in id order: one lock order, no deadlock.
        for (const leg of byExposureKey(legs)) {
          const { marketId, selKey, marketMaxLiabilityMinor } = leg.state;
          if (!(await bets.addExposure(marketId, selKey, potentialMinor, marketMaxLiabilityMinor))) {
            throw new AppError('sportsbook_liability_reached', {
              details: { selectionId: String(leg.state.selectionId) },
            });
          }
        }
        for (const leg of [...legs].sort((a, b) => (a.state.eventId < b.state.eventId ? -1 : 1))) {
          if (
            !(await bets.addEventExposure(
              leg.state.eventId,
              potentialMinor,
              leg.state.eventMaxLiabilityMinor,
            ))
          ) {
            throw new AppError('sportsbook_liability_reached', {
              details: { selectionId: String(leg.state.selectionId), eventId: String(leg.state.eventId) },
            });
          }
        }
        const round = {
          betId,
          playerRef: session.playerRef,
          walletSession: session.walletSession,
          gameCode: gameCodeOf(legs[0]?.state.sport ?? 'football'),
        };
        return { betId, round, stakeMinor };
      });
    } catch (error) {
      // A twin request with the same requestId wrote its bet first: answer with that bet.
      if (!isUniqueViolation(error)) throw error;
      const twin = await this.#repository.betByRequest(session.playerRef, request.requestId);
      if (!twin) throw error;
      return this.#answer(session, twin.id);
    }

    const debit = await this.#debit(client, placed.round, placed.stakeMinor);
    const at = this.#clock.now();
    if (debit.status !== 'OK') {
      await this.#finish(placed.betId, 'refused', at, debit.status);
      throw refusalError(debit);
    }
    // A false here means the stale-bet job voided it first (its rollback then reversed this debit).
    await this.#uow.run(({ bets }) => bets.moveBet(placed.betId, 'pending', 'placed', at));
    return {
      ...(await this.#answer(session, placed.betId, false)),
      balanceMinor: String(debit.balanceMinor),
    };
  }

  async #debit(client: SeamlessWalletClient, round: RoundRef, stakeMinor: bigint): Promise<WalletResult> {
    const roundId = roundIdOf(round.betId);
    try {
      return await client.debit({
        playerId: round.playerRef,
        sessionToken: round.walletSession,
        roundId,
        gameCode: round.gameCode,
        txnId: `${roundId}:bet`,
        amountMinor: stakeMinor,
      });
    } catch (error) {
      // The debit may have landed before the answer was lost: cancel it (a rollback that arrives first
      // makes the platform refuse the late debit) and void the bet, releasing its exposure.
      const rolledBack = await rollbackBet(client, round, this.#log);
      // Not rolled back: the bet stays pending and the settlement job rolls it back after 30 s.
      if (rolledBack) await this.#finish(round.betId, 'void', this.#clock.now());
      throw new AppError('service_unavailable', { message: 'wallet debit failed', cause: error });
    }
  }

  /** Ends a pending bet that stands for nothing (refused or void) and takes it out of the exposure. */
  async #finish(betId: bigint, to: 'refused' | 'void', at: Date, refusal?: string): Promise<void> {
    await this.#uow.run(async ({ bets }) => {
      const moved = await bets.moveBet(betId, 'pending', to, at, refusal ? { refusal } : {});
      if (moved) await bets.releaseExposure(betId);
    });
  }

  async #answer(
    session: SportsSession,
    betId: bigint,
    withBalance = true,
  ): Promise<{ bet: SportsBet; balanceMinor: string }> {
    const record = await this.#repository.betById(betId);
    if (!record) throw new Error(`bet ${betId} vanished`);
    const legs = (await this.#repository.legsOf([betId])).get(betId) ?? [];
    const balanceMinor = withBalance ? String(await sportsWalletBalance(await this.#wallet(), session)) : '0';
    return { bet: betView(record, legs), balanceMinor };
  }

  async list(
    session: SportsSession,
    query: { status: 'open' | 'settled' | 'all'; cursor?: string | undefined },
  ): Promise<{ list: SportsBet[]; nextCursor: string | null }> {
    const rows = await this.#repository.betsOf(session.playerRef, {
      status: query.status,
      before: query.cursor === undefined ? null : cursorOf(query.cursor),
      limit: SPORTSBOOK_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, SPORTSBOOK_PAGE_SIZE);
    const legs = await this.#repository.legsOf(page.map((row) => row.id));
    const last = page.at(-1);
    return {
      list: page.map((row) => betView(row, legs.get(row.id) ?? [])),
      nextCursor: rows.length > SPORTSBOOK_PAGE_SIZE && last ? String(last.id) : null,
    };
  }

  async one(session: SportsSession, betId: string): Promise<{ bet: SportsBet; balanceMinor: string }> {
    const id = parseBetId(betId);
    const record = id === null ? undefined : await this.#repository.betById(id);
    if (!record || record.playerRef !== session.playerRef) throw new AppError('sportsbook_bet_not_found');
    const legs = (await this.#repository.legsOf([record.id])).get(record.id) ?? [];
    return {
      bet: betView(record, legs),
      balanceMinor: String(await sportsWalletBalance(await this.#wallet(), session)),
    };
  }
}
