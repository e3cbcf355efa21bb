import { type Expression, type RawBuilder, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/**
 * The round plumbing the in-house books share (docs/architecture.md "In-house books"): the lottery engine
 * (a slip per round) and the sportsbook (a bet per round) keep the same kinds of rows under their own
 * table names — browser sessions opened from a launch token, rounds moved between statuses by one guarded
 * UPDATE, exposure rows raised by one conditional upsert, a round's lines settled together. Each book's
 * repository names its tables here; the SQL is written once.
 */

/** Tables of a book's browser sessions (the same columns: migrations 0034, 0035 and 0037). */
export type BookSessionTable = 'lottery_sessions' | 'sb_sessions' | 'live_sessions';

/** A book's session: the wallet session and player it stands for (the browser holds only its token). */
export type BookSession = {
  id: bigint;
  playerRef: string;
  walletSession: string;
  currency: string;
  language: string;
  expiresAt: Date;
};

/** Tables of a book's rounds: a status, `placed_at` when placed, `finished_at` when it ends. */
export type BookRoundTable = 'lottery_slips' | 'sb_bets' | 'live_bets';
export type RoundStatusOf<T extends BookRoundTable> =
  Selectable<Database[T]> extends { status: infer S } ? S : never;
/** What else a status move writes (the refusal, the payout, …); the move writes status and time itself. */
export type RoundMoveExtra<T extends BookRoundTable> = Omit<
  Updateable<Database[T]>,
  'id' | 'status' | 'placed_at' | 'finished_at'
>;

/** Exposure tables and the column each sums (the rest of their columns are the row's key). */
const EXPOSURE_AMOUNT = {
  lottery_exposure: 'payout_minor',
  sb_exposure: 'liability_minor',
  sb_event_exposure: 'liability_minor',
  live_exposure: 'amount_minor',
} as const;
export type ExposureTable = keyof typeof EXPOSURE_AMOUNT;
export type ExposureKey<T extends ExposureTable> = Omit<Selectable<Database[T]>, (typeof EXPOSURE_AMOUNT)[T]>;

/**
 * Tables of a round's lines (a slip's lines, a bet's legs): the round's column, the line's number, and the
 * SQL type of each column settlement writes (a VALUES list needs them: its parameters carry no type).
 */
const LINE_TABLES = {
  lottery_lines: { round: 'slip_id', line: 'line_no', types: { payout_minor: 'bigint' } },
  sb_bet_legs: { round: 'bet_id', line: 'leg_no', types: { outcome: 'text', dead_heat_milli: 'integer' } },
  live_bet_spots: { round: 'bet_id', line: 'spot_no', types: { pay_minor: 'bigint' } },
} as const;
export type LineTable = keyof typeof LINE_TABLES;
export type LineValues<T extends LineTable> = { lineNo: number } & {
  [C in keyof (typeof LINE_TABLES)[T]['types']]: C extends keyof Selectable<Database[T]>
    ? Selectable<Database[T]>[C]
    : never;
};

/** `column = value and …` for an exposure row's key. */
function keyMatch(key: object) {
  const terms = Object.entries(key).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  return sql.join(terms, sql` and `);
}

export class InhouseRoundsRepository<E extends Executor = Executor> extends Repository<E> {
  async createSession(
    this: InhouseRoundsRepository<Tx>,
    table: BookSessionTable,
    tokenHash: string,
    session: Omit<BookSession, 'id'>,
  ): Promise<void> {
    await this.db
      .insertInto(table)
      .values({
        token_hash: tokenHash,
        player_ref: session.playerRef,
        wallet_session: session.walletSession,
        currency: session.currency,
        language: session.language,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  async sessionByTokenHash(table: BookSessionTable, tokenHash: string): Promise<BookSession | undefined> {
    const row = await this.db
      .selectFrom(table)
      .select([
        'id',
        'player_ref as playerRef',
        'wallet_session as walletSession',
        'currency',
        'language',
        'expires_at as expiresAt',
      ])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { ...row, expiresAt: new Date(row.expiresAt) };
  }

  /**
   * Moves a round from `from` to `to` (guarded: a second run, or another process, finds it moved and
   * changes nothing). True when this call moved it.
   */
  async moveRound<T extends BookRoundTable>(
    this: InhouseRoundsRepository<Tx>,
    table: T,
    id: bigint,
    from: RoundStatusOf<T>,
    to: RoundStatusOf<T>,
    at: Date,
    extra?: RoundMoveExtra<T>,
  ): Promise<boolean> {
    // An absent field is left alone; an explicit null is written (a payout cleared by a void).
    const set = Object.entries({ ...extra, [to === 'placed' ? 'placed_at' : 'finished_at']: at })
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
    const result = await sql<{ id: bigint }>`
      update ${sql.table(table)} set status = ${to}, ${sql.join(set)}
      where id = ${id} and status = ${from}
      returning id`.execute(this.db);
    return result.rows.length > 0;
  }

  /**
   * Adds to an exposure row in one statement that succeeds only while the sum stays within `max`:
   * concurrent rounds serialise on the row, so they cannot pass the limit together. False when it would.
   */
  async addExposure<T extends ExposureTable>(
    this: InhouseRoundsRepository<Tx>,
    table: T,
    key: ExposureKey<T>,
    amountMinor: bigint,
    maxMinor: bigint,
  ): Promise<boolean> {
    if (amountMinor > maxMinor) return false;
    const amount = EXPOSURE_AMOUNT[table];
    const keys = Object.entries(key as Record<string, unknown>);
    const keyColumns = sql.join(keys.map(([column]) => sql.ref(column)));
    const sum = sql`${sql.ref(`${table}.${amount}`)} + ${sql.ref(`excluded.${amount}`)}`;
    const result = await sql<{ amount: bigint }>`
      insert into ${sql.table(table)} (${keyColumns}, ${sql.ref(amount)})
      values (${sql.join(keys.map(([, value]) => value))}, ${amountMinor})
      on conflict (${keyColumns}) do update set ${sql.ref(amount)} = ${sum}
        where ${sum} <= ${maxMinor}
      returning ${sql.ref(amount)} as amount`.execute(this.db);
    return result.rows.length > 0;
  }

  /** An exposure row's sum now (0 when the row is not there yet). */
  async exposureMinor<T extends ExposureTable>(table: T, key: ExposureKey<T>): Promise<bigint> {
    const amount = sql.ref(EXPOSURE_AMOUNT[table]);
    const result = await sql<{ amount: bigint }>`
      select ${amount} as amount from ${sql.table(table)} where ${keyMatch(key)}`.execute(this.db);
    const row = result.rows[0];
    return row ? BigInt(row.amount) : 0n;
  }

  /** Takes `amountMinor` back out of an exposure row, never below zero (the round stands for nothing). */
  async releaseExposure<T extends ExposureTable>(
    this: InhouseRoundsRepository<Tx>,
    table: T,
    key: ExposureKey<T>,
    amountMinor: bigint,
  ): Promise<void> {
    const amount = sql.ref(EXPOSURE_AMOUNT[table]);
    await sql`
      update ${sql.table(table)} set ${amount} = greatest(${amount} - ${amountMinor}, 0)
      where ${keyMatch(key)}`.execute(this.db);
  }

  /**
   * Writes each line's settled columns of one round in ONE statement (UPDATE … FROM (VALUES …)), instead of
   * a statement per line.
   */
  async setLines<T extends LineTable>(
    this: InhouseRoundsRepository<Tx>,
    table: T,
    roundId: bigint,
    lines: readonly LineValues<T>[],
  ): Promise<void> {
    if (lines.length === 0) return;
    const { round, line, types } = LINE_TABLES[table];
    const columns = Object.entries(types as Record<string, string>);
    const rows = lines.map((values) => {
      const cells = columns.map(
        ([column, type]) => sql`cast(${(values as Record<string, unknown>)[column]} as ${sql.raw(type)})`,
      );
      return sql`(cast(${values.lineNo} as integer), ${sql.join(cells)})`;
    });
    const names = sql.join(columns.map(([column]) => sql.ref(column)));
    const assignments = columns.map(([column]) => sql`${sql.ref(column)} = ${sql.ref(`v.${column}`)}`);
    await sql`
      update ${sql.table(table)} set ${sql.join(assignments)}
      from (values ${sql.join(rows)}) as v (line_no, ${names})
      where ${sql.ref(`${table}.${round}`)} = ${roundId} and ${sql.ref(`${table}.${line}`)} = v.line_no`.execute(
      this.db,
    );
  }
}

/**
 * The ids of rounds still `pending` (debit in flight or lost) written before `before`, oldest `limit` of
 * them, as a subquery for the book's own select (`where id in (…)`: one statement); `within` narrows them to
 * rows whose column is in another subquery (the lottery's open draws lead to its (draw, status) index).
 */
export function stalePendingIds(
  table: BookRoundTable,
  before: Date,
  limit: number,
  within?: { column: 'draw_id'; in: Expression<{ id: bigint }> },
): RawBuilder<bigint> {
  // Kysely puts a nested select in parentheses itself.
  const narrowed = within ? sql`and ${sql.ref(within.column)} in ${within.in}` : sql``;
  return sql<bigint>`(
    select id from ${sql.table(table)}
    where status = 'pending' and created_at < ${before} ${narrowed}
    order by id limit ${limit})`;
}
