import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { ProcessCache } from '../../lib/process-cache.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { WalletResult } from './protocol-types.ts';
import { PROTOCOL_TEST_GAME, type ProtocolFixture, protocolFixture } from './vendor-protocol.fixture.ts';
import { VendorProtocolRepository } from './vendor-protocol.repository.ts';
import { VendorProtocolService } from './vendor-protocol.service.ts';

/**
 * The loss and wager limits under real overlap (PostgreSQL; PGlite runs one transaction at a time): 50
 * debits of one player at once, each in its own round, through a pool of 20 connections. The limit is
 * checked in each debit's own transaction, so however they interleave the stakes never pass it and exactly
 * floor(limit / stake) debits are applied; the others answer LIMIT_REACHED and move nothing.
 */

const POOL = 20;
const AT_ONCE = 50;

usePostgresConnections(33);

describe('seamless-wallet limits under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: ProtocolFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ pooled, app } = started);
    fx = await protocolFixture(app, pooled);
  }, 60_000);
  afterAll(() => started?.close());

  async function limited(kind: 'loss' | 'wager', period: 'day' | 'week', amount: bigint, from: Date) {
    const member = await fx.member(1_000_000n);
    await pooled.db
      .insertInto('play_limits')
      .values({ member_id: member.id, kind, period, amount, effective_from: from, created_by: 'member' })
      .execute();
    return member;
  }

  function tally(results: WalletResult[]) {
    const counts: Record<string, number> = {};
    for (const result of results) counts[result.status] = (counts[result.status] ?? 0) + 1;
    return counts;
  }

  async function staked(memberId: bigint) {
    const row = await pooled.db
      .selectFrom('member_activity_days')
      .select((eb) => eb.fn.sum<bigint>('staked_minor').as('staked'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return BigInt(row.staked ?? 0);
  }

  it.each([
    ['wager', 1_000_00n, 3_000n],
    ['loss', 1_000_00n, 7_000n],
  ] as const)(
    `${AT_ONCE} debits at once against a %s limit: exactly floor(limit / stake) pass`,
    async (kind, limit, stake) => {
      const member = await limited(kind, 'day', limit, new Date(Date.now() - 60_000));
      const auth = await fx.client.authenticate(await fx.launch(member.id));
      if (auth.status !== 'OK') throw new Error(auth.status);
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          fx.client.debit({
            playerId: auth.playerId,
            sessionToken: auth.sessionToken,
            gameCode: auth.gameCode,
            roundId: `r-${randomUUID()}`,
            txnId: `t-${randomUUID()}`,
            amountMinor: stake,
          }),
        ),
      );
      const passed = limit / stake;
      expect(tally(results)).toEqual({ OK: Number(passed), LIMIT_REACHED: AT_ONCE - Number(passed) });
      expect(await staked(member.id)).toBe(passed * stake);
      expect((await fx.ledger.balanceOf(member.id)).availableMinor).toBe(1_000_000n - passed * stake);
    },
  );

  it('a weekly limit holds across midnight UTC: debits on both sides of it share one lock', async () => {
    // A Tuesday: 23:59:59.900 and the Wednesday's first second are in one ISO week, on two day rows.
    const before = manualClock(new Date('2031-01-07T23:59:59.900Z'));
    const after = manualClock(new Date('2031-01-08T00:00:00.100Z'));
    const member = await limited('wager', 'week', 10_000n, new Date('2031-01-01T00:00:00Z'));
    const token = await fx.launch(member.id, 60 * 24 * 365 * 10);
    const repository = new VendorProtocolRepository(pooled.db);
    const vendors = (await repository.vendorsByCode('LOTUS')).filter((vendor) => vendor.id === fx.vendorId);
    const serviceAt = (clock: typeof before) =>
      new VendorProtocolService({
        vendors: new ProcessCache({ maxEntries: 1 }),
        repository,
        ledger: new LedgerService(pooled.db),
        clock,
        recordWin: async () => undefined,
        log: { warn: () => undefined },
      });
    const services = [serviceAt(before), serviceAt(after)];
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        (services[i % 2] as VendorProtocolService).debit(vendors, {
          timestamp: Date.now(),
          playerId: member.id.toString(),
          sessionToken: token,
          gameCode: PROTOCOL_TEST_GAME,
          roundId: `r-${randomUUID()}`,
          txnId: `t-${randomUUID()}`,
          amountMinor: '700',
        }),
      ),
    );
    expect(tally(results)).toEqual({ OK: 14, LIMIT_REACHED: AT_ONCE - 14 });
    expect(await staked(member.id)).toBe(9_800n);
  });
});
