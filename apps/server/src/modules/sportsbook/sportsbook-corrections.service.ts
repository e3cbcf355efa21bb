import { betReturnMinor } from '@lotus/games/sports/bet-maths';
import type {
  MarketType,
  SportsBet,
  sportsCorrectionSchema,
  sportsLiabilitySchema,
} from '@lotus/shared/sportsbook.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import { type Ledger, ledgerIn } from '../ledger/ledger.ts';
import { type BetRecord, SportsBetsRepository } from './sportsbook-bets.repository.ts';
import {
  betView,
  legOutcomeNow,
  parseBetId,
  rollbackBet,
  roundIdOf,
  roundRefOf,
} from './sportsbook-betting.protocol.ts';
import { type SelectionResultRow, SportsCorrectionsRepository } from './sportsbook-corrections.repository.ts';

type Correction = z.infer<typeof sportsCorrectionSchema>;
type Liability = z.infer<typeof sportsLiabilitySchema>;

/** Who acts: the operator (audit, `voided_by`, `corrected_by`) from the route or the CLI. */
export type SportsOperator = { brandId: bigint; operatorId: bigint | null; name: string; ip: string };

function repositories(trx: Tx) {
  return {
    bets: new SportsBetsRepository(trx),
    corrections: new SportsCorrectionsRepository(trx),
    ledger: ledgerIn(trx),
    audit: new AuditRepository(trx),
  };
}
type Repos = ReturnType<typeof repositories>;

/**
 * Moves a settled bet's payout from `previous` to `next` by one `adjustment` ledger entry between the
 * member's main wallet and the brand's house account (the protocol never reopens a closed round). A
 * reduction takes what the member's available balance holds; the rest is recorded as unrecovered for the
 * operator. The ledger key names the bet and the cause, so a retry posts once.
 */
async function adjust(
  ledger: Ledger,
  bet: BetRecord,
  previous: bigint,
  next: bigint,
  key: string,
  memo: string,
  createdBy: string,
): Promise<{ journalEntryId: bigint | null; unrecoveredMinor: bigint }> {
  const memberId = BigInt(bet.playerRef);
  let amount = next - previous;
  let unrecoveredMinor = 0n;
  if (amount < 0n) {
    const available = (await ledger.balanceOf(memberId)).availableMinor;
    // bigint: no Math.min. What the balance holds, at most the reduction, never below nothing.
    let take = -amount;
    if (available < take) take = available;
    if (take < 0n) take = 0n;
    unrecoveredMinor = -amount - take;
    amount = -take;
  }
  if (amount === 0n) return { journalEntryId: null, unrecoveredMinor };
  const main = await ledger.memberMainAccount(memberId);
  const entry = await ledger.post({
    brandId: bet.brandId,
    idempotencyKey: key,
    kind: 'adjustment',
    memo,
    createdBy,
    postings: [
      { accountId: main.id, amountMinor: amount },
      { system: 'house', amountMinor: -amount },
    ],
  });
  return { journalEntryId: entry.entryId, unrecoveredMinor };
}

/**
 * The operators' calls on bets and results (docs/sportsbook.md "Corrections and voids"): an event's
 * liability, voiding a bet (an open one by rollback, a settled one back to its stake by an adjustment) and
 * correcting a resulted market (every settled bet on it resettled by adjustments; open bets simply settle
 * on the corrected result). Every change is audited in its own transaction.
 */
