import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { JackpotFundingReason, JackpotsTable } from '../../db/tables/jackpot.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type JackpotRow = Selectable<JackpotsTable>;

/** A jackpot with what its pot shows: the account's balance and the contributions not posted yet. */
export type JackpotRecord = JackpotRow & {
  currency: string;
  balance_minor: bigint;
  unposted_minor: bigint;
  unposted_count: number;
  games: string[];
};

export type PendingContribution = {
  id: bigint;
  member_id: bigint;
  round_id: string;
  stake_minor: bigint;
  amount_minor: bigint;
  one_in_minor: bigint;
};

export type JackpotTotals = {
  contributed_minor: bigint;
  contribution_count: number;
  funded_minor: bigint;
  paid_minor: bigint;
  win_count: number;
};

/** SQL of the progressive jackpots (migration 0032). The contribution rows are written by their trigger only. */
export class JackpotRepository<E extends Executor = Executor> extends Repository<E> {
  #records() {
    return this.db
      .selectFrom('jackpots as j')
      .innerJoin('ledger_accounts as a', 'a.id', 'j.account_id')
      .selectAll('j')
      .select((eb) => [
        'a.currency',
        'a.balance_minor',
        eb
          .selectFrom('jackpot_contributions as c')
          .select(sql<string>`coalesce(sum(c.amount_minor), 0)::text`.as('s'))
          .whereRef('c.jackpot_id', '=', 'j.id')
          .where('c.posted_at', 'is', null)
          .as('unposted_minor'),
        eb
          .selectFrom('jackpot_contributions as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('c.jackpot_id', '=', 'j.id')
          .where('c.posted_at', 'is', null)
          .as('unposted_count'),
        eb
          .selectFrom('jackpot_games as jg')
          .innerJoin('games as g', 'g.id', 'jg.game_id')
          .select(sql<string[]>`coalesce(array_agg(g.game_code order by g.game_code), '{}')`.as('codes'))
          .whereRef('jg.jackpot_id', '=', 'j.id')
          .as('games'),
      ]);
  }

  async list(brandId: bigint, activeOnly: boolean): Promise<JackpotRecord[]> {
    let query = this.#records().where('j.brand_id', '=', brandId);
    if (activeOnly) query = query.where('j.active', '=', true);
    const rows = await query.orderBy('j.id').execute();
    return rows.map(recordOf);
  }

  async byCode(brandId: bigint, code: string): Promise<JackpotRecord | undefined> {
    const row = await this.#records()
      .where('j.brand_id', '=', brandId)
      .where('j.code', '=', code)
      .executeTakeFirst();
    return row ? recordOf(row) : undefined;
  }

  async totals(jackpotId: bigint): Promise<JackpotTotals> {
    const row = await sql<JackpotTotals>`
      select
        (select coalesce(sum(amount_minor), 0) from jackpot_contributions where jackpot_id = ${jackpotId} and posted_at is not null) as contributed_minor,
        (select count(*)::int from jackpot_contributions where jackpot_id = ${jackpotId}) as contribution_count,
        (select coalesce(sum(amount_minor), 0) from jackpot_fundings where jackpot_id = ${jackpotId}) as funded_minor,
        (select coalesce(sum(amount_minor), 0) from jackpot_wins where jackpot_id = ${jackpotId}) as paid_minor,
        (select count(*)::int from jackpot_wins where jackpot_id = ${jackpotId}) as win_count`.execute(
      this.db,
    );
    const totals = row.rows[0];
    if (!totals) throw new Error('totals: no row');
    return {
      contributed_minor: BigInt(totals.contributed_minor),
      contribution_count: totals.contribution_count,
      funded_minor: BigInt(totals.funded_minor),
      paid_minor: BigInt(totals.paid_minor),
      win_count: totals.win_count,
    };
  }

