import { randomUUID } from 'node:crypto';
import {
  LOTTERY_SESSION_HEADER,
  LOTTERY_VENDOR_CODE,
  lotterySessionResponseSchema,
} from '@lotus/shared/lottery.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ensureGame, gameIdOf } from '../../../test/helpers/games-fixture.ts';
import type { WalletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { Clock } from '../../lib/clock.ts';
import { bookFixtureBase } from '../inhouse-vendor/inhouse-book.fixture.ts';

/** The secret the tests give the LOTTO vendor. */
export const TEST_LOTTO_SECRET = 'lottery-engine-test-secret-0123456789abcdef';

export type EngineGame = { id: bigint; code: string };
export type EngineDrawRef = { id: bigint; drawId: string; closesAt: Date };

export type LotteryEngineFixture = {
  wallet: WalletFixture;
  vendorId: bigint;
  /** A VN north game of vendor LOTTO (margin 5 %, stakes 1.00–10,000.00 a line, 5 lines a slip). */
  game(options?: { maxPayoutMinor?: bigint }): Promise<EngineGame>;
  /** A scheduled draw of the game, open now (by the test clock) and closing in `closesInMs`. */
  draw(game: EngineGame, closesInMs?: number): Promise<EngineDrawRef>;
  /** Launches the game for the member and opens a lottery session: the session token. */
  open(memberId: bigint, game: EngineGame): Promise<string>;
  place(
    token: string,
    drawId: string,
    lines: { betType: string; selection: string; stakeMinor: string }[],
    requestId?: string,
  ): Promise<LightMyRequestResponse>;
  get(url: string, token: string | null): Promise<LightMyRequestResponse>;
  /** The draw drawn with this result (as the draw job or a confirmed external entry would). */
  setResult(draw: EngineDrawRef, result: unknown): Promise<void>;
  /** The draw cancelled by an operator (as the draws part's cancel would). */
  cancel(draw: EngineDrawRef): Promise<void>;
};

let drawCounter = 0;

/**
 * The lottery engine switched on as an operator would (rows written directly; the draws part's calendar is
 * not needed): vendor LOTTO with a wallet secret, catalogue games with their `lottery_games` rows, draws.
 */
export async function lotteryEngineFixture(
  app: FastifyInstance,
  database: DatabaseHandle,
  clock: Clock,
): Promise<LotteryEngineFixture> {
  const { db, wallet, vendorId, calls } = await bookFixtureBase(app, database, {
    vendor: { code: LOTTERY_VENDOR_CODE, secret: TEST_LOTTO_SECRET, launchUrl: '/lottery', name: 'Lotto' },
    sessionUrl: '/lotto/api/session',
    header: LOTTERY_SESSION_HEADER,
    subnet: 20,
    tokenOf: (body) => lotterySessionResponseSchema.parse(body).value.sessionToken,
  });

  const fixture: LotteryEngineFixture = {
    wallet,
    vendorId,
    async game(options = {}) {
      const code = `t-vn-${randomUUID().slice(0, 8)}`;
      await ensureGame(db, {
        brandId: wallet.brandId,
        vendorId,
        gameType: 'LOTT',
        gameCode: code,
        names: { EN: `Test VN ${code}`, HI: `टेस्ट ${code}` },
      });
      const row = await db
        .insertInto('lottery_games')
        .values({
          brand_id: wallet.brandId,
          game_id: await gameIdOf(db, vendorId, code),
          game_code: code,
          family: 'vn',
          variant: 'north',
          region: 'NORTH',
          source: 'external',
          schedule: JSON.stringify({ kind: 'interval', everySeconds: 300, closeBeforeSeconds: 15 }),
          margin_bp: 500,
          min_stake_minor: 100n,
          max_stake_minor: 1_000_000n,
          max_lines: 5,
          max_payout_minor: options.maxPayoutMinor ?? 50_000_000n,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, code };
    },
    async draw(game, closesInMs = 60_000) {
      drawCounter += 1;
      const now = clock.now().getTime();
      const closesAt = new Date(now + closesInMs);
      const drawNo = `20260101-${String(drawCounter).padStart(4, '0')}`;
      const row = await db
        .insertInto('lottery_draws')
        .values({
          game_id: game.id,
          draw_no: drawNo,
          opens_at: new Date(now - 60_000),
          closes_at: closesAt,
          draws_at: new Date(closesAt.getTime() + 15_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, drawId: `${game.code}-${drawNo}`, closesAt };
    },
    open: (memberId, game) => calls.open(memberId, game.code),
    place: (token, drawId, lines, requestId = randomUUID()) =>
      calls.post('/lotto/api/slips', token, { requestId, drawId, lines }),
    get: calls.get,
    async setResult(draw, result) {
      await db
        .updateTable('lottery_draws')
        .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: clock.now() })
        .where('id', '=', draw.id)
        .execute();
    },
    async cancel(draw) {
      await db
        .updateTable('lottery_draws')
        .set({
          status: 'cancelled',
          cancelled_at: clock.now(),
          cancelled_by: 'test-operator',
          cancel_reason: 'test',
        })
        .where('id', '=', draw.id)
        .execute();
    },
  };
  return fixture;
}

/**
 * A VN north result (27 prizes) whose last two digits avoid 27 and 99, except that the first prize ends in
 * 27 and the seventh prize's first number is 27: a lô on 27 hits twice, a đề on 99 loses (special 12345).
 */
export function vnNorthResultWithTwo27s(): unknown {
  const shape: [string, number, number][] = [
    ['special', 1, 5],
    ['first', 1, 5],
    ['second', 2, 5],
    ['third', 6, 5],
    ['fourth', 4, 4],
    ['fifth', 6, 4],
    ['sixth', 3, 3],
    ['seventh', 4, 2],
  ];
  let filler = 30;
  const tiers = shape.map(([tier, count, width]) => ({
    tier,
    numbers: Array.from({ length: count }, () => {
      filler += 1;
      return `${'5'.repeat(width - 2)}${filler}`;
    }),
  }));
  const at = (tier: string) => tiers.find((one) => one.tier === tier)?.numbers as string[];
  at('special')[0] = '12345';
  at('first')[0] = '00027';
  at('seventh')[0] = '27';
  return { family: 'vn', variant: 'north', tiers };
}
