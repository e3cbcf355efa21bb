import { sql } from 'kysely';
import type { SbMarketStatusColumn, SbOutcomeColumn } from '../../db/tables/sportsbook.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** The SQL of the operators' calls (docs/sportsbook.md "Corrections and voids"): liability, corrections. */

export type SelectionResultRow = {
  key: string;
  outcome: SbOutcomeColumn | null;
  deadHeatMilli: number | null;
};

export class SportsCorrectionsRepository<E extends Executor = Executor> extends Repository<E> {
  /** The market of the brand `FOR UPDATE` (a correction works on it alone), or undefined. */
  async lockMarketOfBrand(this: SportsCorrectionsRepository<Tx>, marketId: bigint, brandId: bigint) {
    return this.db
      .selectFrom('sb_markets as m')
      .innerJoin('sb_events as e', 'e.id', 'm.event_id')
      .select(['m.id', 'm.status', 'm.event_id as eventId'])
      .where('m.id', '=', marketId)
      .where('e.brand_id', '=', brandId)
      .forUpdate()
      .executeTakeFirst();
  }

  async selectionsOf(marketId: bigint): Promise<SelectionResultRow[]> {
    return this.db
      .selectFrom('sb_selections')
      .select(['sel_key as key', 'outcome', 'dead_heat_milli as deadHeatMilli'])
      .where('market_id', '=', marketId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Writes the corrected result: the selections' outcomes, the market's correction count and version. */
  async correctResult(
    this: SportsCorrectionsRepository<Tx>,
    correction: {
      marketId: bigint;
      previous: Record<string, unknown>;
      corrected: SelectionResultRow[];
      reason: string;
      correctedBy: string;
      at: Date;
    },
  ): Promise<bigint> {
    const row = await this.db
      .insertInto('sb_corrections')
      .values({
        market_id: correction.marketId,
        previous: JSON.stringify(correction.previous),
        corrected: JSON.stringify(
          Object.fromEntries(
            correction.corrected.map((one) => [
              one.key,
              { outcome: one.outcome, deadHeatMilli: one.deadHeatMilli },
            ]),
          ),
        ),
        reason: correction.reason,
        corrected_by: correction.correctedBy,
        created_at: correction.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const one of correction.corrected) {
      await this.db
        .updateTable('sb_selections')
        .set({ outcome: one.outcome, dead_heat_milli: one.deadHeatMilli })
        .where('market_id', '=', correction.marketId)
        .where('sel_key', '=', one.key)
        .execute();
    }
    await this.db
      .updateTable('sb_markets')
      .set({
        corrections: sql`corrections + 1`,
        version: sql`version + 1`,
        resulted_at: correction.at,
      })
      .where('id', '=', correction.marketId)
      .execute();
    return row.id;
  }

  /** The settled bets with a leg on the market, locked in id order (each is resettled once). */
  async lockSettledBetsOn(this: SportsCorrectionsRepository<Tx>, marketId: bigint): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('sb_bets as b')
      .select('b.id')
      .where('b.status', '=', 'settled')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sb_bet_legs as l')
            .select('l.leg_no')
            .whereRef('l.bet_id', '=', 'b.id')
            .where('l.market_id', '=', marketId),
        ),
      )
      .orderBy('b.id')
      .forUpdate()
      .execute();
    return rows.map((row) => row.id);
  }

  async setPayout(this: SportsCorrectionsRepository<Tx>, betId: bigint, payoutMinor: bigint): Promise<void> {
    await this.db.updateTable('sb_bets').set({ payout_minor: payoutMinor }).where('id', '=', betId).execute();
  }

  async insertAdjustment(
    this: SportsCorrectionsRepository<Tx>,
    adjustment: {
      betId: bigint;
      correctionId: bigint | null;
      reason: 'correction' | 'operator_void';
      previousPayoutMinor: bigint;
      payoutMinor: bigint;
      unrecoveredMinor: bigint;
      journalEntryId: bigint | null;
      at: Date;
    },
  ): Promise<void> {
    await this.db
      .insertInto('sb_adjustments')
      .values({
        bet_id: adjustment.betId,
        correction_id: adjustment.correctionId,
        reason: adjustment.reason,
        previous_payout_minor: adjustment.previousPayoutMinor,
        payout_minor: adjustment.payoutMinor,
        delta_minor: adjustment.payoutMinor - adjustment.previousPayoutMinor,
        unrecovered_minor: adjustment.unrecoveredMinor,
        journal_entry_id: adjustment.journalEntryId,
        created_at: adjustment.at,
      })
      .execute();
  }

  async eventOfBrand(eventId: bigint, brandId: bigint) {
    return this.db
      .selectFrom('sb_events as e')
      .leftJoin('sb_event_exposure as x', 'x.event_id', 'e.id')
      .select([
        'e.id',
        'e.status',
        'e.max_liability_minor as maxLiabilityMinor',
        sql<bigint>`coalesce(x.liability_minor, 0)`.as('liabilityMinor'),
      ])
      .where('e.id', '=', eventId)
      .where('e.brand_id', '=', brandId)
      .executeTakeFirst();
  }

  /** Each market of the event with each selection's exposure, and the stakes and bets standing on it. */
  async liabilityRows(eventId: bigint) {
    const rows = await sql<{
      market_id: bigint;
      market_type: string;
      param: string;
      line_milli: number;
      status: SbMarketStatusColumn;
      max_liability_minor: bigint;
      sel_key: string;
      liability_minor: bigint;
      stakes_minor: bigint;
      bets: number;
    }>`
      select m.id as market_id, m.market_type, m.param, m.line_milli, m.status, m.max_liability_minor,
        s.sel_key, coalesce(x.liability_minor, 0)::bigint as liability_minor,
        coalesce(sum(b.stake_minor), 0)::bigint as stakes_minor, count(b.id)::int as bets
      from sb_markets m
      join sb_selections s on s.market_id = m.id
      left join sb_exposure x on x.market_id = m.id and x.sel_key = s.sel_key
      left join sb_bet_legs l on l.selection_id = s.id
      left join sb_bets b on b.id = l.bet_id and b.status in ('pending', 'placed')
      where m.event_id = ${eventId}
      group by m.id, s.id, x.liability_minor
      order by m.sort, m.id, s.sort, s.id`.execute(this.db);
    return rows.rows.map((row) => ({
      ...row,
      market_id: BigInt(row.market_id),
      max_liability_minor: BigInt(row.max_liability_minor),
      liability_minor: BigInt(row.liability_minor),
      stakes_minor: BigInt(row.stakes_minor),
      bets: Number(row.bets),
    }));
  }
}