  wins(jackpotId: bigint, limit: number) {
    return this.db
      .selectFrom('jackpot_wins')
      .selectAll()
      .where('jackpot_id', '=', jackpotId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  contributions(jackpotId: bigint, limit: number) {
    return this.db
      .selectFrom('jackpot_contributions')
      .selectAll()
      .where('jackpot_id', '=', jackpotId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Jackpots with contributions waiting for the job, across brands. */
  async withUnposted(): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('jackpot_contributions')
      .select('jackpot_id')
      .distinct()
      .where('posted_at', 'is', null)
      .execute();
    return rows.map((row) => row.jackpot_id);
  }

  /** The brand's in-house games with these codes (the only games a jackpot may cover). */
  inhouseGames(brandId: bigint, codes: readonly string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('games as g')
      .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
      .select(['g.id', 'g.game_code'])
      .where('g.brand_id', '=', brandId)
      .where('v.integration', '=', 'inhouse')
      .where('g.game_code', 'in', codes)
      .execute();
  }

  async brandIdByCode(code: string): Promise<bigint | undefined> {
    const row = await this.db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirst();
    return row?.id;
  }

  /** The brand's ledger currency: a pot is kept in it. */
  potCurrency(brandId: bigint): Promise<{ currency: string }> {
    return this.db
      .selectFrom('brands')
      .select(['currency'])
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow();
  }

  /** The winner's account name and the brand's symbol, for the public winner board. */
  winnerOf(memberId: bigint) {
    return this.db
      .selectFrom('members as m')
      .innerJoin('brands as b', 'b.id', 'm.brand_id')
      .select(['m.username', 'b.currency_symbol'])
      .where('m.id', '=', memberId)
      .executeTakeFirst();
  }

  // --- writes (the caller's transaction) ---

  /** The jackpot's pot: an owned `jackpot` account (migration 0026), made once. */
  async ensurePot(
    this: JackpotRepository<Tx>,
    brandId: bigint,
    code: string,
    currency: string,
  ): Promise<bigint> {
    await this.db
      .insertInto('ledger_accounts')
      .values({ brand_id: brandId, kind: 'jackpot', vendor_code: code, currency, pool_slot: 0 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await this.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('kind', '=', 'jackpot')
      .where('vendor_code', '=', code)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  insertJackpot(
    this: JackpotRepository<Tx>,
    values: {
      brandId: bigint;
      code: string;
      nameEn: string;
      nameHi: string;
      contributionBps: number;
      seedMinor: bigint;
      oneInMinor: bigint;
      accountId: bigint;
    },
  ) {
    return this.db
      .insertInto('jackpots')
      .values({
        brand_id: values.brandId,
        code: values.code,
        name_en: values.nameEn,
        name_hi: values.nameHi,
        contribution_bps: values.contributionBps,
        seed_minor: values.seedMinor,
        one_in_minor: values.oneInMinor,
        account_id: values.accountId,
      })
      .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Locks the jackpot for its job run or a change of settings. `for no key update`: the settling rounds'
   * contribution rows reference it (a key-share lock), and must not wait for the job.
   */
  lock(this: JackpotRepository<Tx>, brandId: bigint | null, idOrCode: bigint | string) {
    let query = this.db.selectFrom('jackpots').selectAll();
    query =
      typeof idOrCode === 'bigint' ? query.where('id', '=', idOrCode) : query.where('code', '=', idOrCode);
    if (brandId !== null) query = query.where('brand_id', '=', brandId);
    return query.forNoKeyUpdate().executeTakeFirst();
  }

  async update(
    this: JackpotRepository<Tx>,
    id: bigint,
    values: Partial<{
      name_en: string;
      name_hi: string;
      contribution_bps: number;
      seed_minor: bigint;
      one_in_minor: bigint;
      active: boolean;
    }>,
  ): Promise<void> {
    await this.db
      .updateTable('jackpots')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Replaces the jackpot's games; `jackpot_game_taken` is the caller's to map (unique game_id). */
  async setGames(this: JackpotRepository<Tx>, jackpotId: bigint, gameIds: readonly bigint[]): Promise<void> {
    await this.db.deleteFrom('jackpot_games').where('jackpot_id', '=', jackpotId).execute();
    if (gameIds.length === 0) return;
    await this.db
      .insertInto('jackpot_games')
      .values(gameIds.map((gameId) => ({ jackpot_id: jackpotId, game_id: gameId })))
      .execute();
  }

  /** The oldest unposted contributions, locked (only the job posts them, under the jackpot's lock). */
  pending(this: JackpotRepository<Tx>, jackpotId: bigint, limit: number): Promise<PendingContribution[]> {
    return this.db
      .selectFrom('jackpot_contributions')
      .select(['id', 'member_id', 'round_id', 'stake_minor', 'amount_minor', 'one_in_minor'])
      .where('jackpot_id', '=', jackpotId)
      .where('posted_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .execute();
  }

  async markPosted(
    this: JackpotRepository<Tx>,
    ids: readonly bigint[],
    entryId: bigint | null,
    wonIds: ReadonlySet<bigint>,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('jackpot_contributions')
      .set({
        posted_at: sql`now()`,
        entry_id: entryId,
        won: sql<boolean>`id = any(${sql.val([...wonIds].map(String))}::bigint[])`,
      })
      .where('id', 'in', ids)
      .where('posted_at', 'is', null)
      .execute();
  }

  /**
   * Locks the winners' main accounts before the job's entries touch the house: a settling round locks its
   * member's account first and the house after it, and the job must take them in that order too.
   */
  async lockAccounts(this: JackpotRepository<Tx>, accountIds: readonly bigint[]): Promise<void> {
    if (accountIds.length === 0) return;
    await this.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('id', 'in', accountIds)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  async potBalance(this: JackpotRepository<Tx>, accountId: bigint): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.balance_minor;
  }

  insertWin(
    this: JackpotRepository<Tx>,
    win: {
      jackpotId: bigint;
      contributionId: bigint;
      memberId: bigint;
      roundId: string;
      amountMinor: bigint;
      entryId: bigint | null;
    },
  ) {
    return this.db
      .insertInto('jackpot_wins')
      .values({
        jackpot_id: win.jackpotId,
        contribution_id: win.contributionId,
        member_id: win.memberId,
        round_id: win.roundId,
        amount_minor: win.amountMinor,
        win_entry_id: win.entryId,
      })
      .onConflict((oc) => oc.column('contribution_id').doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
  }

  async insertFunding(
    this: JackpotRepository<Tx>,
    funding: { jackpotId: bigint; entryId: bigint; amountMinor: bigint; reason: JackpotFundingReason },
  ): Promise<void> {
    await this.db
      .insertInto('jackpot_fundings')
      .values({
        jackpot_id: funding.jackpotId,
        entry_id: funding.entryId,
        amount_minor: funding.amountMinor,
        reason: funding.reason,
      })
      .onConflict((oc) => oc.column('entry_id').doNothing())
      .execute();
  }

  /** Tells every process's realtime hub, at commit, that the brand's pot changed (a win, a top-up). */
  async announce(this: JackpotRepository<Tx>, brandId: bigint): Promise<void> {
    await sql`select pg_notify('lotus_jackpot', ${String(brandId)})`.execute(this.db);
  }
}

type RawRecord = Omit<JackpotRecord, 'unposted_minor' | 'unposted_count' | 'games'> & {
  unposted_minor: string | null;
  unposted_count: number | null;
  games: string[] | null;
};

function recordOf(row: RawRecord): JackpotRecord {
  return {
    ...row,
    unposted_minor: BigInt(row.unposted_minor ?? '0'),
    unposted_count: Number(row.unposted_count ?? 0),
    games: row.games ?? [],
  };
}
