import { randomUUID } from 'node:crypto';
import { serverSeedHash } from '@lotus/games/fair';
import { INHOUSE_GAMES, verifyRound } from '@lotus/games/play';
import type { FairInputs, GameOutcome } from '@lotus/games/types';
import {
  originalsBalanceResponse,
  originalsSessionResponse,
  type PlayRoundRequest,
  playRoundResponse,
  rotateSeedResponse,
  roundResponse,
  roundsResponse,
} from '@lotus/shared/originals.schema';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type InhouseFixture, inhouseFixture } from './inhouse-vendor.fixture.ts';
import { DEMO_BALANCE_MINOR } from './inhouse-vendor.service.ts';

/**
 * The in-house studio end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): every round goes
 * through the REAL seamless-wallet routes (signed, in-process), so the member's ledger moves exactly as a
 * vendor's calls say. PGlite has one connection, so these tests also prove the round flow never waits on
 * itself (no transaction is held across a wallet call), even with 10 rounds in flight.
 */

type Bet = PlayRoundRequest['bet'];

const minOf = (code: string) =>
  String((INHOUSE_GAMES as Record<string, { minBetMinor: unknown }>)[code]?.minBetMinor);

/** A valid bet of each game at its minimum stake. */
function betFor(code: string): Bet {
  const min = minOf(code);
  if (code === 'european-roulette') {
    return {
      game: 'roulette',
      bets: [
        { kind: 'straight', numbers: [17], amountMinor: min },
        { kind: 'dozen', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], amountMinor: min },
      ],
    };
  }
  if (code === 'dragon-tiger') {
    return { game: 'dragon-tiger', bets: [{ side: 'dragon', amountMinor: min }] };
  }
  if (code === 'sic-bo') {
    return {
      game: 'sic-bo',
      bets: [
        { kind: 'big', numbers: [], amountMinor: min },
        { kind: 'single', numbers: [4], amountMinor: min },
      ],
    };
  }
  if (code === 'baccarat') return { game: 'baccarat', bets: [{ kind: 'banker', amountMinor: min }] };
  if (code === 'andar-bahar') return { game: 'andar-bahar', bets: [{ side: 'andar', amountMinor: min }] };
  return { game: 'slot', betMinor: min };
}

