import { PVP_VENDOR_CODE } from '@lotus/shared/pvp.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { actorFrom } from '../../lib/actor.ts';
import { manualClock } from '../../lib/clock.ts';
import { bookWalletClients } from '../inhouse-vendor/inhouse-book.fixture.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import { PVP_STALE_JOINING_MS } from './pvp-clock.service.ts';
import { type PvpFixture, pvpFixture } from './pvp-rooms.fixture.ts';
import { PvpRoomsService } from './pvp-rooms.service.ts';
import { pvpWalletSessions } from './pvp-rooms-module.ts';

/**
 * The fast, in-process half of the crash test (the kill -9 one is test/reliability/kill-pvp.pg.test.ts): a
 * wallet call whose money moved but whose answer was lost — what a crash between the call and the next
 * transaction leaves — is settled by the `pvp.clock` job, so the money ends in the wallet or at the table.
 */
describe.each(testBackends())('PVP money left in flight [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: PvpFixture;
  let real: WalletClientSource;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = await pvpFixture(test.app, test.database);
    ({ real } = bookWalletClients(test.app, test.database.db, clock, PVP_VENDOR_CODE));
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  /** The rooms' service on a wallet whose calls reach the platform, move the money, then lose the answer. */
  const servicesLosing = (lose: ('debit' | 'rollback' | 'credit')[]) => {
    const wallet: WalletClientSource = async () => {
      const client = await real();
      const losing =
        <I, R>(call: (input: I) => Promise<R>) =>
        async (input: I): Promise<R> => {
          await call(input);
          throw new Error('socket hang up');
        };
      return {
        ...client,
        ...(lose.includes('debit') ? { debit: losing(client.debit) } : {}),
        ...(lose.includes('rollback') ? { rollback: losing(client.rollback) } : {}),
        ...(lose.includes('credit') ? { credit: losing(client.credit) } : {}),
      };
    };
    const db = test.database.db;
    return new PvpRoomsService({
      db,
      clock,
      wallet,
      openWalletSession: pvpWalletSessions({ db, clock, wallet }),
    });
  };
  /** The member's Actor as the auth plugin builds it (the session the fixture's login opened). */
  const actorOf = async (memberId: bigint) => {
    const db = test.database.db;
    const session = await db
      .selectFrom('sessions')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const member = await db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return actorFrom({ session, member });
  };
  const statusOf = async (memberId: bigint) =>
    (
      await fx.db
        .selectFrom('pvp_seatings')
        .select('status')
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).status;

  it('settles a buy-in whose debit and rollback answers were lost, and credits a lost cash-out', async () => {
    const member = await fx.wallet.member({ fundMinor: 50_000n });
    const actor = await actorOf(member.id);
    const losing = servicesLosing(['debit', 'rollback']);
    await expect(
      losing.act(actor, 'tp-bronze', { type: 'sit', seat: 0, buyInMinor: '10000' }, 'lost-sit'),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
    // The debit landed and so did its rollback, but that answer was lost too: the stay waits in voiding.
    expect(await fx.wallet.main(member.id)).toBe(50_000n);
    expect(await statusOf(member.id)).toBe('voiding');
    expect((await fx.table(member.token, 'tp-bronze')).seats[0]).toBeNull();
    // The job sends the same rollback again: the platform replays it, nothing moves twice.
    await fx.tick();
    expect(await statusOf(member.id)).toBe('cancelled');
    expect(await fx.wallet.main(member.id)).toBe(50_000n);
    // The same sit again under its key says it did not go through; a new key sits.
    const again = await fx.act(
      member.token,
      'tp-bronze',
      { type: 'sit', seat: 0, buyInMinor: '10000' },
      'lost-sit',
    );
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toBe('pvp_sit_cancelled');
    await fx.ok(member.token, 'tp-bronze', { type: 'sit', seat: 0, buyInMinor: '10000' });
    expect(await fx.wallet.main(member.id)).toBe(40_000n);

    // Leave with the cash-out's answer lost: off the table at once, the credit follows from the job.
    await servicesLosing(['credit']).act(actor, 'tp-bronze', { type: 'leave' }, 'lost-leave');
    expect(await statusOf(member.id)).toBe('leaving');
    expect((await fx.table(member.token, 'tp-bronze')).mySeat).toBeNull();
    await fx.tick();
    expect(await statusOf(member.id)).toBe('left');
    expect(await fx.wallet.main(member.id)).toBe(50_000n);
  });

  it('gives back the buy-in of a stay left joining (the process died after the debit) after 30 s', async () => {
    const member = await fx.wallet.member({ fundMinor: 50_000n });
    const actor = await actorOf(member.id);
    // The debit lands and the process "dies": neither the seat nor a rollback follows.
    const dying: WalletClientSource = async () => {
      const client = await real();
      return {
        ...client,
        debit: async (input) => {
          await client.debit(input);
          throw new Error('killed');
        },
        rollback: async () => {
          throw new Error('killed');
        },
      };
    };
    const db = test.database.db;
    const service = new PvpRoomsService({
      db,
      clock,
      wallet: dying,
      openWalletSession: pvpWalletSessions({ db, clock, wallet: dying }),
    });
    await expect(
      service.act(actor, 'tp-silver', { type: 'sit', seat: 1, buyInMinor: '20000' }, 'dying-sit'),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
    await db
      .updateTable('pvp_seatings')
      .set({ status: 'joining' })
      .where('member_id', '=', member.id)
      .execute();
    expect(await fx.wallet.main(member.id)).toBe(30_000n);
    await fx.tick();
    expect(await statusOf(member.id)).toBe('joining');
    clock.advance(PVP_STALE_JOINING_MS + 1_000);
    await fx.tick();
    expect(await statusOf(member.id)).toBe('cancelled');
    expect(await fx.wallet.main(member.id)).toBe(50_000n);
  });
});
