import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPreparedTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../../test/helpers/test-database.ts';
import { createMigrator } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import type { GameRoundStatus, VendorTxnKind, VendorTxnStatus } from '../../db/tables/games.ts';
import {
  nextRoundState,
  ROUND_STATES,
  ROUND_TRANSITIONS,
  type RoundEvent,
  roundDecision,
  TXN_TRANSITIONS,
} from './round-state.ts';

/**
 * The round and transaction state machines: the table of round-state.ts, its rules, and migration 0013's
 * triggers and constraints, which must allow exactly the table's transitions whatever SQL is run.
 */

const EVENTS: RoundEvent[] = ['debit', 'credit', 'close', 'rollback', 'rollback_last'];

describe('round-state.ts', () => {
  it('allows open → settled and open → rolled_back, and nothing out of a settled or rolled-back round', () => {
    const transitions = ROUND_STATES.flatMap((from) =>
      EVENTS.flatMap((event) => {
        const to = nextRoundState(from, event);
        return to && to !== from ? [`${from} -${event}→ ${to}`] : [];
      }),
    );
    expect(transitions).toEqual(['open -close→ settled', 'open -rollback_last→ rolled_back']);
    for (const event of EVENTS) {
      expect(nextRoundState('settled', event)).toBeNull();
      expect(nextRoundState('rolled_back', event)).toBeNull();
    }
  });

  it('decides each call: owner, closed rounds, a stake for a win, no credit for a rollback', () => {
    const open = { status: 'open' as const, memberId: 1n, stakeMinor: 500n, creditCount: 0 };
    const win = { call: 'credit' as const, close: false, funded: false };
    expect(roundDecision(undefined, 1n, { call: 'debit' })).toEqual({ event: 'debit' });
    expect(roundDecision({ ...open, memberId: 2n }, 1n, { call: 'debit' })).toEqual({
      refuse: 'ROUND_CLOSED',
    });
    expect(roundDecision(undefined, 1n, win)).toEqual({ refuse: 'BET_NOT_FOUND' });
    expect(roundDecision({ ...open, stakeMinor: 0n }, 1n, win)).toEqual({ refuse: 'BET_NOT_FOUND' });
    expect(roundDecision({ ...open, memberId: 2n }, 1n, win)).toEqual({ refuse: 'ROUND_CLOSED' });
    expect(roundDecision(undefined, 1n, { ...win, funded: true, close: true })).toEqual({ event: 'close' });
    expect(roundDecision(open, 1n, { ...win, close: true })).toEqual({ event: 'close' });
    expect(roundDecision({ ...open, status: 'settled' }, 1n, win)).toEqual({ refuse: 'ROUND_CLOSED' });
    expect(roundDecision(open, 1n, { call: 'rollback', amountMinor: 500n })).toEqual({
      event: 'rollback_last',
    });
    expect(roundDecision(open, 1n, { call: 'rollback', amountMinor: 200n })).toEqual({ event: 'rollback' });
    expect(roundDecision({ ...open, creditCount: 1 }, 1n, { call: 'rollback', amountMinor: 200n })).toEqual({
      refuse: 'ROUND_HAS_CREDIT',
    });
    expect(
      roundDecision({ ...open, status: 'settled', creditCount: 1 }, 1n, {
        call: 'rollback',
        amountMinor: 1n,
      }),
    ).toEqual({
      refuse: 'ROUND_CLOSED',
    });
  });
});

