import { randomUUID } from 'node:crypto';
import type { PvpActionRequest, PvpTable } from '@lotus/shared/pvp.schema';
import { describe, expect, it } from 'vitest';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { decodeState } from '../../src/modules/pvp-rooms/pvp-codec.ts';
import { gameKindOf } from '../../src/modules/pvp-rooms/pvp-game-kinds.ts';
import { assertLedgerInvariants } from '../helpers/ledger-invariants.ts';
import { call, type Member, sleep, useServerWithMembers } from './server-harness.ts';

/**
 * Issue 22's done-when, for every PVP game kind: the server process is killed with SIGKILL in the middle of a
 * hand, twice — once while a leave's cash-out is on its way, once while a sit's buy-in is — and started
 * again each time. While it is down, and after, every player's money is in their wallet, on the resumed
 * table, or (while down) in flight at the house: wallets + the table's chips + the pot + the rake taken
 * (+ in flight) equal what the players started with. The hand goes on, the cut requests retried with their
 * keys answer without a 5xx, and once everyone has left the wallets hold everything but the rake. The clock
 * job settles what a kill left in flight (a buy-in whose stay never sat down is rolled back after 30 s), so
 * one run takes about a minute. Each kind's file (kill-pvp*.pg.test.ts) names a room and its moves; the
 * files run in parallel.
 */

const FUND_MINOR = 1_000_000n;
const BUY_IN_MINOR = 20_000n;
const PLAYERS = 5;

type Answer = Awaited<ReturnType<typeof call>>;

export type KillScenario = {
  /** A seeded room of the kind under test; 20,000 minor units must be a buy-in it takes. */
  room: string;
  /** The kind's name in the test's title. */
  kind: string;
  /**
   * A few moves of the hand by whoever is to act, so the pot holds more than the deal put in (or the hand
   * moves on): `act` sends one, `tableOf` reads the table as that member sees it.
   */
  playSomeMoves: (moves: ScenarioMoves) => Promise<void>;
};

export type ScenarioMoves = {
  /** The member seated at `seat` (the first four sit at seats 0–3). */
  bySeat: (seat: number) => Member;
  act: (member: Member, body: PvpActionRequest) => Promise<Answer>;
  tableOf: (member: Member) => Promise<PvpTable>;
  expectOk: (answer: Answer, what: string) => void;
};

