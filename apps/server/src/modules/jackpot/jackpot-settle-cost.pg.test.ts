import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { gameIdOf } from '../../../test/helpers/games-fixture.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';

/**
 * What a jackpot contribution costs the settling transaction (docs/decisions.md "Progressive jackpot (issue
 * 19)"): batches of BATCH open rounds of a covered game settled by one UPDATE each, on PostgreSQL, with
 *   A: no jackpot work (the trigger disabled: the round path before issue 19),
 *   B: the trigger of migration 0032 (one contribution row per round: what ships),
 *   C: the design it replaces, a `jackpot_contribution` ledger entry per round (house → pot, through
 *      `ledger_post_entry`) in the same transaction,
 * interleaved A B C C B A A B C so a drift of the shared machine weighs on every arm. It prints the medians
 * and checks the shipped design costs less than the per-round entry.
 */

const BATCH = 1_000;
const ORDER = ['A', 'B', 'C', 'C', 'B', 'A', 'A', 'B', 'C'] as const;

describe('jackpot contribution cost on the settling path [postgres]', () => {
  let test: TestApp;
  let fx: InhouseFixture;

  beforeAll(async () => {
    test = await buildTestApp({ backend: 'postgres' });
    fx = await inhouseFixture(test.app, test.database);
  }, 60_000);
  afterAll(() => test?.close());

  it(`settles ${ORDER.length} batches of ${BATCH} rounds per arm and compares`, async () => {
    const { db } = test.database;
    const member = await fx.wallet.member();
    const gameId = await gameIdOf(db, fx.vendorId, 'lotus-fortune');
    const pot = await db
      .selectFrom('jackpots')
      .innerJoin('jackpot_games', 'jackpot_games.jackpot_id', 'jackpots.id')
      .select(['jackpots.account_id', 'jackpots.brand_id'])
      .where('jackpot_games.game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    // C: the per-round posting, as a trigger beside 0032's (disabled unless the arm is C).
    await sql`create function bench_jackpot_post() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.status = 'settled' then return null; end if;
        perform * from ledger_post_entry(new.brand_id, 'jackpot_contribution', 'bench:' || new.id, md5(new.id::text) || md5(new.round_id),
          null, null, 'system', array[null, ${sql.lit(String(pot.account_id))}]::bigint[],
          array['house', null]::text[], array[-(new.stake_minor / 100), new.stake_minor / 100]::bigint[],
          null, null, null);
        return null;
      end $$`.execute(db);
    await sql`create trigger bench_jackpot_post after insert or update on game_rounds
      for each row when (new.status = 'settled') execute function bench_jackpot_post()`.execute(db);
    const arm = async (name: 'A' | 'B' | 'C') => {
      await sql
        .raw(`alter table game_rounds ${name === 'B' ? 'enable' : 'disable'} trigger jackpot_contribute`)
        .execute(db);
      await sql
        .raw(`alter table game_rounds ${name === 'C' ? 'enable' : 'disable'} trigger bench_jackpot_post`)
        .execute(db);
    };
    const times: Record<'A' | 'B' | 'C', number[]> = { A: [], B: [], C: [] };
    for (const [batch, name] of ORDER.entries()) {
      await arm(name);
      const tag = `cost-${Date.now()}-${batch}`;
      await sql`insert into game_rounds (brand_id, vendor_id, member_id, game_id, round_id, stake_minor, status, credit_count)
        select ${pot.brand_id}, ${fx.vendorId}, ${member.id}, ${gameId}, ${tag} || '-' || n, 10000, 'open', 0
          from generate_series(1, ${BATCH}) n`.execute(db);
      const began = performance.now();
      await sql`update game_rounds set status = 'settled', settled_at = now(), payout_minor = 0, credit_count = 1
        where round_id like ${`${tag}-%`} and status = 'open'`.execute(db);
      times[name].push((performance.now() - began) / BATCH);
    }
    await arm('B');
    await sql`drop trigger bench_jackpot_post on game_rounds`.execute(db);
    await sql`drop function bench_jackpot_post()`.execute(db);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    const [a, b, c] = [median(times.A), median(times.B), median(times.C)];
    console.log(
      `jackpot settle cost, ms per round (median of 3 batches of ${BATCH}): A none ${a.toFixed(4)}, ` +
        `B contribution row ${b.toFixed(4)} (+${(b - a).toFixed(4)}), C ledger entry per round ${c.toFixed(4)} (+${(c - a).toFixed(4)})`,
    );
    expect(b).toBeLessThan(c);
  }, 120_000);
});