describe.each(testBackends())('migration 0013: the state machines in the database [%s]', (backend) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let ids: { brandId: bigint; vendorId: bigint; memberId: bigint };

  beforeAll(async () => {
    database = await createPreparedTestDatabase(backend);
    db = database.db;
    const brand = await db
      .selectFrom('brands')
      .select('id')
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow();
    const vendor = await db
      .selectFrom('vendors')
      .select('id')
      .where('brand_id', '=', brand.id)
      .where('vassalage', '=', 'LOTUS')
      .executeTakeFirstOrThrow();
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', brand.id)
      .executeTakeFirstOrThrow();
    ids = { brandId: brand.id, vendorId: vendor.id, memberId: member.id };
  });
  afterAll(async () => {
    await database?.close();
  });

  async function insertRound(
    status: GameRoundStatus,
    fields: { stake?: bigint; payout?: bigint; credits?: number } = {},
  ): Promise<string> {
    const roundId = `st-${randomUUID()}`;
    await db
      .insertInto('game_rounds')
      .values({
        brand_id: ids.brandId,
        vendor_id: ids.vendorId,
        member_id: ids.memberId,
        game_id: null,
        round_id: roundId,
        stake_minor: fields.stake ?? (status === 'rolled_back' ? 0n : 1_000n),
        payout_minor: fields.payout ?? 0n,
        status,
        settled_at: status === 'settled' ? new Date() : null,
        credit_count: fields.credits ?? 0,
      })
      .execute();
    return roundId;
  }

  async function insertTxn(
    executor: Kysely<Database>,
    kind: VendorTxnKind,
    status: VendorTxnStatus,
    roundId: string,
    creditKind: 'win' | 'free_round' | null = kind === 'credit' ? 'win' : null,
  ): Promise<string> {
    const txnId = `st-${randomUUID()}`;
    await executor
      .insertInto('vendor_transactions')
      .values({
        vendor_id: ids.vendorId,
        txn_id: txnId,
        brand_id: ids.brandId,
        member_id: ids.memberId,
        kind,
        round_id: roundId,
        game_id: null,
        amount_minor: 1_000n,
        target_txn_id: kind === 'rollback' ? 'some-debit' : null,
        credit_kind: creditKind,
        status,
        entry_id: null,
        request_hash: '0'.repeat(64),
        response: null,
      })
      .execute();
    return txnId;
  }

  /** Whether the database accepts the update (rolled back either way, so each attempt starts equal). */
  async function accepts(work: (trx: Kysely<Database>) => Promise<unknown>): Promise<boolean> {
    const accepted = Symbol('accepted');
    try {
      await db.transaction().execute(async (trx) => {
        await work(trx);
        throw accepted;
      });
    } catch (error) {
      if (error === accepted) return true;
      if (
        /never change|not a transition|only a round|taken back|rolls back only|needs a standing|check constraint|violates/.test(
          String((error as Error).message),
        )
      )
        return false;
      throw error;
    }
    return true;
  }

  it('a round status changes only as round-state.ts allows', async () => {
    for (const from of ROUND_STATES) {
      for (const to of ROUND_STATES) {
        if (from === to) continue;
        // A round that could roll back or settle by its guards (no credit, no stake left to roll back).
        const roundId = await insertRound(from, {
          stake: from === 'rolled_back' || to === 'rolled_back' ? 0n : 1_000n,
        });
        const accepted = await accepts((trx) =>
          trx
            .updateTable('game_rounds')
            .set({ status: to, settled_at: to === 'settled' ? new Date() : null })
            .where('round_id', '=', roundId)
            .execute(),
        );
        const allowed = Object.values(ROUND_TRANSITIONS[from]).includes(to);
        expect(accepted, `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it('nothing changes a settled or rolled-back round; an open one keeps its credits and rolls back only without one', async () => {
    for (const status of ['settled', 'rolled_back'] as const) {
      const roundId = await insertRound(status);
      for (const change of [
        { stake_minor: 5n },
        { payout_minor: 5n },
        { credit_count: 3 },
        { status: 'open' as const, settled_at: null },
      ]) {
        expect(
          await accepts((trx) =>
            trx.updateTable('game_rounds').set(change).where('round_id', '=', roundId).execute(),
          ),
          `${status} ${Object.keys(change).join(', ')}`,
        ).toBe(false);
      }
    }
    const credited = await insertRound('open', { stake: 0n, payout: 300n, credits: 1 });
    const set = (change: object) => (trx: Kysely<Database>) =>
      trx.updateTable('game_rounds').set(change).where('round_id', '=', credited).execute();
    expect(await accepts(set({ status: 'rolled_back' }))).toBe(false);
    expect(await accepts(set({ credit_count: 0 }))).toBe(false);
    expect(await accepts(set({ payout_minor: 0n }))).toBe(false);
    expect(await accepts(set({ member_id: ids.memberId + 1_000_000n }))).toBe(false);
    expect(await accepts(set({ payout_minor: 900n, credit_count: 2 }))).toBe(true);
    expect(await accepts(set({ status: 'settled', settled_at: new Date() }))).toBe(true);
    // The settled_at check: set exactly when settled.
    expect(await accepts(set({ status: 'settled' }))).toBe(false);
  });

  it('a transaction status changes only by a debit applied → rolled_back, on an open round without a credit', async () => {
    const statuses: Record<VendorTxnKind, VendorTxnStatus[]> = {
      debit: ['applied', 'rolled_back', 'refused'],
      credit: ['applied', 'refused'],
      rollback: ['applied', 'rollback_first', 'refused'],
    };
    const all: VendorTxnStatus[] = ['applied', 'rolled_back', 'rollback_first', 'refused'];
    for (const kind of ['debit', 'credit', 'rollback'] as const) {
      for (const from of statuses[kind]) {
        for (const to of all) {
          if (from === to) continue;
          const roundId = await insertRound('open');
          const txnId = await insertTxn(db, kind, from, roundId);
          const accepted = await accepts((trx) =>
            trx.updateTable('vendor_transactions').set({ status: to }).where('txn_id', '=', txnId).execute(),
          );
          const table: Partial<Record<string, Partial<Record<string, readonly string[]>>>> = TXN_TRANSITIONS;
          expect(accepted, `${kind} ${from} → ${to}`).toBe(table[kind]?.[from]?.includes(to) ?? false);
        }
      }
    }
    for (const [status, credits] of [
      ['settled', 0],
      ['open', 1],
    ] as const) {
      const roundId = await insertRound(status, { credits });
      const debit = await insertTxn(db, 'debit', 'applied', roundId);
      expect(
        await accepts((trx) =>
          trx
            .updateTable('vendor_transactions')
            .set({ status: 'rolled_back' })
            .where('txn_id', '=', debit)
            .execute(),
        ),
        `debit rollback on a ${status} round with ${credits} credit(s)`,
      ).toBe(false);
    }
    const roundId = await insertRound('open');
    const debit = await insertTxn(db, 'debit', 'applied', roundId);
    expect(
      await accepts((trx) =>
        trx
          .updateTable('vendor_transactions')
          .set({ amount_minor: 1n })
          .where('txn_id', '=', debit)
          .execute(),
      ),
    ).toBe(false);
  });

  it('an applied win needs a standing debit on an open round of its player; a free round does not', async () => {
    const unknownRound = `st-${randomUUID()}`;
    expect(await accepts((trx) => insertTxn(trx, 'credit', 'applied', unknownRound))).toBe(false);
    expect(await accepts((trx) => insertTxn(trx, 'credit', 'refused', unknownRound))).toBe(true);
    expect(await accepts((trx) => insertTxn(trx, 'credit', 'applied', unknownRound, 'free_round'))).toBe(
      true,
    );
    const noStake = await insertRound('open', { stake: 0n, credits: 1 });
    expect(await accepts((trx) => insertTxn(trx, 'credit', 'applied', noStake))).toBe(false);
    const staked = await insertRound('open');
    expect(await accepts((trx) => insertTxn(trx, 'credit', 'applied', staked))).toBe(true);
    const settled = await insertRound('settled');
    expect(await accepts((trx) => insertTxn(trx, 'credit', 'applied', settled))).toBe(false);
    expect(await accepts((trx) => insertTxn(trx, 'credit', 'applied', staked, null))).toBe(false);
    expect(await accepts((trx) => insertTxn(trx, 'debit', 'applied', staked, 'win'))).toBe(false);
  });

  it('existing rows migrate: credits counted, every credit a win, a round rolled back after its win kept', async () => {
    const migrator = createMigrator(db);
    // Back to just before 0013 (undoing the later migrations on the way), as a database of 29a3a05 was.
    const down = await migrator.migrateTo('0012_vip_ranks');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName).at(-1)).toBe('0013_round_state_machine');
    const legacy = await insertLegacyRows();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rounds = await db
      .selectFrom('game_rounds')
      .select(['round_id', 'status', 'credit_count'])
      .where('round_id', 'in', legacy.rounds)
      .orderBy('round_id')
      .execute();
    expect(rounds.map((row) => [row.status, row.credit_count])).toEqual([
      ['settled', 2],
      ['rolled_back', 1],
      ['open', 0],
    ]);
    const kinds = await db
      .selectFrom('vendor_transactions')
      .select(['kind', 'credit_kind'])
      .where('round_id', 'in', legacy.rounds)
      .execute();
    for (const row of kinds) expect(row.credit_kind).toBe(row.kind === 'credit' ? 'win' : null);
  });

  /** Rows as 0008 and the code before issue 14 could leave them, written with 0013 undone. */
  async function insertLegacyRows(): Promise<{ rounds: string[] }> {
    const rounds = ['lg-a', 'lg-b', 'lg-c'].map((label) => `${label}-${randomUUID()}`);
    const [settled, rolledBackAfterWin, open] = rounds as [string, string, string];
    const round = (
      roundId: string,
      status: GameRoundStatus,
      stake: bigint,
      payout: bigint,
      settledAt: Date | null,
    ) =>
      sql`insert into game_rounds (brand_id, vendor_id, member_id, round_id, stake_minor, payout_minor, status, settled_at)
          values (${ids.brandId}, ${ids.vendorId}, ${ids.memberId}, ${roundId}, ${stake}, ${payout}, ${status}, ${settledAt})`.execute(
        db,
      );
    const txn = (roundId: string, kind: VendorTxnKind, status: VendorTxnStatus) =>
      sql`insert into vendor_transactions (vendor_id, txn_id, brand_id, member_id, kind, round_id, amount_minor,
            target_txn_id, status, request_hash)
          values (${ids.vendorId}, ${`lg-${randomUUID()}`}, ${ids.brandId}, ${ids.memberId}, ${kind}, ${roundId}, 100,
            ${kind === 'rollback' ? 'x' : null}, ${status}, ${'0'.repeat(64)})`.execute(db);
    await round(settled, 'settled', 100n, 300n, new Date());
    await txn(settled, 'debit', 'applied');
    await txn(settled, 'credit', 'applied');
    await txn(settled, 'credit', 'applied');
    await txn(settled, 'credit', 'refused');
    // The bug of issue 14: settled by a win, then its debit rolled back.
    await round(rolledBackAfterWin, 'rolled_back', 0n, 1_900n, new Date());
    await txn(rolledBackAfterWin, 'debit', 'rolled_back');
    await txn(rolledBackAfterWin, 'credit', 'applied');
    await txn(rolledBackAfterWin, 'rollback', 'applied');
    await round(open, 'open', 100n, 0n, null);
    await txn(open, 'debit', 'applied');
    return { rounds: [...rounds].sort() };
  }
});
