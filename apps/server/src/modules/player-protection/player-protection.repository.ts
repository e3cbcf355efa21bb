import { sql } from 'kysely';
import { exclusionInForce } from '../../db/exclusion-rule.ts';
import type { ExclusionKind, PlayLimitKind, PlayLimitPeriod } from '../../db/tables/player-protection.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import { type AuditRecord, AuditRepository } from '../audit/audit.repository.ts';

/** One version of a limit (migration 0022 `play_limits`). */
export type LimitVersion = {
  id: bigint;
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  /** Minor units; minutes for `session`. */
  amount: bigint;
  effectiveFrom: Date;
  effectiveUntil: Date | null;
  createdAt: Date;
  createdBy: string;
};

/** A money limit in force with what counts against it this period (SQL `play_limits_in_force`). */
export type LimitInForce = {
  kind: Exclude<PlayLimitKind, 'session'>;
  period: Exclude<PlayLimitPeriod, 'session'>;
  amount: bigint;
  used: bigint;
  periodEnd: Date;
};

export type Exclusion = {
  id: bigint;
  kind: ExclusionKind;
  startsAt: Date;
  endsAt: Date | null;
  reason: string | null;
  createdBy: string;
  reopenRequestedAt: Date | null;
  inForce: boolean;
};

export type MemberSettings = { realityCheckMinutes: number; depositPromptAnsweredAt: Date | null };

/** A login session as the reality check and the overlay read it. */
export type PlaySessionRow = {
  memberId: bigint;
  createdAt: Date;
  realityCheckAt: Date | null;
  playEndsAt: Date | null;
};

export type NewLimitVersion = {
  memberId: bigint;
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  amount: bigint;
  effectiveFrom: Date;
  createdBy: string;
};

export type NewExclusion = {
  memberId: bigint;
  kind: ExclusionKind;
  startsAt: Date;
  endsAt: Date | null;
  reason: string | null;
  createdBy: string;
};

const VERSION_COLUMNS = [
  'id',
  'kind',
  'period',
  'amount',
  'effective_from',
  'effective_until',
  'created_at',
  'created_by',
] as const;