export class SportsCorrectionsService {
  readonly #bets: SportsBetsRepository<Db>;
  readonly #reads: SportsCorrectionsRepository<Db>;
  readonly #uow: UnitOfWork<Repos>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock; log?: FastifyBaseLogger }) {
    this.#bets = new SportsBetsRepository(deps.db);
    this.#reads = new SportsCorrectionsRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, repositories);
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
    this.#log = deps.log;
  }

  async liability(brandId: bigint, eventId: string): Promise<Liability> {
    const event = await this.#reads.eventOfBrand(BigInt(eventId), brandId);
    if (!event) throw new AppError('sportsbook_event_not_found');
    const markets = new Map<bigint, Liability['markets'][number]>();
    for (const row of await this.#reads.liabilityRows(event.id)) {
      const market = markets.get(row.market_id) ?? {
        marketId: String(row.market_id),
        type: row.market_type as MarketType,
        param: row.param,
        lineMilli: row.line_milli,
        status: row.status,
        maxLiabilityMinor: String(row.max_liability_minor),
        selections: [],
      };
      market.selections.push({
        key: row.sel_key,
        liabilityMinor: String(row.liability_minor),
        stakesMinor: String(row.stakes_minor),
        bets: row.bets,
      });
      markets.set(row.market_id, market);
    }
    return {
      eventId: String(event.id),
      status: event.status,
      liabilityMinor: String(BigInt(event.liabilityMinor)),
      maxLiabilityMinor: String(event.maxLiabilityMinor),
      markets: [...markets.values()],
    };
  }

  async #betOfBrand(brandId: bigint, betId: string): Promise<BetRecord> {
    const id = parseBetId(betId);
    const bet = id === null ? undefined : await this.#bets.betById(id);
    if (!bet || bet.brandId !== brandId) throw new AppError('sportsbook_bet_not_found');
    return bet;
  }

  async voidBet(operator: SportsOperator, betId: string, reason: string): Promise<SportsBet> {
    const bet = await this.#betOfBrand(operator.brandId, betId);
    const legs = (await this.#bets.legsOf([bet.id])).get(bet.id) ?? [];
    const now = this.#clock.now();
    const audited = { reason, betId: roundIdOf(bet.id), status: bet.status, operator: operator.name };
    if (bet.status === 'placed') {
      // The stake goes back by rollback (the round never closed), then the bet is recorded voided.
      if (!(await rollbackBet(await this.#wallet(), roundRefOf(bet, legs), this.#log))) {
        throw new AppError('service_unavailable', { message: 'wallet rollback failed' });
      }
      await this.#uow.run(async ({ bets, audit }) => {
        const moved = await bets.moveBet(bet.id, 'placed', 'voided', now, {
          voidReason: reason,
          voidedBy: operator.name,
        });
        if (!moved) throw new AppError('sportsbook_state_conflict');
        await bets.releaseExposure(bet.id);
        await audit.record(this.#audit(operator, bet, 'sportsbook.bet_voided', audited));
      });
    } else if (bet.status === 'settled') {
      // The round is closed: the payout is reversed to the stake by an adjustment.
      await this.#uow.run(async ({ bets, corrections, ledger, audit }) => {
        const locked = await bets.lockBet(bet.id);
        if (locked?.status !== 'settled' || locked.payoutMinor === null)
          throw new AppError('sportsbook_state_conflict');
        const previous = locked.payoutMinor;
        const moved = await adjust(
          ledger,
          locked,
          previous,
          locked.stakeMinor,
          `sportsbook.void:${locked.id}`,
          `${roundIdOf(locked.id)} voided: ${reason}`,
          `operator:${operator.operatorId ?? 'cli'}`,
        );
        await corrections.insertAdjustment({
          betId: locked.id,
          correctionId: null,
          reason: 'operator_void',
          previousPayoutMinor: previous,
          payoutMinor: locked.stakeMinor,
          ...moved,
          at: now,
        });
        await bets.moveBet(locked.id, 'settled', 'voided', now, {
          payoutMinor: null,
          voidReason: reason,
          voidedBy: operator.name,
        });
        await audit.record(
          this.#audit(operator, locked, 'sportsbook.bet_voided', {
            ...audited,
            previousPayoutMinor: previous,
            ...moved,
          }),
        );
      });
    } else {
      throw new AppError('sportsbook_state_conflict');
    }
    const record = (await this.#bets.betById(bet.id)) ?? bet;
    return betView(record, legs);
  }

  /**
   * Corrects a resulted market's result and resettles every settled bet with a leg on it, all in one
   * transaction: the market `FOR UPDATE` (so no bet is priced on it meanwhile), the correction audited in
   * `sb_corrections`, each bet's new payout from every leg's result now and the difference as an
   * adjustment recorded in `sb_adjustments`.
   */
  async correct(
    operator: SportsOperator,
    marketId: string,
    body: Correction,
  ): Promise<{ correctionId: string; resettled: number }> {
    return this.#uow.run(async ({ bets, corrections, ledger, audit }) => {
      const market = await corrections.lockMarketOfBrand(BigInt(marketId), operator.brandId);
      if (!market) throw new AppError('sportsbook_event_not_found');
      if (market.status !== 'resulted') throw new AppError('sportsbook_state_conflict');
      const before = await corrections.selectionsOf(market.id);
      const corrected = checkOutcomes(before, body.outcomes);
      const now = this.#clock.now();
      const previous = Object.fromEntries(
        before.map((one) => [one.key, { outcome: one.outcome, deadHeatMilli: one.deadHeatMilli }]),
      );
      const correctionId = await corrections.correctResult({
        marketId: market.id,
        previous,
        corrected,
        reason: body.reason,
        correctedBy: operator.name,
        at: now,
      });
      const betIds = await corrections.lockSettledBetsOn(market.id);
      const legs = await bets.legsOf(betIds);
      for (const betId of betIds) {
        const bet = await bets.betById(betId);
        const betLegs = legs.get(betId) ?? [];
        if (!bet || bet.payoutMinor === null) continue;
        const outcomes = betLegs.map((leg) => ({
          legNo: leg.legNo,
          oddsMilli: leg.oddsMilli,
          ...(legOutcomeNow(leg) ?? { outcome: leg.outcome ?? 'void', deadHeatMilli: leg.deadHeatMilli }),
        }));
        const payoutMinor = betReturnMinor(bet.stakeMinor, outcomes);
        const moved = await adjust(
          ledger,
          bet,
          bet.payoutMinor,
          payoutMinor,
          `sportsbook.correction:${correctionId}:${bet.id}`,
          `${roundIdOf(bet.id)} resettled: ${body.reason}`,
          `operator:${operator.operatorId ?? 'cli'}`,
        );
        await corrections.insertAdjustment({
          betId: bet.id,
          correctionId,
          reason: 'correction',
          previousPayoutMinor: bet.payoutMinor,
          payoutMinor,
          ...moved,
          at: now,
        });
        await corrections.setPayout(bet.id, payoutMinor);
        await bets.setLegOutcomes(bet.id, outcomes);
      }
      await audit.record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'sportsbook.market_corrected',
        ip: operator.ip,
        detail: {
          operator: operator.name,
          marketId,
          correctionId,
          reason: body.reason,
          previous,
          corrected: body.outcomes,
          resettled: betIds.length,
        },
      });
      return { correctionId: String(correctionId), resettled: betIds.length };
    });
  }

  #audit(operator: SportsOperator, bet: BetRecord, action: string, detail: Record<string, unknown>) {
    return {
      brandId: operator.brandId,
      operatorId: operator.operatorId,
      memberId: BigInt(bet.playerRef),
      action,
      ip: operator.ip,
      detail,
    };
  }
}

/** The corrected outcomes must name every selection of the market once; a dead heat only on a win. */
function checkOutcomes(before: SelectionResultRow[], outcomes: Correction['outcomes']): SelectionResultRow[] {
  const keys = new Set(before.map((one) => one.key));
  const named = new Set(outcomes.map((one) => one.key));
  const invalid =
    named.size !== outcomes.length ||
    named.size !== keys.size ||
    outcomes.some((one) => !keys.has(one.key) || (one.deadHeatMilli !== null && one.outcome !== 'win'));
  if (invalid) {
    throw new AppError('invalid_request', {
      message: 'outcomes',
      details: { issues: [{ path: 'outcomes', code: 'invalid' }] },
    });
  }
  return outcomes.map((one) => ({ key: one.key, outcome: one.outcome, deadHeatMilli: one.deadHeatMilli }));
}
