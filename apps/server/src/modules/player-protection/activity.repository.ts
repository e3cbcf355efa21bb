import { sql } from 'kysely';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/**
 * The member's money per UTC day (member_activity_days, migration 0022) and the protection reads the money
 * paths make in their own transactions (migration 0023: member_excluded, member_activity_add; migration
 * 0022: play_limits_in_force, the one definition of what counts against a limit).
 */

/** What one money movement adds to its day (minor units; a rollback's negative stake included). */
export type ActivityDelta = {
  depositedMinor?: bigint;
  withdrawnMinor?: bigint;
  stakedMinor?: bigint;
  wonMinor?: bigint;
  rounds?: number;
};

export type ActivityDayRow = {
  day: string;
  depositedMinor: bigint;
  withdrawnMinor: bigint;
  stakedMinor: bigint;
  wonMinor: bigint;
  rounds: number;
};

export class ActivityRepository<E extends Executor = Executor> extends Repository<E> {
  /** The days of `from`..`to` (both included, `YYYY-MM-DD`) that have a row, in order. */
  async days(memberId: bigint, from: string, to: string): Promise<ActivityDayRow[]> {
    const rows = await this.db
      .selectFrom('member_activity_days')
      .select([
        sql<string>`day::text`.as('day'),
        'deposited_minor',
        'withdrawn_minor',
        'staked_minor',
        'won_minor',
        'rounds',
      ])
      .where('member_id', '=', memberId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: row.day,
      depositedMinor: row.deposited_minor,
      withdrawnMinor: row.withdrawn_minor,
      stakedMinor: row.staked_minor,
      wonMinor: row.won_minor,
      rounds: row.rounds,
    }));
  }

  /** The brand's currency symbol, for the report's amounts. */
  async currencySymbol(brandId: bigint): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('brands')
      .select('currency_symbol')
      .where('id', '=', brandId)
      .executeTakeFirst();
    return row?.currency_symbol;
  }

  /** Adds a movement to the member's UTC day of `now` (one upsert; row-locks the day until commit). */
  async add(this: ActivityRepository<Tx>, memberId: bigint, now: Date, delta: ActivityDelta): Promise<void> {
    await sql`select member_activity_add(${String(memberId)}::int8, ${now}::timestamptz,
      ${String(delta.depositedMinor ?? 0n)}::int8, ${String(delta.withdrawnMinor ?? 0n)}::int8,
      ${String(delta.stakedMinor ?? 0n)}::int8, ${String(delta.wonMinor ?? 0n)}::int8,
      ${delta.rounds ?? 0}::int4)`.execute(this.db);
  }

  /**
   * Serialises the deposit requests of one member until commit, so two requests cannot both fit in the
   * same remaining deposit limit (the pending deposit each inserts counts against the next).
   */
  async lockDeposits(this: ActivityRepository<Tx>, memberId: bigint): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`deposit-limit:${memberId}`}::text, 0))`.execute(
      this.db,
    );
  }

  /** The smallest deposit allowance left over the deposit limits in force (≥ 0); null without one. */
  async depositRemaining(memberId: bigint, now: Date): Promise<bigint | null> {
    const { rows } = await sql<{ remaining: bigint | null }>`select min(f.amount - f.used) as remaining
      from play_limits_in_force(${String(memberId)}::int8, ${now}::timestamptz) f
     where f.kind = 'deposit'`.execute(this.db);
    const remaining = rows[0]?.remaining ?? null;
    return remaining === null ? null : remaining < 0n ? 0n : remaining;
  }

  /** An exclusion (cool-off, self-exclusion, operator's) is in force (member_excluded, migration 0023). */
  async excluded(memberId: bigint, now: Date): Promise<boolean> {
    const { rows } = await sql<{ excluded: boolean }>`select member_excluded(${String(memberId)}::int8,
      ${now}::timestamptz) as excluded`.execute(this.db);
    return rows[0]?.excluded === true;
  }
}