/** The scenario above, for one room: one `describe` with one test. */
export function describeKillMidHand({ room: ROOM, kind, playSomeMoves }: KillScenario) {
  describe(`kill -9 of the server mid-hand at a ${kind} table [postgres]`, () => {
    const setUp = useServerWithMembers({ members: PLAYERS, fundMinor: FUND_MINOR });

    it('leaves every player’s money in their wallet or on the resumed table', async () => {
      const { database, server, members } = setUp();
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
      /** Stays a kill can leave half done: a buy-in not yet seated or voided, a cash-out not yet credited. */
      const inFlight = async () =>
        db
          .selectFrom('pvp_seatings')
          .select(['id', 'status', 'cashout_minor'])
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

      // A few moves by whoever is to act (the kind's own), so the pot holds more than the deal put in.
      const bySeat = new Map([a, b, c, d].map((member, seat) => [seat, member]));
      await playSomeMoves({ bySeat: (seat) => bySeat.get(seat) ?? a, act, tableOf, expectOk });
      const before = await totals();
      expect(before.all).toBe(started);
      expect(before.potMinor).toBeGreaterThan(0n);

      /** Money the kill left in flight: a buy-in debited for a stay not seated, a stack off the table not credited. */
      const owedInFlight = async () => {
        const rows = await inFlight();
        let owed = 0n;
        for (const row of rows) {
          const round = await db
            .selectFrom('game_rounds')
            .select(['stake_minor', 'status'])
            .where('round_id', '=', `PVP-${row.id}`)
            .executeTakeFirst();
          // The kill can fall between a wallet call and the stay's next status: a cash-out credited (the
          // round settled) or a buy-in rolled back, with the stay still `leaving` / `voiding`. The money is
          // then home already, and the clock job's repeat of the call is a no-op.
          if (row.status === 'leaving') {
            if (round?.status !== 'settled') owed += row.cashout_minor ?? 0n;
          } else if (round?.status !== 'rolled_back') {
            owed += round?.stake_minor ?? 0n;
          }
        }
        return { owed, statuses: rows.map((row) => row.status) };
      };
      /**
       * Sends `request`, kills the process the moment the stay of `member` shows `status` (the request half
       * done: its wallet call on its way), checks nothing is lost while it is down, restarts, and waits until
       * the clock job has settled what was in flight. Answers the cut request's answer and the state seen.
       */
      const killDuring = async (
        member: Member,
        status: 'joining' | 'leaving',
        request: () => Promise<Answer>,
      ) => {
        const pending = request();
        let seen = 'none';
        for (const until = Date.now() + 5_000; Date.now() < until; ) {
          const stay = await db
            .selectFrom('pvp_seatings')
            .select('status')
            .where('member_id', '=', member.id)
            .orderBy('id', 'desc')
            .executeTakeFirst();
          seen = stay?.status ?? 'none';
          if (seen === status) break;
          await sleep(1);
        }
        await live.kill9();
        const cut = await pending;
        const down = await totals();
        const flying = await owedInFlight();
        expect(down.all + flying.owed, `in flight: ${flying.statuses.join(', ')}`).toBe(started);
        await live.start();
        // The clock job settles what was in flight (a joining stay once it is 30 s old), the hand goes on.
        for (let wait = 0; (await inFlight()).length > 0 && wait < 90; wait += 1) await sleep(1_000);
        expect(await inFlight()).toEqual([]);
        expect((await totals()).all).toBe(started);
        console.info(
          `[kill-pvp ${kind}] killed with the ${status} stay: seen ${seen}, answer ${String(cut.status)}`,
        );
        return { cut, seen };
      };

      // Kill 1, mid-hand: a player not to act leaves (that packs or drops them); the process dies with the stay
      // off the table and its cash-out on its way.
      const toAct = (await tableOf(a)).hand?.turnSeat ?? 0;
      const leaverSeat = [0, 1, 2, 3].find((seat) => seat !== toAct) ?? 1;
      const leaver = bySeat.get(leaverSeat) ?? b;
      const leaveKey = `kill-leave-${randomUUID()}`;
      const leaving = await killDuring(leaver, 'leaving', () => act(leaver, { type: 'leave' }, leaveKey));
      expect(leaving.seen).toBe('leaving');
      // The leave retried with its key answers without a 5xx (replayed: the seat is gone, the money home).
      const leaveAgain = await act(leaver, { type: 'leave' }, leaveKey);
      expect(leaveAgain.status, JSON.stringify(leaveAgain)).toBe(200);
      expect((await ledger.balanceOf(leaver.id)).availableMinor).toBeGreaterThan(FUND_MINOR - BUY_IN_MINOR);

      // Kill 2, the hand still running: a fifth player sits; the process dies with the seat claimed and the
      // buy-in's debit on its way. The clock job gives the buy-in back once the stay is 30 s old.
      const sitKey = `kill-sit-${randomUUID()}`;
      const sit = { type: 'sit' as const, seat: 4, buyInMinor: BUY_IN_MINOR.toString() };
      const sitting = await killDuring(late, 'joining', () => act(late, sit, sitKey));
      expect(sitting.seen).toBe('joining');
      const sitAgain = await act(late, sit, sitKey);
      expect(sitAgain.status, JSON.stringify(sitAgain)).toBe(409);
      expect('body' in sitAgain && (sitAgain.body as { message: string }).message).toBe('pvp_sit_cancelled');
      expect((await ledger.balanceOf(late.id)).availableMinor).toBe(FUND_MINOR);

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
}
