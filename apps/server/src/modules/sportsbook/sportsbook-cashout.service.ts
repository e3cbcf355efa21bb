import { type CashoutLeg, cashoutValueMinor } from '@lotus/games/sports/bet-maths';
import type { SportsBet, SportsCashoutQuote } from '@lotus/shared/sportsbook.schema';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import {
  type BetRecord,
  type LegRecord,
  SportsBetsRepository,
  type SportsSession,
} from './sportsbook-bets.repository.ts';
import {
  betView,
  legOutcomeNow,
  parseBetId,
  roundIdOf,
  sportsWalletBalance,
} from './sportsbook-betting.protocol.ts';
import { finishCashout } from './sportsbook-settlement.service.ts';

/** The book's cash-out margin (5 % in the demo) and how long a quote stands. */
export const CASHOUT_MARGIN_BP = 500;
export const CASHOUT_QUOTE_MS = 10_000;

/**
 * The legs priced for a cash-out now: a decided leg by its outcome, an open one by its selection's current
 * fair probability. Null when the bet cannot be cashed out now: a leg suspended (or its market closed), or
 * every leg already decided (the settlement is about to pay it).
 */
function cashoutLegs(legs: readonly LegRecord[], now: Date): CashoutLeg[] | null {
  const priced: CashoutLeg[] = [];
  let open = 0;
  for (const leg of legs) {
    const decided = legOutcomeNow(leg);
    if (decided !== null) {
      priced.push({ oddsMilli: leg.oddsMilli, ...decided });
      continue;
    }
    const suspended = leg.suspendedUntil !== null && leg.suspendedUntil.getTime() > now.getTime();
    if (leg.marketStatus !== 'open' || suspended || !leg.selectionActive) return null;
    priced.push({ open: true, oddsMilli: leg.oddsMilli, probPpm: leg.probPpm });
    open += 1;
  }
  return open > 0 ? priced : null;
}

/** Every leg market's version when priced: a quote stands only while none of them moved. */
function versionsOf(legs: readonly LegRecord[]): Record<string, number> {
  return Object.fromEntries(legs.map((leg) => [String(leg.marketId), leg.version]));
}

/**
 * Cash-out (docs/sportsbook.md step 8): a quote prices a placed bet now (`cashoutValueMinor`, fair value
 * minus the margin) and stores its legs' market versions for 10 s; accepting it takes the legs' markets
 * `FOR SHARE` and the bet `FOR UPDATE`, checks that no version moved and no leg is suspended, marks the
 * quote accepted (one per bet) and then sends the one closing credit. The settlement job skips a bet with
 * an accepted quote and finishes its cash-out if the credit's answer was lost.
 */
export class SportsCashoutService {
  readonly #repository: SportsBetsRepository<Db>;
  readonly #uow: UnitOfWork<{ bets: SportsBetsRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock; log?: FastifyBaseLogger }) {
    this.#repository = new SportsBetsRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ bets: new SportsBetsRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
    this.#log = deps.log;
  }

  async #bet(session: SportsSession, betId: string): Promise<{ bet: BetRecord; legs: LegRecord[] }> {
    const id = parseBetId(betId);
    const bet = id === null ? undefined : await this.#repository.betById(id);
    if (!bet || bet.playerRef !== session.playerRef) throw new AppError('sportsbook_bet_not_found');
    return { bet, legs: (await this.#repository.legsOf([bet.id])).get(bet.id) ?? [] };
  }

  async quote(session: SportsSession, betId: string): Promise<SportsCashoutQuote> {
    const { bet, legs } = await this.#bet(session, betId);
    if (bet.status !== 'placed') throw new AppError('sportsbook_cashout_unavailable');
    const now = this.#clock.now();
    const priced = cashoutLegs(legs, now);
    const valueMinor = priced === null ? 0n : cashoutValueMinor(bet.stakeMinor, priced, CASHOUT_MARGIN_BP);
    if (valueMinor <= 0n) throw new AppError('sportsbook_cashout_unavailable');
    const expiresAt = new Date(now.getTime() + CASHOUT_QUOTE_MS);
    const quoteId = await this.#uow.run(({ bets }) =>
      bets.insertQuote({ betId: bet.id, valueMinor, versions: versionsOf(legs), expiresAt, at: now }),
    );
    return {
      quoteId: String(quoteId),
      betId: roundIdOf(bet.id),
      valueMinor: String(valueMinor),
      expiresAt: expiresAt.toISOString(),
    };
  }

  async accept(
    session: SportsSession,
    betId: string,
    quoteId: string,
  ): Promise<{ bet: SportsBet; balanceMinor: string }> {
    const { bet, legs } = await this.#bet(session, betId);
    const quote = await this.#repository.quoteById(BigInt(quoteId));
    if (!quote || quote.betId !== bet.id) throw new AppError('sportsbook_cashout_unavailable');
    if (bet.status !== 'placed' || quote.acceptedAt !== null)
      throw new AppError('sportsbook_cashout_unavailable');
    const versions = quote.versions;
    await this.#uow.run(async ({ bets }) => {
      await bets.lockMarketsForShare(legs.map((leg) => leg.marketId));
      const locked = await bets.lockBet(bet.id);
      const now = this.#clock.now();
      if (locked?.status !== 'placed') throw new AppError('sportsbook_cashout_unavailable');
      const moved =
        new Date(quote.expiresAt).getTime() <= now.getTime() ||
        (await bets.marketsNow(legs.map((leg) => leg.marketId))).some(
          (market) =>
            versions[String(market.id)] !== market.version ||
            market.status === 'suspended' ||
            (market.suspendedUntil !== null && new Date(market.suspendedUntil).getTime() > now.getTime()),
        );
      if (moved) throw new AppError('sportsbook_cashout_price_moved');
      if (!(await bets.acceptQuote(quote.id, bet.id, now)))
        throw new AppError('sportsbook_cashout_unavailable');
    });
    const client = await this.#wallet();
    const done = await finishCashout(
      this.#uow,
      client,
      bet,
      legs,
      quote.valueMinor,
      this.#clock.now(),
      this.#log,
    );
    // Accepted but the credit's answer was lost: the settlement job sends it again (same txn id).
    if (!done) throw new AppError('service_unavailable', { message: 'cash-out credit failed' });
    const record = (await this.#repository.betById(bet.id)) ?? bet;
    const after = (await this.#repository.legsOf([bet.id])).get(bet.id) ?? legs;
    return {
      bet: betView(record, after),
      balanceMinor: String(await sportsWalletBalance(client, session)),
    };
  }
}