const stakeOfBet = (bet: Bet): bigint =>
  bet.game === 'slot' ? BigInt(bet.betMinor) : bet.bets.reduce((sum, b) => sum + BigInt(b.amountMinor), 0n);

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe.each(testBackends())('in-house studio [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await inhouseFixture(test.app, test.database);
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const playOk = async (token: string, bet: Bet, requestId = randomUUID()) => {
    const response = await fx.post('/originals/api/rounds', token, { requestId, bet });
    expect(response.statusCode, response.body).toBe(200);
    return playRoundResponse.parse(response.json()).value;
  };

  const countOf = async (table: 'journal_entries' | 'vendor_transactions' | 'inhouse_rounds') => {
    const row = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
      test.database.db,
    );
    return Number(row.rows[0]?.n);
  };

  describe('sessions', () => {
    it('opens from a launch token with the wallet balance, the game limits and a committed seed', async () => {
      const member = await fx.wallet.member({ fundMinor: 500_000n });
      const launchToken = await fx.launch(member.id, 'lotus-fortune');
      const response = await fx.post('/originals/api/sessions', null, { launchToken });
      expect(response.statusCode, response.body).toBe(200);
      const session = originalsSessionResponse.parse(response.json()).value;
      expect(session).toMatchObject({
        trial: false,
        gameCode: 'lotus-fortune',
        gameType: INHOUSE_GAMES['lotus-fortune'].gameType,
        currency: 'INR',
        balanceMinor: '500000',
        minBetMinor: minOf('lotus-fortune'),
        seed: { nonce: 0 },
      });
      expect(session.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.seed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(session.seed.clientSeed).toMatch(/^[0-9a-f]{16}$/);
      // Only the token's hash is stored; the wallet session is the protocol's session token.
      const row = await test.database.db
        .selectFrom('inhouse_sessions')
        .selectAll()
        .where('player_ref', '=', String(member.id))
        .executeTakeFirstOrThrow();
      expect(row.token_hash).not.toContain(session.sessionToken);
      expect(row.wallet_session).toBe(launchToken);

      // A second launch of the same player finds the same active seed (one per player).
      const again = await fx.open(member.id, 'dragon-tiger');
      expect(again.serverSeedHash).toBe(session.seed.serverSeedHash);

      const balance = await fx.get('/originals/api/balance', session.sessionToken);
      expect(originalsBalanceResponse.parse(balance.json()).value.balanceMinor).toBe('500000');
    });

    it('refuses an unknown launch token and an expired launch session', async () => {
      const unknown = await fx.post('/originals/api/sessions', null, { launchToken: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(401);
      const member = await fx.wallet.member();
      const expired = await fx.launch(member.id, 'dragon-tiger', -1);
      const response = await fx.post('/originals/api/sessions', null, { launchToken: expired });
      expect(response.statusCode).toBe(401);
      expect(messageOf(response)).toBe('session_expired');
    });

    it('opens a trial with play money in the brand currency and no wallet call', async () => {
      const before = await countOf('vendor_transactions');
      const response = await fx.post('/originals/api/sessions', null, {
        trial: true,
        gameCode: 'european-roulette',
        language: 'hi',
      });
      expect(response.statusCode, response.body).toBe(200);
      const session = originalsSessionResponse.parse(response.json()).value;
      const brand = await test.database.db
        .selectFrom('brands')
        .select(['currency', 'currency_symbol'])
        .where('id', '=', fx.wallet.brandId)
        .executeTakeFirstOrThrow();
      expect(session).toMatchObject({
        trial: true,
        gameCode: 'european-roulette',
        currency: brand.currency,
        currencySymbol: brand.currency_symbol,
        balanceMinor: String(DEMO_BALANCE_MINOR),
        language: 'HI',
      });
      expect(await countOf('vendor_transactions')).toBe(before);
      const row = await test.database.db
        .selectFrom('inhouse_sessions')
        .select(['player_ref', 'id'])
        .where('trial', '=', true)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.player_ref).toBe(`trial:${row.id}`);
    });

    it("says whether the brand's rules allow slot autoplay: off by default (issue 22)", async () => {
      const autoplayOf = async () => {
        const response = await fx.post('/originals/api/sessions', null, {
          trial: true,
          gameCode: 'golden-diya',
        });
        return originalsSessionResponse.parse(response.json()).value.autoplayAllowed;
      };
      expect(await autoplayOf()).toBe(false);
      await test.database.db.updateTable('brands').set({ studio_autoplay: true }).execute();
      try {
        expect(await autoplayOf()).toBe(true);
      } finally {
        await test.database.db.updateTable('brands').set({ studio_autoplay: false }).execute();
      }
    });

    it('refuses a trial of a game the studio does not have', async () => {
      for (const gameCode of ['no-such-game', 'constructor']) {
        const response = await fx.post('/originals/api/sessions', null, { trial: true, gameCode });
        expect([response.statusCode, messageOf(response)]).toEqual([404, 'game_not_found']);
      }
    });

    it('needs X-Originals-Session: missing or unknown → not_logged_in, expired → session_expired', async () => {
      const missing = await fx.get('/originals/api/balance', null);
      expect([missing.statusCode, messageOf(missing)]).toEqual([401, 'not_logged_in']);
      const unknown = await fx.get('/originals/api/rounds', 'not-a-session-token-at-all');
      expect([unknown.statusCode, messageOf(unknown)]).toEqual([401, 'not_logged_in']);
      const { token } = await fx.trial('dragon-tiger');
      await test.database.db
        .updateTable('inhouse_sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', await lastSessionId())
        .execute();
      const expired = await fx.post('/originals/api/rounds', token, {
        requestId: randomUUID(),
        bet: betFor('dragon-tiger'),
      });
      expect([expired.statusCode, messageOf(expired)]).toEqual([401, 'session_expired']);
    });
  });

  const lastSessionId = async () =>
    (
      await test.database.db
        .selectFrom('inhouse_sessions')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;

  describe('real-money rounds through the seamless wallet', () => {
    // Fishing titles play batches of shots (fishing.routes.test.ts), not bet rounds.
    it.each(
      Object.keys(INHOUSE_GAMES).filter((code) => INHOUSE_GAMES[code as 'lotus-fortune'].game !== 'fishing'),
    )('%s: debits the stake, credits the payout, closes the platform round', async (code) => {
      const funded = 1_000_000n;
      const member = await fx.wallet.member({ fundMinor: funded });
      const { token } = await fx.open(member.id, code);
      const bet = betFor(code);
      let expected = funded;
      for (let i = 0; i < 3; i += 1) {
        const { round, balanceMinor, seed } = await playOk(token, bet);
        const stake = stakeOfBet(bet);
        expect(round).toMatchObject({ gameCode: code, trial: false, nonce: i, serverSeed: null });
        expect(round.stakeMinor).toBe(String(stake));
        expect(round.payoutMinor).toBe((round.outcome as GameOutcome).totalPayMinor);
        expect(seed.nonce).toBe(i + 1);
        expected = expected - stake + BigInt(round.payoutMinor);
        expect(balanceMinor).toBe(String(expected));
        expect(await fx.wallet.main(member.id)).toBe(expected);
        const platformRound = await test.database.db
          .selectFrom('game_rounds')
          .selectAll()
          .where('vendor_id', '=', fx.vendorId)
          .where('round_id', '=', round.roundId)
          .executeTakeFirstOrThrow();
        expect(platformRound).toMatchObject({
          member_id: member.id,
          stake_minor: stake,
          payout_minor: BigInt(round.payoutMinor),
          status: 'settled',
        });
      }
      const stored = await test.database.db
        .selectFrom('inhouse_rounds')
        .select('status')
        .where('player_ref', '=', String(member.id))
        .execute();
      expect(stored.map((row) => row.status)).toEqual(['settled', 'settled', 'settled']);
    });

    it('replays a repeated requestId: the same round, one debit', async () => {
      const member = await fx.wallet.member({ fundMinor: 100_000n });
      const { token } = await fx.open(member.id, 'tiger-temple');
      const requestId = randomUUID();
      const first = await playOk(token, betFor('tiger-temple'), requestId);
      const balance = await fx.wallet.main(member.id);
      const again = await playOk(token, betFor('tiger-temple'), requestId);
      expect(again.round).toEqual(first.round);
      expect(again.balanceMinor).toBe(String(balance));
      expect(await fx.wallet.main(member.id)).toBe(balance);
      const debits = await test.database.db
        .selectFrom('vendor_transactions')
        .select('txn_id')
        .where('member_id', '=', member.id)
        .where('kind', '=', 'debit')
        .execute();
      expect(debits).toEqual([{ txn_id: `${first.round.roundId}:bet` }]);
    });

    it('refuses a stake above the balance with insufficient_funds and stores nothing', async () => {
      const member = await fx.wallet.member({ fundMinor: 1n });
      const { token } = await fx.open(member.id, 'dragon-tiger');
      const response = await fx.post('/originals/api/rounds', token, {
        requestId: randomUUID(),
        bet: betFor('dragon-tiger'),
      });
      expect([response.statusCode, messageOf(response)]).toEqual([409, 'insufficient_funds']);
      expect((response.json() as { value: { balanceMinor: string } }).value.balanceMinor).toBe('1');
      const rounds = await test.database.db
        .selectFrom('inhouse_rounds')
        .select('id')
        .where('player_ref', '=', String(member.id))
        .execute();
      expect(rounds).toEqual([]);
      const seed = await fx.get('/originals/api/rounds', token);
      expect(roundsResponse.parse(seed.json()).value.list).toEqual([]);
      // The nonce was not used: the next round (once funded) plays nonce 0.
      await fx.wallet.fund(member.id, 100_000n);
      const { round } = await playOk(token, betFor('dragon-tiger'));
      expect(round.nonce).toBe(0);
    });

    it('refuses a bad bet with the rule error of packages/games and moves no money', async () => {
      const member = await fx.wallet.member({ fundMinor: 100_000n });
      const { token } = await fx.open(member.id, 'lotus-fortune');
      const before = await countOf('vendor_transactions');
      const offList = await fx.post('/originals/api/rounds', token, {
        requestId: randomUUID(),
        bet: { game: 'slot', betMinor: '101' },
      });
      expect(offList.statusCode).toBe(400);
      expect(['bet_invalid', 'bet_limit']).toContain(messageOf(offList));
      const wrongGame = await fx.post('/originals/api/rounds', token, {
        requestId: randomUUID(),
        bet: betFor('dragon-tiger'),
      });
      expect([wrongGame.statusCode, messageOf(wrongGame)]).toEqual([400, 'bet_invalid']);
      expect(await countOf('vendor_transactions')).toBe(before);
      expect(await fx.wallet.main(member.id)).toBe(100_000n);
    });

    it('plays 10 rounds at once from one session: each nonce once, balance consistent', async () => {
      const funded = 1_000_000n;
      const member = await fx.wallet.member({ fundMinor: funded });
      const { token } = await fx.open(member.id, 'monsoon-gems');
      const bet = betFor('monsoon-gems');
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          fx.post('/originals/api/rounds', token, { requestId: randomUUID(), bet }),
        ),
      );
      const rounds = responses.map((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return playRoundResponse.parse(response.json()).value.round;
      });
      expect(rounds.map((round) => round.nonce).sort((a, b) => a - b)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
      const net = rounds.reduce(
        (sum, round) => sum - BigInt(round.stakeMinor) + BigInt(round.payoutMinor),
        0n,
      );
      expect(await fx.wallet.main(member.id)).toBe(funded + net);
    });
  });

  describe('trial rounds', () => {
    it('move only the play money: no wallet call, no ledger entry', async () => {
      const { token } = await fx.trial('european-roulette');
      const entries = await countOf('journal_entries');
      const txns = await countOf('vendor_transactions');
      const bet = betFor('european-roulette');
      let expected = DEMO_BALANCE_MINOR;
      for (let i = 0; i < 4; i += 1) {
        const { round, balanceMinor } = await playOk(token, bet);
        expect(round).toMatchObject({ trial: true, nonce: i });
        expected = expected - stakeOfBet(bet) + BigInt(round.payoutMinor);
        expect(balanceMinor).toBe(String(expected));
      }
      const balance = await fx.get('/originals/api/balance', token);
      expect(originalsBalanceResponse.parse(balance.json()).value.balanceMinor).toBe(String(expected));
      expect(await countOf('journal_entries')).toBe(entries);
      expect(await countOf('vendor_transactions')).toBe(txns);
    });

    it('refuses a stake above the play money', async () => {
      const { token } = await fx.trial('dragon-tiger');
      await test.database.db
        .updateTable('inhouse_sessions')
        .set({ demo_balance_minor: 5n })
        .where('id', '=', await lastSessionId())
        .execute();
      const response = await fx.post('/originals/api/rounds', token, {
        requestId: randomUUID(),
        bet: betFor('dragon-tiger'),
      });
      expect([response.statusCode, messageOf(response)]).toEqual([409, 'insufficient_funds']);
      expect((response.json() as { value: { balanceMinor: string } }).value.balanceMinor).toBe('5');
    });
  });

  describe('provably fair seeds', () => {
    it('rotation reveals the seed, and verifyRound recomputes every round played on it', async () => {
      const member = await fx.wallet.member({ fundMinor: 1_000_000n });
      const { token, serverSeedHash: committed } = await fx.open(member.id, 'european-roulette');
      const bets = new Map<string, Bet>();
      for (const code of ['european-roulette'] as const) {
        for (let i = 0; i < 5; i += 1) {
          const bet = betFor(code);
          const { round } = await playOk(token, bet);
          bets.set(round.roundId, bet);
        }
      }
      const rotated = await fx.post('/originals/api/seeds/rotate', token);
      expect(rotated.statusCode, rotated.body).toBe(200);
      const { revealed, seed } = rotateSeedResponse.parse(rotated.json()).value;
      expect(revealed.serverSeedHash).toBe(committed);
      expect(serverSeedHash(revealed.serverSeed)).toBe(committed);
      expect(revealed.rounds).toBe(5);
      expect(seed.nonce).toBe(0);
      expect(seed.serverSeedHash).not.toBe(committed);
      expect(seed.clientSeed).toBe(revealed.clientSeed);

      const list = roundsResponse.parse(
        (await fx.get('/originals/api/rounds?pageSize=50', token)).json(),
      ).value;
      expect(list.list).toHaveLength(5);
      expect(list.list.map((round) => round.nonce)).toEqual([4, 3, 2, 1, 0]);
      for (const round of list.list) {
        expect(round.serverSeed).toBe(revealed.serverSeed);
        const inputs: FairInputs = {
          serverSeed: revealed.serverSeed,
          clientSeed: round.clientSeed,
          nonce: round.nonce,
        };
        const bet = bets.get(round.roundId);
        expect(bet).toBeDefined();
        expect(verifyRound(round.gameCode as never, bet as never, inputs, round.outcome as never)).toBe(true);
        // A stored outcome with another pocket does not verify (the check can fail).
        const pocket = (round.outcome as { pocket: number }).pocket;
        const tampered = { ...round.outcome, pocket: (pocket + 1) % 37 };
        expect(verifyRound(round.gameCode as never, bet as never, inputs, tampered as never)).toBe(false);
      }

      // Rounds on the new seed hide its server seed until the next rotation.
      const { round } = await playOk(token, betFor('european-roulette'));
      expect(round).toMatchObject({ nonce: 0, serverSeed: null, serverSeedHash: seed.serverSeedHash });
    });

    it('a new client seed rotates too: the old seed is revealed, the next round uses the new pair at nonce 0', async () => {
      const { token } = await fx.trial('lotus-fortune');
      const { round: before } = await playOk(token, betFor('lotus-fortune'));
      const response = await fx.put('/originals/api/seeds/client', token, {
        clientSeed: 'my-own-lucky-seed',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { revealed, seed } = rotateSeedResponse.parse(response.json()).value;
      expect(revealed).toMatchObject({
        rounds: 1,
        clientSeed: before.clientSeed,
        serverSeedHash: before.serverSeedHash,
      });
      expect(seed).toMatchObject({ clientSeed: 'my-own-lucky-seed', nonce: 0 });
      const { round } = await playOk(token, betFor('lotus-fortune'));
      expect(round).toMatchObject({
        clientSeed: 'my-own-lucky-seed',
        nonce: 0,
        serverSeedHash: seed.serverSeedHash,
      });
      const old = roundResponse.parse(
        (await fx.get(`/originals/api/rounds/${before.roundId}`, token)).json(),
      ).value;
      expect(old.round.serverSeed).toBe(revealed.serverSeed);
      expect(
        verifyRound(
          'lotus-fortune',
          betFor('lotus-fortune') as never,
          { serverSeed: revealed.serverSeed, clientSeed: before.clientSeed, nonce: 0 },
          old.round.outcome as never,
        ),
      ).toBe(true);

      const bad = await fx.put('/originals/api/seeds/client', token, { clientSeed: 'has space' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('round history', () => {
    it("shows a player's own rounds only: another player's round is not found", async () => {
      const alice = await fx.wallet.member({ fundMinor: 100_000n });
      const bob = await fx.wallet.member({ fundMinor: 100_000n });
      const aliceSession = await fx.open(alice.id, 'dragon-tiger');
      const bobSession = await fx.open(bob.id, 'dragon-tiger');
      const { round } = await playOk(aliceSession.token, betFor('dragon-tiger'));

      const own = await fx.get(`/originals/api/rounds/${round.roundId}`, aliceSession.token);
      expect(own.statusCode).toBe(200);
      expect(roundResponse.parse(own.json()).value.round).toEqual(round);
      const theirs = await fx.get(`/originals/api/rounds/${round.roundId}`, bobSession.token);
      expect([theirs.statusCode, messageOf(theirs)]).toEqual([404, 'not_found']);
      const nonsense = await fx.get('/originals/api/rounds/LOT-abc', aliceSession.token);
      expect(nonsense.statusCode).toBe(404);
      const bobList = roundsResponse.parse(
        (await fx.get('/originals/api/rounds', bobSession.token)).json(),
      ).value;
      expect(bobList).toEqual({ list: [], pageNum: 1, totalPages: 0 });
    });

    it('pages newest first', async () => {
      const { token } = await fx.trial('dragon-tiger');
      const played: string[] = [];
      for (let i = 0; i < 3; i += 1) played.push((await playOk(token, betFor('dragon-tiger'))).round.roundId);
      const page1 = roundsResponse.parse(
        (await fx.get('/originals/api/rounds?pageSize=2', token)).json(),
      ).value;
      const page2 = roundsResponse.parse(
        (await fx.get('/originals/api/rounds?pageSize=2&pageNo=2', token)).json(),
      ).value;
      expect(page1.totalPages).toBe(2);
      expect([...page1.list, ...page2.list].map((round) => round.roundId)).toEqual(played.reverse());
    });

    it('lists one game only with gameCode (the game screen recalls its own last rounds)', async () => {
      const member = await fx.wallet.member({ fundMinor: 1_000_000n });
      const slot = await fx.open(member.id, 'lotus-fortune');
      const table = await fx.open(member.id, 'dragon-tiger');
      const slotRounds = [
        (await playOk(slot.token, betFor('lotus-fortune'))).round.roundId,
        (await playOk(slot.token, betFor('lotus-fortune'))).round.roundId,
      ];
      await playOk(table.token, betFor('dragon-tiger'));
      const only = roundsResponse.parse(
        (await fx.get('/originals/api/rounds?pageSize=10&gameCode=lotus-fortune', table.token)).json(),
      ).value;
      expect(only.list.map((round) => round.roundId)).toEqual(slotRounds.reverse());
      expect(only.totalPages).toBe(1);
      const all = roundsResponse.parse((await fx.get('/originals/api/rounds', table.token)).json()).value;
      expect(all.list).toHaveLength(3);
      const bad = await fx.get('/originals/api/rounds?gameCode=%27%3B--', table.token);
      expect(bad.statusCode).toBe(400);
    });
  });
});
