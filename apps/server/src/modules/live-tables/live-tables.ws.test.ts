import { verifyShoe } from '@lotus/games/live/index';
import {
  LIVE_BET_KINDS,
  type LiveTableSnapshot,
  liveTablesResponseSchema,
  liveVerifyResponseSchema,
} from '@lotus/shared/live.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { connectWs, listenForSockets, type WsClient } from '../../../test/helpers/ws-client.ts';
import { manualClock } from '../../lib/clock.ts';
import { bookTestApp, closeBookTestApp } from '../inhouse-vendor/inhouse-book.fixture.ts';
import { type LiveFixture, liveFixture } from './live-tables.fixture.ts';

/**
 * Issue 22's shared-table test: 50 players at one baccarat table for 100 rounds, each following the table
 * through a real WebSocket (`app.listen` on an ephemeral port). Every player sees the same results (each
 * socket's pushes, checked against the rounds the server dealt), every bet is settled exactly once (one
 * closing credit per bet in the platform's vendor transactions, every balance = funding − stakes + payouts,
 * the ledger's invariants at the end), and the first shoe, once it ends, verifies with verifyShoe.
 *
 * In the normal suite a tenth of the players bet each round (each player every tenth round: 500 bets);
 * RELIABILITY_FULL=1 has all 50 bet every round (5,000 bets). The rounds are moved by the cycle service as
 * the job does, forced: the test waits on state, not time.
 */

const FULL = process.env.RELIABILITY_FULL === '1';
const PLAYERS = 50;
const ROUNDS = 100;
const BETTORS_EVERY = FULL ? 1 : 10;
const FUNDING = 10_000_000n;
const TABLE = 'baccarat-1';
const SPOTS = LIVE_BET_KINDS.baccarat;

type Seen = Map<number, string>;

