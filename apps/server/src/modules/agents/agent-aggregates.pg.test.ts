import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import {
  type ProtocolFixture,
  protocolFixture,
  walletCall,
} from '../vendor-protocol/vendor-protocol.fixture.ts';

/**
 * Issue 18 under 50 requests at once (PostgreSQL: PGlite runs one statement at a time).
 * - 50 rounds of one player settling at once (and 50 more of five players beside them): the hour rows hold
 *   exactly the settled rounds' sums — the trigger's upsert of one row never loses an update.
 * - 50 upline moves at once among twelve members, some of which would close a cycle, with 50 registrations
 *   under them: member_tree ends as the closure of members.upline_id, without a cycle.
 */

const BURST = 50;

usePostgresConnections(33);

describe('agent aggregates under 50 at once [postgres]', () => {
  let started: PooledTestApp;
  let wallet: WalletFixture;
  let protocol: ProtocolFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: 20, checkLedger: true });
    wallet = await walletFixture(started.app, started.database);
    protocol = await protocolFixture(started.app, started.database);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });

  it('50 rounds settling at once are each counted once', async () => {
    const one = await protocol.player(10_000_000n);
    const others = await Promise.all(Array.from({ length: 5 }, () => protocol.player(10_000_000n)));
    const plays = [
      ...Array.from({ length: BURST }, (_, index) => ({ player: one, index })),
      ...Array.from({ length: BURST }, (_, index) => ({ player: others[index % 5] ?? one, index })),
    ];
    const outcomes = await Promise.all(
      plays.map(async ({ player, index }) => {
        const roundId = `agg-${randomUUID()}`;
        const stake = BigInt(100 + index);
        const debit = await protocol.client.debit(walletCall(player, stake, roundId));
        if (debit.status !== 'OK') return debit.status;
        const win = index % 3 === 0 ? stake * 2n : 0n;
        const credit = await protocol.client.credit({
          ...walletCall(player, win, roundId),
          roundClosed: true,
        });
        return credit.status;
      }),
    );
    expect(outcomes.every((status) => status === 'OK')).toBe(true);

    const { db } = started.database;
    for (const player of [one, ...others]) {
      const rounds = await db
        .selectFrom('game_rounds')
        .select([
          sql<string>`sum(stake_minor)::text`.as('stake'),
          sql<string>`sum(payout_minor)::text`.as('payout'),
          sql<string>`count(*)::text`.as('rounds'),
        ])
        .where('member_id', '=', player.memberId)
        .where('status', '=', 'settled')
        .executeTakeFirstOrThrow();
      const hours = await db
        .selectFrom('member_betting_hours')
        .select([
          sql<string>`sum(stake_minor)::text`.as('stake'),
          sql<string>`sum(payout_minor)::text`.as('payout'),
          sql<string>`sum(rounds)::text`.as('rounds'),
        ])
        .where('member_id', '=', player.memberId)
        .executeTakeFirstOrThrow();
      expect(hours).toEqual(rounds);
    }
    const counted = await db
      .selectFrom('member_betting_hours')
      .select(sql<string>`sum(rounds)::text`.as('rounds'))
      .where('member_id', '=', one.memberId)
      .executeTakeFirstOrThrow();
    expect(counted.rounds).toBe(String(BURST));
  });

  it('50 moves and 50 registrations at once leave the closure of the uplines, without a cycle', async () => {
    const { db } = started.database;
    const members: bigint[] = [];
    for (let index = 0; index < 12; index += 1) {
      // A chain of four and eight members under its links, so random moves often meet a would-be cycle.
      const upline = index === 0 ? null : (members[Math.floor((index - 1) / 2)] ?? null);
      members.push((await wallet.member({ type: 1, upline })).id);
    }
    const pick = (seed: number) => members[seed % members.length] as bigint;
    const pooled = started.pooled.db;
    const results = await Promise.allSettled([
      ...Array.from({ length: BURST }, (_, index) =>
        pooled
          .updateTable('members')
          .set({ upline_id: pick(index * 7 + 3) })
          .where('id', '=', pick(index * 5 + 1))
          .execute(),
      ),
      ...Array.from({ length: BURST }, (_, index) =>
        pooled
          .insertInto('members')
          .values({
            brand_id: wallet.brandId,
            username: `tree${index}${randomUUID().slice(0, 6)}`,
            password_hash: 'x',
            register_method: 'seed',
            upline_id: pick(index * 3),
          })
          .execute(),
      ),
    ]);
    const refused = results.filter((result) => result.status === 'rejected');
    for (const result of refused) expect(String(result.reason)).toMatch(/in its own team/);
    // Some moves pointed a member at itself or into its own team: refused. The rest went through.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(BURST);

    const expected = await sql<{ ancestor_id: string; descendant_id: string; depth: number }>`
      with recursive up (ancestor_id, descendant_id, depth) as (
        select id, id, 0 from members
        union all
        select m.upline_id, up.descendant_id, up.depth + 1
          from up join members m on m.id = up.ancestor_id
         where m.upline_id is not null and up.depth < 100
      )
      select ancestor_id::text, descendant_id::text, depth from up order by 1, 2, 3`.execute(db);
    const actual = await sql<{ ancestor_id: string; descendant_id: string; depth: number }>`
      select ancestor_id::text, descendant_id::text, depth from member_tree order by 1, 2, 3`.execute(db);
    expect(actual.rows).toEqual(expected.rows);
    expect(expected.rows.every((row) => row.depth < 100)).toBe(true);
  });
});
