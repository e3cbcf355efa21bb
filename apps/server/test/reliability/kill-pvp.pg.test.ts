import { randomUUID } from 'node:crypto';
import type { PvpActionRequest, PvpTable } from '@lotus/shared/pvp.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { decodeState } from '../../src/modules/pvp-rooms/pvp-codec.ts';
import { gameKindOf } from '../../src/modules/pvp-rooms/pvp-game-kinds.ts';
import { assertLedgerInvariants } from '../helpers/ledger-invariants.ts';
import { createPreparedTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import {
  call,
  databaseUrlOf,
  type Member,
  makeMembers,
  requirePostgresUrl,
  ServerProcess,
  sleep,
} from './server-harness.ts';

/**
 * Issue 22's done-when: the server process is killed with SIGKILL in the middle of a Teen Patti hand — with a
 * leave (cash-out in flight) and a sit (buy-in in flight) sent just before — and started again. Afterwards
 * every player's money is in their wallet or on the resumed table: the wallets + the table's chips + the pot
 * + the rake the table took equal what the players started with, the hand goes on, and once everyone has
 * left the wallets hold everything but the rake. The clock job settles what the kill left in flight (a
 * buy-in whose stay never sat down is rolled back after 30 s), so one run takes about a minute.
 */

const ROOM = 'tp-bronze';
const FUND_MINOR = 1_000_000n;
const BUY_IN_MINOR = 20_000n;
const PLAYERS = 5;
/** How long after sending the leave and the sit the process dies: mostly mid-request (RELIABILITY_SEED-free). */
const KILL_AFTER_MS = Number(process.env.PVP_KILL_AFTER_MS ?? 4);

type Answer = Awaited<ReturnType<typeof call>>;

describe('kill -9 of the server mid-hand at a PVP table [postgres]', () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let members: Member[] = [];

  beforeAll(async () => {
    const serverUrl = requirePostgresUrl();
    database = await createPreparedTestDatabase('postgres');
    server = await ServerProcess.create(databaseUrlOf(serverUrl, database.name));
    await server.start();
    members = await makeMembers(database.db, server.baseUrl, PLAYERS, FUND_MINOR);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('leaves every player’s money in their wallet or on the resumed table', async () => {
    if (!database || !server) throw new Error('set-up failed');
    const live = server;
    const db = database.db;
    const ledger = new LedgerService(db);
    const act = (member: Member, body: PvpActionRequest, key?: string): Promise<Answer> =>
      call(live.baseUrl, 'POST', `/wps/pvp/rooms/${ROOM}/actions`, member.token, {
        body,
        ...(body.type === 'sit' || body.type === 'leave'
          ? { idempotencyKey: key ?? `kill-${randomUUID()}` }
          : {}),
      });
    const tableOf = async (member: Member): Promise<PvpTable> => {
      const answer = await call(live.baseUrl, 'GET', `/wps/pvp/rooms/${ROOM}`, member.token);
      if (answer.status !== 200) throw new Error(`table: ${JSON.stringify(answer)}`);
      return (answer.body as { value: PvpTable }).value;
    };
    const expectOk = (answer: Answer, what: string) => {
      expect(answer.status, `${what}: ${JSON.stringify(answer)}\n${live.log}`).toBe(200);
    };
    /** Wallets + the table's chips + the pot + the rake taken, from the database. */
    const totals = async () => {
      let wallets = 0n;
      for (const member of members) wallets += (await ledger.balanceOf(member.id)).availableMinor;
      const room = await db
        .selectFrom('pvp_rooms')
        .select(['game_kind', 'state'])
        .where('code', '=', ROOM)
        .executeTakeFirstOrThrow();
      const table = gameKindOf(room.game_kind).moneyOnTable(decodeState(room.state));
      return { wallets, ...table, all: wallets + table.chipsMinor + table.potMinor + table.rakeTakenMinor };
    };
    const inFlight = async () =>
      db
        .selectFrom('pvp_seatings')
        .select(['id', 'status'])
        .where('status', 'in', ['joining', 'voiding', 'leaving'])
        .execute();
    const started = BigInt(PLAYERS) * FUND_MINOR;

    // Four players sit; the server's own clock job deals the first hand after the pause.
    const [a, b, c, d, late] = members as [Member, Member, Member, Member, Member];
    for (const [seat, member] of [a, b, c, d].entries()) {
      expectOk(await act(member, { type: 'sit', seat, buyInMinor: BUY_IN_MINOR.toString() }), 'sit');
    }
    let table = await tableOf(a);
    for (let wait = 0; table.hand === null && wait < 100; wait += 1) {
      await sleep(100);
      table = await tableOf(a);
    }
    expect(table.hand, live.log).not.toBeNull();
    const handNumber = table.hand?.number;

    // A few chaals by whoever is to act, so the pot holds more than the boots.
    const bySeat = new Map([a, b, c, d].map((member, seat) => [seat, member]));
    for (let step = 0; step < 3; step += 1) {
      const turn = (await tableOf(a)).hand?.turnSeat ?? 0;
      const mover = bySeat.get(turn) ?? a;
      const amount = (await tableOf(mover)).choices.chaalMinor?.[0] ?? '0';
      expectOk(await act(mover, { type: 'chaal', amountMinor: amount }), 'chaal');
    }
    const before = await totals();
    expect(before.all).toBe(started);
    expect(before.potMinor).toBeGreaterThan(0n);

    // Mid-hand: a player not to act leaves (mid-hand that packs them) and a fifth sits, both unanswered when
    // the process dies a moment later.
    const toAct = (await tableOf(a)).hand?.turnSeat ?? 0;
    const leaverSeat = [0, 1, 2, 3].find((seat) => seat !== toAct) ?? 1;
    const leaver = bySeat.get(leaverSeat) ?? b;
    const leaveKey = `kill-leave-${randomUUID()}`;
    const sitKey = `kill-sit-${randomUUID()}`;
    const pending = [
      act(leaver, { type: 'leave' }, leaveKey),
      act(late, { type: 'sit', seat: 4, buyInMinor: BUY_IN_MINOR.toString() }, sitKey),
    ];
    await sleep(KILL_AFTER_MS);
    await live.kill9();
    const cut = await Promise.all(pending);

    // While the server is down: nothing is lost, whatever the kill interrupted (money in flight is at the
    // house: a buy-in debited for a stay not yet seated, or a stack taken off the table not yet credited).
    const flying = await inFlight();
    const down = await totals();
    const flyingMinor = await db
      .selectFrom('pvp_seatings')
      .select(['status', 'buy_in_minor', 'cashout_minor', 'id'])
      .where('status', 'in', ['joining', 'voiding', 'leaving'])
      .execute();
    const debitedButNotSeated = await Promise.all(
      flyingMinor
        .filter((row) => row.status !== 'leaving')
        .map(async (row) => {
          const debit = await db
            .selectFrom('game_rounds')
            .select('stake_minor')
            .where('round_id', '=', `PVP-${row.id}`)
            .executeTakeFirst();
          return debit?.stake_minor ?? 0n;
        }),
    );
    const owed =
      flyingMinor.reduce(
        (sum, row) => sum + (row.status === 'leaving' ? (row.cashout_minor ?? 0n) : 0n),
        0n,
      ) + debitedButNotSeated.reduce((sum, value) => sum + value, 0n);
    expect(down.all + owed, `in flight: ${JSON.stringify(flying)}`).toBe(started);
    console.info(
      `[kill-pvp] answers before the kill: ${cut.map((answer) => String(answer.status)).join(', ')}; ` +
        `in flight at the kill: ${JSON.stringify(flying.map((row) => row.status))}`,
    );

    await live.start();
    // The clock job settles what was in flight (a stale joining stay after 30 s), the hand resumes.
    for (let wait = 0; (await inFlight()).length > 0 && wait < 90; wait += 1) await sleep(1_000);
    expect(await inFlight()).toEqual([]);
    const after = await totals();
    expect(after.all).toBe(started);

    // Retrying the two cut-off requests with their keys: the leave replays; the sit replays its outcome.
    expect([200, 409]).toContain((await act(leaver, { type: 'leave' }, leaveKey)).status);
    const sitAgain = await act(late, { type: 'sit', seat: 4, buyInMinor: BUY_IN_MINOR.toString() }, sitKey);
    expect(sitAgain.status, JSON.stringify(sitAgain)).not.toBe('network');
    expect(typeof sitAgain.status === 'number' && sitAgain.status < 500).toBe(true);

    // The hand is the same one, or it ended and the next was dealt; the players can go on.
    const resumed = await tableOf(a);
    expect(resumed.hand === null || (resumed.hand.number ?? 0) >= (handNumber ?? 0)).toBe(true);
    // Everyone leaves: all the money is back in the wallets but the rake.
    for (const member of members) {
      const answer = await act(member, { type: 'leave' });
      expect([200, 409], JSON.stringify(answer)).toContain(answer.status);
    }
    for (let wait = 0; (await inFlight()).length > 0 && wait < 60; wait += 1) await sleep(1_000);
    const end = await totals();
    expect(end.chipsMinor + end.potMinor).toBe(0n);
    expect(end.wallets + end.rakeTakenMinor).toBe(started);
    await assertLedgerInvariants(db);
    expect(live.unexpectedExits).toEqual([]);
  }, 300_000);
});