describe.each(testBackends())('live baccarat, 50 players over the WebSocket [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: LiveFixture;
  let url: string;
  const players: {
    id: bigint;
    token: string;
    socket: WsClient;
    seen: Seen;
    commitments: Map<number, string>;
  }[] = [];

  beforeAll(async () => {
    ({ test, fx } = await bookTestApp(backend, clock, liveFixture));
    await fx.cycle.tick(clock.now());
    url = await listenForSockets(test.app);
  }, 120_000);
  afterAll(async () => {
    for (const player of players) player.socket.close();
    await closeBookTestApp(test);
  });

  /** Records what a push shows: each result by round, and the commitment of each shoe. */
  const record = (player: (typeof players)[number], table: LiveTableSnapshot) => {
    player.commitments.set(table.shoe.shoeNo, table.shoe.commitment);
    for (const result of table.lastResults) {
      const text = JSON.stringify(result.outcome);
      const before = player.seen.get(result.roundNo);
      if (before !== undefined && before !== text)
        throw new Error(`round ${result.roundNo} changed its result`);
      player.seen.set(result.roundNo, text);
    }
  };

  const playersAt = async (code: string) =>
    liveTablesResponseSchema
      .parse((await test.app.inject('/api/live/tables')).json())
      .value.list.find((table) => table.code === code)?.players;

  it('lets a visitor follow known tables only, counts it as a player while its socket is open', async () => {
    const socket = await connectWs(url);
    socket.send({ type: 'live.subscribe', tableCodes: ['sic-bo-1', 'no-such-table'] });
    await socket.next('ready');
    expect((await socket.next('live.subscribed')).tableCodes).toEqual(['sic-bo-1']);
    expect((await socket.next('live.table')).table.code).toBe('sic-bo-1');
    expect(await playersAt('sic-bo-1')).toBe(1);
    // A move of the table is pushed to its follower.
    const before = (await fx.snapshot('sic-bo-1')).phase;
    await fx.advance('sic-bo-1');
    const pushed = await socket.next('live.table', (message) => message.table.phase !== before);
    expect(pushed.table.code).toBe('sic-bo-1');
    socket.close();
    await socket.closed;
    for (let tries = 0; tries < 50 && (await playersAt('sic-bo-1')) !== 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await playersAt('sic-bo-1')).toBe(0);
  });

  it(
    'shows every player the same rounds, settles every bet once and verifies the shoe',
    async () => {
      for (let index = 0; index < PLAYERS; index++) {
        const member = await fx.wallet.member({ fundMinor: FUNDING });
        const socket = await connectWs(url);
        const player = {
          id: member.id,
          token: await fx.open(member.id, TABLE),
          socket,
          seen: new Map(),
          commitments: new Map(),
        };
        players.push(player);
        socket.send({ type: 'live.subscribe', tableCodes: [TABLE] });
        await socket.next('live.subscribed');
        record(player, (await socket.next('live.table')).table);
      }
      const lobby = liveTablesResponseSchema.parse((await test.app.inject('/api/live/tables')).json()).value;
      expect(lobby.list.find((table) => table.code === TABLE)?.players).toBe(PLAYERS);

      const firstRound = (await fx.snapshot(TABLE)).roundNo;
      let placed = 0;
      for (let round = 0; round < ROUNDS; round++) {
        await fx.advanceTo(TABLE, 'betting');
        const { roundId } = await fx.snapshot(TABLE);
        const bettors = players.filter((_, index) => (index + round) % BETTORS_EVERY === 0);
        const answers = await Promise.all(
          bettors.map((player, index) =>
            fx.bet(player.token, TABLE, {
              roundId,
              bets: {
                [SPOTS[(index + round) % SPOTS.length] ?? 'banker']: String(1_000 + 100 * (index % 7)),
              },
            }),
          ),
        );
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
        placed += answers.length;
        await fx.advanceTo(TABLE, 'result');
      }
      const lastRound = firstRound + ROUNDS - 1;

      // Every socket has been told every result (pushes come after each move; a push carries the last 20).
      for (const player of players) {
        await player.socket.next(
          'live.table',
          (message) => {
            record(player, message.table);
            return player.seen.has(lastRound);
          },
          30_000,
        );
      }
      const dealt = await fx.db
        .selectFrom('live_rounds')
        .select(['round_no', 'outcome'])
        .where('table_id', '=', await fx.tableId(TABLE))
        .where('round_no', '>=', firstRound)
        .where('round_no', '<=', lastRound)
        .orderBy('round_no')
        .execute();
      expect(dealt).toHaveLength(ROUNDS);
      for (const player of players) {
        for (const row of dealt) expect(player.seen.get(row.round_no)).toBe(JSON.stringify(row.outcome));
        expect(player.commitments.get(1)).toBe(players[0]?.commitments.get(1));
      }

      // Every bet settled, each by exactly one closing credit, and every balance adds up.
      const bets = await fx.db
        .selectFrom('live_bets')
        .select(['id', 'player_ref', 'status', 'stake_minor', 'payout_minor'])
        .execute();
      expect(bets).toHaveLength(placed);
      expect(bets.every((bet) => bet.status === 'settled')).toBe(true);
      const credits = await fx.db
        .selectFrom('vendor_transactions')
        .select(['round_id', sql<string>`count(*)`.as('n')])
        .where('vendor_id', '=', fx.vendorId)
        .where('kind', '=', 'credit')
        .groupBy('round_id')
        .execute();
      expect(credits).toHaveLength(placed);
      expect(credits.every((credit) => Number(credit.n) === 1)).toBe(true);
      for (const player of players) {
        const mine = bets.filter((bet) => bet.player_ref === String(player.id));
        const net = mine.reduce((sum, bet) => sum - bet.stake_minor + (bet.payout_minor ?? 0n), 0n);
        expect(await fx.wallet.main(player.id)).toBe(FUNDING + net);
      }

      // The first shoe ended (a shoe deals about 80 coups) and its revealed seed verifies.
      const firstShoe = await fx.db
        .selectFrom('live_rounds as r')
        .innerJoin('live_shoes as s', 's.id', 'r.shoe_id')
        .select(['r.id', 's.revealed_at'])
        .where('r.table_id', '=', await fx.tableId(TABLE))
        .where('s.shoe_no', '=', 1)
        .orderBy('r.round_no')
        .executeTakeFirstOrThrow();
      expect(firstShoe.revealed_at).not.toBeNull();
      const verify = liveVerifyResponseSchema.parse(
        (await test.app.inject(`/api/live/rounds/${firstShoe.id}/verify`)).json(),
      ).value;
      const seed = verify.shoe.seed;
      if (seed === null) throw new Error('the first shoe was not revealed');
      expect(verify.shoe.commitment).toBe(players[0]?.commitments.get(1));
      expect(verify.shoe.shoeCards.length).toBeGreaterThan(402);
      expect(verifyShoe(seed, verify.shoe.commitment, verify.shoe.shoeCards, 8)).toBe(true);
    },
    FULL ? 900_000 : 240_000,
  );
});