function versionOf(row: {
  id: bigint;
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  amount: bigint;
  effective_from: Date;
  effective_until: Date | null;
  created_at: Date;
  created_by: string;
}): LimitVersion {
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    amount: BigInt(row.amount),
    effectiveFrom: row.effective_from,
    effectiveUntil: row.effective_until,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

/**
 * The SQL of player protection (migration 0022): limit versions, the member's settings row (also the
 * per-member lock every change takes), exclusions, and the login session's reality-check fields.
 */
export class PlayerProtectionRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * Takes the member's protection lock for the rest of the transaction: upserts the settings row, then
   * `select … for update` on it. Every limit, setting and exclusion change of the member queues here, so
   * parallel changes each see the history the previous one left.
   */
  async lockMember(this: PlayerProtectionRepository<Tx>, memberId: bigint): Promise<MemberSettings> {
    await this.db
      .insertInto('member_protection')
      .values({ member_id: memberId })
      .onConflict((conflict) => conflict.column('member_id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('member_protection')
      .select(['reality_check_minutes', 'deposit_prompt_answered_at'])
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return {
      realityCheckMinutes: row.reality_check_minutes,
      depositPromptAnsweredAt: row.deposit_prompt_answered_at,
    };
  }

  /** The member's settings (the defaults when the member never changed one). */
  async settings(memberId: bigint): Promise<MemberSettings | undefined> {
    const row = await this.db
      .selectFrom('member_protection')
      .select(['reality_check_minutes', 'deposit_prompt_answered_at'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return (
      row && {
        realityCheckMinutes: row.reality_check_minutes,
        depositPromptAnsweredAt: row.deposit_prompt_answered_at,
      }
    );
  }

  async setRealityCheckMinutes(
    this: PlayerProtectionRepository<Tx>,
    memberId: bigint,
    minutes: number,
  ): Promise<void> {
    await this.db
      .updateTable('member_protection')
      .set({ reality_check_minutes: minutes })
      .where('member_id', '=', memberId)
      .execute();
  }

  async answerDepositPrompt(this: PlayerProtectionRepository<Tx>, memberId: bigint, at: Date): Promise<void> {
    await this.db
      .updateTable('member_protection')
      .set({ deposit_prompt_answered_at: sql<Date>`coalesce(deposit_prompt_answered_at, ${at})` })
      .where('member_id', '=', memberId)
      .execute();
  }

  /** Whether the member ever asked for a deposit (any status): the first-deposit prompt is behind them. */
  async hasDeposited(memberId: bigint): Promise<boolean> {
    const row = await this.db
      .selectFrom('deposits')
      .select('id')
      .where('member_id', '=', memberId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The money limits in force at `now` with what counts against each (the one definition, in SQL). */
  async limitsInForce(memberId: bigint, now: Date): Promise<LimitInForce[]> {
    const result = await sql<{
      kind: LimitInForce['kind'];
      period: LimitInForce['period'];
      amount: string | bigint;
      used: string | bigint;
      period_end: Date;
    }>`select kind, period, amount, used, period_end from play_limits_in_force(${memberId}, ${now})`.execute(
      this.db,
    );
    return result.rows.map((row) => ({
      kind: row.kind,
      period: row.period,
      amount: BigInt(row.amount),
      used: BigInt(row.used),
      periodEnd: new Date(row.period_end),
    }));
  }

  /**
   * The versions still in force or waiting at `now` (not ended before it), oldest first: per kind and
   * period at most the current one and one pending one.
   */
  async liveVersions(
    memberId: bigint,
    now: Date,
    only?: { kind: PlayLimitKind; period: PlayLimitPeriod },
  ): Promise<LimitVersion[]> {
    let query = this.db
      .selectFrom('play_limits')
      .select(VERSION_COLUMNS)
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('effective_until', 'is', null), eb('effective_until', '>', now)]));
    if (only) query = query.where('kind', '=', only.kind).where('period', '=', only.period);
    const rows = await query.orderBy('effective_from').orderBy('id').execute();
    return rows.map(versionOf);
  }

  /** Every version the member ever had, newest first (the operator's history). */
  async history(memberId: bigint): Promise<LimitVersion[]> {
    const rows = await this.db
      .selectFrom('play_limits')
      .select(VERSION_COLUMNS)
      .where('member_id', '=', memberId)
      .orderBy('effective_from', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(versionOf);
  }

  async insertVersion(this: PlayerProtectionRepository<Tx>, version: NewLimitVersion): Promise<void> {
    await this.db
      .insertInto('play_limits')
      .values({
        member_id: version.memberId,
        kind: version.kind,
        period: version.period,
        amount: version.amount,
        effective_from: version.effectiveFrom,
        created_by: version.createdBy,
      })
      .execute();
  }

  /** Ends a version at `until` (null: open-ended again, when a waiting change is cancelled). */
  async setVersionEnd(this: PlayerProtectionRepository<Tx>, id: bigint, until: Date | null): Promise<void> {
    await this.db.updateTable('play_limits').set({ effective_until: until }).where('id', '=', id).execute();
  }

  /**
   * Replaces the amount of a version that started at this very instant (a second change within one clock
   * tick): ending it "now" would give it no time in force at all, which the table's check refuses.
   */
  async setVersionAmount(this: PlayerProtectionRepository<Tx>, id: bigint, amount: bigint): Promise<void> {
    await this.db.updateTable('play_limits').set({ amount }).where('id', '=', id).execute();
  }

  /** Deletes a version that has not started yet (a cancelled or replaced pending change). */
  async deletePendingVersion(this: PlayerProtectionRepository<Tx>, id: bigint, now: Date): Promise<void> {
    await this.db.deleteFrom('play_limits').where('id', '=', id).where('effective_from', '>', now).execute();
  }

  /** The brand's currency and help organisations. */
  async brandOf(
    brandId: bigint,
  ): Promise<{ currency: string; currencySymbol: string; helpLinks: { name: string; url: string }[] }> {
    const row = await this.db
      .selectFrom('brands')
      .select(['currency', 'currency_symbol', 'protection_help_links'])
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow();
    return {
      currency: row.currency,
      currencySymbol: row.currency_symbol,
      helpLinks: row.protection_help_links,
    };
  }

  // ---- login sessions --------------------------------------------------------------------------------

  async playSession(sessionId: bigint): Promise<PlaySessionRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['member_id', 'created_at', 'reality_check_at', 'play_ends_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return (
      row && {
        memberId: row.member_id,
        createdAt: row.created_at,
        realityCheckAt: row.reality_check_at,
        playEndsAt: row.play_ends_at,
      }
    );
  }

  /**
   * A session time limit that applies now (a first or a lower one) binds the member's live login sessions
   * too: each ends at its start + `minutes`, or earlier if it already had an earlier end.
   */
  async bindLiveSessions(
    this: PlayerProtectionRepository<Tx>,
    memberId: bigint,
    minutes: number,
    now: Date,
  ): Promise<number> {
    const end = sql<Date>`created_at + ${minutes} * interval '1 minute'`;
    const result = await this.db
      .updateTable('sessions')
      .set({ play_ends_at: sql<Date>`least(coalesce(play_ends_at, ${end}), ${end})` })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async setRealityCheckAt(this: PlayerProtectionRepository<Tx>, sessionId: bigint, at: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ reality_check_at: at }).where('id', '=', sessionId).execute();
  }

  /**
   * Stakes and wins of the rounds the member started since `since`. `game_rounds` keeps each round's stake
   * (less its rolled-back debits) and payout, and its index (member_id, created_at desc) answers this
   * without reading the vendor transactions: a round belongs to the session it started in.
   */
  async playSince(memberId: bigint, since: Date): Promise<{ staked: bigint; won: bigint }> {
    const row = await this.db
      .selectFrom('game_rounds')
      .select([
        sql<string>`coalesce(sum(stake_minor), 0)::text`.as('staked'),
        sql<string>`coalesce(sum(payout_minor), 0)::text`.as('won'),
      ])
      .where('member_id', '=', memberId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { staked: BigInt(row.staked), won: BigInt(row.won) };
  }

  /** Live login sessions whose session time limit has passed (the `player-protection.session-limit` job). */
  async sessionsPastPlayLimit(
    now: Date,
    limit: number,
  ): Promise<{ sessionId: bigint; memberId: bigint; brandId: bigint }[]> {
    const rows = await this.db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['s.id', 's.member_id', 'm.brand_id'])
      .where('s.play_ends_at', '<=', now)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .orderBy('s.play_ends_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ sessionId: row.id, memberId: row.member_id, brandId: row.brand_id }));
  }

  // ---- exclusions --------------------------------------------------------------------------------------

  /** The member's exclusions, newest first, each with whether it keeps the account closed at `now`. */
  async exclusions(memberId: bigint, now: Date): Promise<Exclusion[]> {
    const rows = await this.db
      .selectFrom('play_exclusions as e')
      .select([
        'e.id',
        'e.kind',
        'e.starts_at',
        'e.ends_at',
        'e.reason',
        'e.created_by',
        'e.reopen_requested_at',
        exclusionInForce('e', now).as('in_force'),
      ])
      .where('e.member_id', '=', memberId)
      .orderBy('e.starts_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      reason: row.reason,
      createdBy: row.created_by,
      reopenRequestedAt: row.reopen_requested_at,
      inForce: row.in_force,
    }));
  }

  async insertExclusion(this: PlayerProtectionRepository<Tx>, exclusion: NewExclusion): Promise<Exclusion> {
    const row = await this.db
      .insertInto('play_exclusions')
      .values({
        member_id: exclusion.memberId,
        kind: exclusion.kind,
        starts_at: exclusion.startsAt,
        ends_at: exclusion.endsAt,
        reason: exclusion.reason,
        created_by: exclusion.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...exclusion, id: row.id, reopenRequestedAt: null, inForce: true };
  }

  async requestReopen(this: PlayerProtectionRepository<Tx>, id: bigint, at: Date): Promise<void> {
    await this.db
      .updateTable('play_exclusions')
      .set({ reopen_requested_at: at })
      .where('id', '=', id)
      .where('reopen_requested_at', 'is', null)
      .execute();
  }

  /** The one audit writer, on this repository's executor (the change's transaction). */
  audit(entry: AuditRecord): Promise<void> {
    return new AuditRepository(this.db).record(entry);
  }
}
