import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Backend,
  createTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../../test/helpers/test-database.ts';
import { createMigrator } from '../../db/migrate.ts';
import { prepareDatabase } from '../../db/prepare-database.ts';

/**
 * Migration 0024 on a database that already has a team and rounds: its backfill makes the closure of
 * members.upline_id and the hour rows of every settled round (open and rolled-back rounds count nothing),
 * the same rows the triggers keep afterwards.
 */
describe.each(testBackends())('migration 0024 backfill [%s]', (backend: Backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await prepareDatabase(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('backfills the tree and the hour rows from the members and rounds made before it', async () => {
    const { db } = database;
    const migrator = createMigrator(db);
    // Back to before 0024 (and whatever came after it), rows made there, then up again.
    const down = await migrator.migrateTo('0023_protection_money_path');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toContain('0024_agent_aggregates');

    const brand = (await db.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const game = await db
      .selectFrom('games')
      .select(['id', 'vendor_id', 'game_type'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const member = async (name: string, upline: bigint | null) =>
      (
        await db
          .insertInto('members')
          .values({
            brand_id: brand,
            username: name,
            password_hash: 'x',
            register_method: 'seed',
            upline_id: upline,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const top = await member('bf_top', null);
    const mid = await member('bf_mid', top);
    const leaf = await member('bf_leaf', mid);
    const round = async (
      memberId: bigint,
      id: string,
      status: string,
      settledAt: string | null,
      gameId: bigint | null,
    ) =>
      sql`insert into game_rounds (brand_id, vendor_id, member_id, game_id, round_id, stake_minor, payout_minor,
            status, created_at, settled_at, credit_count)
          values (${brand}, ${game.vendor_id}, ${memberId}, ${gameId}, ${id}, ${status === 'rolled_back' ? 0 : 500},
            ${status === 'settled' ? 700 : 0}, ${status}, ${settledAt ?? '2026-01-05T10:00:00Z'}, ${settledAt},
            ${status === 'settled' ? 1 : 0})`.execute(db);
    await round(leaf, 'bf-1', 'settled', '2026-01-05T10:15:00Z', game.id);
    await round(leaf, 'bf-2', 'settled', '2026-01-05T10:45:00Z', game.id);
    await round(leaf, 'bf-3', 'settled', '2026-01-05T11:05:00Z', null);
    await round(mid, 'bf-4', 'settled', '2026-01-06T00:00:00Z', game.id);
    await round(leaf, 'bf-5', 'open', null, game.id);
    await round(leaf, 'bf-6', 'rolled_back', null, game.id);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const tree = await db
      .selectFrom('member_tree')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', leaf)
      .orderBy('depth')
      .execute();
    expect(tree.map((row) => [row.ancestor_id, row.depth])).toEqual([
      [leaf, 0],
      [mid, 1],
      [top, 2],
    ]);
    const hours = await db
      .selectFrom('member_betting_hours')
      .select([
        'member_id',
        'hour',
        'game_type',
        'stake_minor',
        'valid_turnover_minor',
        'payout_minor',
        'rounds',
      ])
      .where('member_id', 'in', [leaf, mid])
      .orderBy('member_id')
      .orderBy('hour')
      .execute();
    expect(hours).toEqual([
      {
        member_id: mid,
        hour: new Date('2026-01-06T00:00:00Z'),
        game_type: game.game_type,
        stake_minor: 500n,
        valid_turnover_minor: 500n,
        payout_minor: 700n,
        rounds: 1,
      },
      {
        member_id: leaf,
        hour: new Date('2026-01-05T10:00:00Z'),
        game_type: game.game_type,
        stake_minor: 1000n,
        valid_turnover_minor: 1000n,
        payout_minor: 1400n,
        rounds: 2,
      },
      {
        member_id: leaf,
        hour: new Date('2026-01-05T11:00:00Z'),
        game_type: 'OTHER',
        stake_minor: 500n,
        valid_turnover_minor: 500n,
        payout_minor: 700n,
        rounds: 1,
      },
    ]);

    // After the backfill the triggers carry on: the open round settles into its hour.
    await db
      .updateTable('game_rounds')
      .set({
        status: 'settled',
        settled_at: new Date('2026-01-05T10:59:59Z'),
        payout_minor: 0n,
        credit_count: 1,
      })
      .where('round_id', '=', 'bf-5')
      .execute();
    const tenOClock = await db
      .selectFrom('member_betting_hours')
      .select(['stake_minor', 'rounds'])
      .where('member_id', '=', leaf)
      .where('hour', '=', new Date('2026-01-05T10:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(tenOClock).toEqual({ stake_minor: 1500n, rounds: 3 });
  });
});
