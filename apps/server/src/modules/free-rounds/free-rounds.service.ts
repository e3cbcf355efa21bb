import type { FreeRoundGrant } from '@lotus/shared/free-rounds.schema';
import { minorToDecimal } from '@lotus/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { ledgerIn } from '../ledger/ledger.ts';
import { titleIn } from '../promotion-engine/promotion-rules.ts';
import { type FreeRoundGrantView, FreeRoundsRepository } from './free-rounds.repository.ts';

/** The ledger key of a free round's stake: one funding per grant and studio round. */
export const freeRoundFundKey = (grantId: bigint, roundRef: string) => `free-round:${grantId}:${roundRef}`;

/** One free round taken for a studio round. */
export type TakenFreeRound = {
  grantId: bigint;
  stakeMinor: bigint;
  n: number;
  total: number;
  roundsLeft: number;
};

/**
 * What the in-house studio calls around a free round (issue 19). The studio is a vendor that moves money
 * only through the seamless-wallet protocol; free rounds are the operator's promotion, so the operator's
 * side funds them: `take` before the studio's debit, `giveBack` when the debit did not go through,
 * `settled` when the round's credit landed.
 */
export type FreeRoundFunding = {
  take(input: {
    grantId: bigint;
    memberId: bigint;
    gameCode: string;
    roundRef: string;
  }): Promise<TakenFreeRound>;
  giveBack(input: { roundRef: string }): Promise<void>;
  settled(input: { roundRef: string; payoutMinor: bigint }): Promise<void>;
};

function grantView(row: FreeRoundGrantView, language: string): FreeRoundGrant {
  return {
    id: String(row.id),
    promotionId: String(row.promotion_id),
    promotionTitle: titleIn(row.title, language),
    gameCode: row.game_code,
    nodeId: row.node_id,
    stakeMinor: String(row.stake_minor),
    stake: minorToDecimal(row.stake_minor),
    currency: row.currency,
    roundsTotal: row.rounds_total,
    roundsLeft: row.rounds_left,
    status: row.status,
    wonMinor: String(row.won_minor),
    won: minorToDecimal(row.won_minor),
    issuedAt: new Date(row.issued_at).toISOString(),
  };
}

/**
 * Free rounds (docs/promotion-engine.md "Free rounds"): a grant is issued by the promotion engine (no
 * money); each round taken is funded in the transaction that takes it — `promotion_bonus` brand `bonus` →
 * member main of the stake (key `free-round:<grant>:<round>`) — and the studio then debits that stake like
 * any bet, so the player's own money never pays a free round and the round is recorded as usual.
 */
export class FreeRoundsService implements FreeRoundFunding {
  readonly #uow: UnitOfWork<{ rounds: FreeRoundsRepository<Tx>; trx: Tx }>;
  readonly #reads: FreeRoundsRepository;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; clock: Clock; log?: FastifyBaseLogger | undefined }) {
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ rounds: new FreeRoundsRepository(trx), trx }));
    this.#reads = new FreeRoundsRepository(deps.db);
    this.#clock = deps.clock;
    this.#log = deps.log;
  }

  async mine(actor: Actor, language?: string): Promise<{ list: FreeRoundGrant[] }> {
    requireReal(actor);
    const lang = (language ?? actor.language ?? 'EN').toUpperCase();
    return { list: (await this.#reads.grantsOf(actor.memberId)).map((row) => grantView(row, lang)) };
  }

  async take(input: {
    grantId: bigint;
    memberId: bigint;
    gameCode: string;
    roundRef: string;
  }): Promise<TakenFreeRound> {
    const at = this.#clock.now();
    return this.#uow.run(async ({ rounds, trx }) => {
      const grant = await rounds.takeRound({ ...input, at });
      if (!grant) {
        const found = await rounds.grant(input.grantId);
        if (!found || found.member_id !== input.memberId || found.game_code !== input.gameCode) {
          throw new AppError('free_round_not_found');
        }
        throw new AppError('free_rounds_used_up');
      }
      const ledger = ledgerIn(trx);
      const main = await ledger.memberMainAccount(grant.member_id);
      const entry = await ledger.post({
        brandId: grant.brand_id,
        idempotencyKey: freeRoundFundKey(grant.id, input.roundRef),
        kind: 'promotion_bonus',
        memo: `Free round ${grant.rounds_total - grant.rounds_left} of ${grant.rounds_total}`,
        createdBy: 'system',
        postings: [
          { system: 'bonus', amountMinor: -grant.stake_minor },
          { accountId: main.id, amountMinor: grant.stake_minor },
        ],
      });
      const n = grant.rounds_total - grant.rounds_left;
      await rounds.insertPlay({
        roundRef: input.roundRef,
        grantId: grant.id,
        n,
        fundEntryId: entry.entryId,
        at,
      });
      return {
        grantId: grant.id,
        stakeMinor: grant.stake_minor,
        n,
        total: grant.rounds_total,
        roundsLeft: grant.rounds_left,
      };
    });
  }

  /** The studio's debit did not go through: the round is given back and its funding reversed. */
  async giveBack(input: { roundRef: string }): Promise<void> {
    const at = this.#clock.now();
    try {
      await this.#uow.run(async ({ rounds, trx }) => {
        const play = await rounds.deletePlay(input.roundRef);
        if (!play) return;
        const grant = await rounds.grant(play.grant_id);
        if (!grant) return;
        await ledgerIn(trx).reverse({
          brandId: grant.brand_id,
          entryId: play.fund_entry_id,
          idempotencyKey: `${freeRoundFundKey(grant.id, input.roundRef)}:undo`,
          memo: 'Free round not played',
          createdBy: 'system',
        });
        await rounds.giveRoundBack(grant.id, at);
      });
    } catch (error) {
      // The stake stays with the player (e.g. spent meanwhile): logged for a person, never a lost round.
      this.#log?.error({ err: error, roundRef: input.roundRef }, 'free round give-back failed');
    }
  }

  /**
   * The round's credit landed: its payout is recorded once, and when the promotion has a wagering rule the
   * winnings join the application's bonus grant (locked until wagered), else they are cash.
   */
  async settled(input: { roundRef: string; payoutMinor: bigint }): Promise<void> {
    const at = this.#clock.now();
    await this.#uow.run(async ({ rounds }) => {
      const play = await rounds.settlePlay(input.roundRef, input.payoutMinor, at);
      if (!play || input.payoutMinor <= 0n) return;
      const grant = await rounds.grant(play.grant_id);
      if (!grant) return;
      const wagering = await rounds.wageringOf(grant.promotion_id);
      if (!wagering || wagering.wagering_multiple <= 0) return;
      await rounds.addWinnings({
        grant,
        payoutMinor: input.payoutMinor,
        requiredMinor: input.payoutMinor * BigInt(wagering.wagering_multiple),
        weights: wagering.wagering_weights,
        entryId: play.fund_entry_id,
        at,
      });
    });
  }
}
