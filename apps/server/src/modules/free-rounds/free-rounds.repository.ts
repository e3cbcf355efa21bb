import { sql } from 'kysely';
import type { FreeRoundGrantRow, FreeRoundPlaysTable } from '../../db/tables/free-rounds.ts';
import type { WageringWeights } from '../../db/tables/promotion-engine.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** The studio's vendor code (inhouse-vendor's INHOUSE_VENDOR_CODE; not imported: the studio imports us). */
const STUDIO_VENDOR_CODE = 'LOTUS';

export type FreeRoundGrantView = FreeRoundGrantRow & {
  title: Record<string, string>;
  won_minor: bigint;
  node_id: string | null;
};
export type FreeRoundPlayRow = {
  round_ref: FreeRoundPlaysTable['round_ref'];
  grant_id: bigint;
  n: number;
  fund_entry_id: bigint;
};

/** SQL of free rounds (migration 0033). Write methods need the transaction (`this: …<Tx>`). */
export class FreeRoundsRepository<E extends Executor = Executor> extends Repository<E> {
  /** The member's grants, newest first, with the promotion's title and what their rounds paid. */
  async grantsOf(memberId: bigint): Promise<FreeRoundGrantView[]> {
    const rows = await this.db
      .selectFrom('free_round_grants as g')
      .innerJoin('promotions as p', 'p.id', 'g.promotion_id')
      .selectAll('g')
      .select('p.title')
      .select(
        sql<string>`(select coalesce(sum(payout_minor), 0) from free_round_plays f where f.grant_id = g.id)`.as(
          'won',
        ),
      )
      // The catalogue game the "Play" link opens (the studio's game of the grant's brand).
      .select(
        sql<string | null>`(select gm.id::text from games gm join vendors v on v.id = gm.vendor_id
          where gm.brand_id = g.brand_id and v.vassalage = ${STUDIO_VENDOR_CODE} and gm.game_code = g.game_code
          order by gm.id limit 1)`.as('node_id'),
      )
      .where('g.member_id', '=', memberId)
      .orderBy('g.id', 'desc')
      .limit(100)
      .execute();
    return rows.map(({ won, ...row }) => ({
      ...row,
      title: row.title as Record<string, string>,
      won_minor: BigInt(won),
    }));
  }

  async grant(id: bigint): Promise<FreeRoundGrantRow | undefined> {
    return this.db.selectFrom('free_round_grants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Takes one round: a conditional update, so concurrent plays can never take more rounds than are left
   * (each waits for the row lock and re-checks `rounds_left > 0`). Undefined when none was taken.
   */
  async takeRound(
    this: FreeRoundsRepository<Tx>,
    input: { grantId: bigint; memberId: bigint; gameCode: string; at: Date },
  ): Promise<FreeRoundGrantRow | undefined> {
    return this.db
      .updateTable('free_round_grants')
      .set({
        rounds_left: sql`rounds_left - 1`,
        status: sql`case when rounds_left = 1 then 'used' else 'active' end`,
        updated_at: input.at,
      })
      .where('id', '=', input.grantId)
      .where('member_id', '=', input.memberId)
      .where('game_code', '=', input.gameCode)
      .where('rounds_left', '>', 0)
      .returningAll()
      .executeTakeFirst();
  }

  async giveRoundBack(this: FreeRoundsRepository<Tx>, grantId: bigint, at: Date): Promise<void> {
    await this.db
      .updateTable('free_round_grants')
      .set({ rounds_left: sql`rounds_left + 1`, status: 'active', updated_at: at })
      .where('id', '=', grantId)
      .where('rounds_left', '<', sql<number>`rounds_total`)
      .execute();
  }

  async insertPlay(
    this: FreeRoundsRepository<Tx>,
    row: { roundRef: string; grantId: bigint; n: number; fundEntryId: bigint; at: Date },
  ): Promise<void> {
    await this.db
      .insertInto('free_round_plays')
      .values({
        round_ref: row.roundRef,
        grant_id: row.grantId,
        n: row.n,
        fund_entry_id: row.fundEntryId,
        created_at: row.at,
      })
      .execute();
  }

  async deletePlay(this: FreeRoundsRepository<Tx>, roundRef: string): Promise<FreeRoundPlayRow | undefined> {
    return this.db
      .deleteFrom('free_round_plays')
      .where('round_ref', '=', roundRef)
      .where('settled_at', 'is', null)
      .returning(['round_ref', 'grant_id', 'n', 'fund_entry_id'])
      .executeTakeFirst();
  }

  /** Records the round's payout once: undefined when the round is no free round or was recorded already. */
  async settlePlay(
    this: FreeRoundsRepository<Tx>,
    roundRef: string,
    payoutMinor: bigint,
    at: Date,
  ): Promise<FreeRoundPlayRow | undefined> {
    return this.db
      .updateTable('free_round_plays')
      .set({ payout_minor: payoutMinor, settled_at: at })
      .where('round_ref', '=', roundRef)
      .where('settled_at', 'is', null)
      .returning(['round_ref', 'grant_id', 'n', 'fund_entry_id'])
      .executeTakeFirst();
  }

  /** The wagering rule of the grant's promotion now (none when the rules are gone). */
  async wageringOf(
    promotionId: bigint,
  ): Promise<{ wagering_multiple: number; wagering_weights: WageringWeights } | undefined> {
    return this.db
      .selectFrom('promotion_rules')
      .select(['wagering_multiple', 'wagering_weights'])
      .where('promotion_id', '=', promotionId)
      .executeTakeFirst();
  }

  /**
   * Adds free-round winnings to the application's bonus grant (created by the first win): the amount it
   * locks grows by the payout and the turnover required by multiple × payout. A completed grant opens
   * again; a forfeited one is left alone (the player gave the bonus up: later winnings are cash).
   */
  async addWinnings(
    this: FreeRoundsRepository<Tx>,
    input: {
      grant: FreeRoundGrantRow;
      payoutMinor: bigint;
      requiredMinor: bigint;
      weights: WageringWeights;
      entryId: bigint;
      at: Date;
    },
  ): Promise<void> {
    const { grant } = input;
    await this.db
      .insertInto('bonus_grants')
      .values({
        brand_id: grant.brand_id,
        member_id: grant.member_id,
        promotion_id: grant.promotion_id,
        application_id: grant.application_id,
        amount_minor: input.payoutMinor,
        currency: grant.currency,
        wagering_required_minor: input.requiredMinor,
        weights: JSON.stringify(input.weights),
        status: 'open',
        entry_id: input.entryId,
        issued_at: input.at,
      })
      .onConflict((oc) =>
        oc
          .column('application_id')
          .doUpdateSet({
            amount_minor: sql`bonus_grants.amount_minor + excluded.amount_minor`,
            wagering_required_minor: sql`bonus_grants.wagering_required_minor + excluded.wagering_required_minor`,
            status: 'open',
            closed_at: null,
          })
          .where('bonus_grants.status', '<>', 'forfeited'),
      )
      .execute();
  }
}
