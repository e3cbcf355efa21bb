import { createHmac, randomBytes } from 'node:crypto';
import { type Hmac, sha256Hex } from '@lotus/games/fair';
import { drawLotteryResult, type LotteryFamily, type LotteryVariant } from '@lotus/games/lottery/index';
import { LOTTERY_VENDOR_CODE, type LotterySchedule } from '@lotus/shared/lottery.schema';
import { type Kysely, sql } from 'kysely';
import {
  DAILY_HORIZON_MS,
  INTERVAL_HORIZON_MS,
  type PlannedDraw,
  plannedDraws,
} from '../../modules/lottery/draw-calendar.ts';
import { freshSeed } from '../../modules/lottery/lottery-draws.service.ts';
import type { Database } from '../schema.ts';

/**
 * The demo brand's lottery (docs/lottery.md "Demo games"): vendor LOTTO (in-house, launch URL /lottery, its
 * own wallet secret, game types LOTT and ELOTT), the 13 demo games, their draws ahead (the calendar run
 * once, as the schedule job would) and a history so the boards are not empty: external games' past results
 * entered by `seed-operator-a` and confirmed by `seed-operator-b` (from a fixed seed, so they look real and
 * every seed run draws the same), in-house games' past draws drawn from their own committed seeds.
 * Additive: a brand that already has the LOTTO vendor is left as it is (an operator's games survive).
 */

type DemoLotteryGame = {
  code: string;
  names: { EN: string; HI: string };
  family: LotteryFamily;
  variant: LotteryVariant;
  region: string;
  source: 'inhouse' | 'external';
  gameType: 'LOTT' | 'ELOTT';
  schedule: LotterySchedule;
  marginBp: number;
};

const HCM = 'Asia/Ho_Chi_Minh';
const every = (seconds: number, close: number): LotterySchedule => ({
  kind: 'interval',
  everySeconds: seconds,
  closeBeforeSeconds: close,
});
const daily = (timeZone: string, time: string, weekdays: number[]): LotterySchedule => ({
  kind: 'daily',
  timeZone,
  time,
  weekdays,
  closeBeforeSeconds: 900,
});
const game = (
  code: string,
  EN: string,
  HI: string,
  family: LotteryFamily,
  variant: LotteryVariant,
  region: string,
  source: 'inhouse' | 'external',
  schedule: LotterySchedule,
): DemoLotteryGame => ({
  code,
  names: { EN, HI },
  family,
  variant,
  region,
  source,
  gameType: family === 'keno' ? 'ELOTT' : 'LOTT',
  schedule,
  marginBp: family === 'keno' ? 800 : 500,
});

export const DEMO_LOTTERY_GAMES: DemoLotteryGame[] = [
  game(
    'vn-north',
    'Vietnam North',
    'वियतनाम उत्तर',
    'vn',
    'north',
    'NORTH',
    'external',
    daily(HCM, '18:15', [1, 2, 3, 4, 5, 6, 7]),
  ),
  game(
    'vn-hcm',
    'Ho Chi Minh City',
    'हो ची मिन्ह सिटी',
    'vn',
    'south',
    'SOUTH',
    'external',
    daily(HCM, '16:15', [1, 6]),
  ),
  game('vn-danang', 'Da Nang', 'दा नांग', 'vn', 'south', 'CENTRAL', 'external', daily(HCM, '17:15', [3, 6])),
  game('vn-fast-1', 'VN Fast 1 min', 'वीएन फ़ास्ट 1 मिनट', 'vn', 'north', 'FAST', 'inhouse', every(60, 5)),
  game('vn-fast-5', 'VN Fast 5 min', 'वीएन फ़ास्ट 5 मिनट', 'vn', 'south', 'FAST', 'inhouse', every(300, 15)),
  game(
    'sea-4d',
    'SEA 4D',
    'एसईए 4D',
    'sea4d',
    '',
    'SEA',
    'external',
    daily('Asia/Singapore', '18:30', [3, 6, 7]),
  ),
  game('sea-4d-fast', 'SEA 4D Fast', 'एसईए 4D फ़ास्ट', 'sea4d', '', 'SEA', 'inhouse', every(300, 15)),
  game('sea-6d', 'SEA 6D', 'एसईए 6D', 'sea6d', '', 'SEA', 'inhouse', every(300, 15)),
  game('lott-5d', 'Lott 5D', 'लॉट 5D', 'lott5d', '', 'LOTT', 'inhouse', every(60, 5)),
  game('lott-dice', 'Fast Dice', 'फ़ास्ट डाइस', 'dice3', '', 'LOTT', 'inhouse', every(60, 5)),
  game('lott-11x5', '11 Pick 5', '11 में से 5', 'pick11x5', '', 'LOTT', 'inhouse', every(180, 10)),
  game('lott-race', 'Speed Race 10', 'स्पीड रेस 10', 'race10', '', 'LOTT', 'inhouse', every(180, 10)),
  game('elott-keno', 'Keno 80', 'कीनो 80', 'keno', '', 'ELOTT', 'inhouse', every(120, 10)),
];

/** ₹1–₹10,000 a line, 20 lines, ₹5,00,000 the most one draw pays on one selection (minor units). */
const MIN_STAKE_MINOR = 100n;
const MAX_STAKE_MINOR = 1_000_000n;
const MAX_PAYOUT_MINOR = 50_000_000n;
const MAX_LINES = 20;
/** Past draws each game shows: ~30 official results per external game, 20 in-house draws. */
const EXTERNAL_HISTORY = 30;
const INHOUSE_HISTORY = 20;
export const SEED_OPERATOR_A = 'seed-operator-a';
export const SEED_OPERATOR_B = 'seed-operator-b';
/** The fixed seed of the demo's "official" results: the same history on every seed run. */
const HISTORY_SEED = sha256Hex('lotus demo lottery history');

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();

/** The last `count` draws of a calendar at or before `now`, oldest first (they chain into the draws ahead). */
export function pastDraws(schedule: LotterySchedule, now: Date, count: number): PlannedDraw[] {
  const step = schedule.kind === 'interval' ? INTERVAL_HORIZON_MS : DAILY_HORIZON_MS;
  const byNo = new Map<string, PlannedDraw>();
  for (let back = 1; byNo.size < count && back <= 60; back += 1) {
    for (const draw of plannedDraws(schedule, new Date(now.getTime() - back * step))) {
      if (draw.drawsAt.getTime() <= now.getTime()) byNo.set(draw.drawNo, draw);
    }
  }
  return [...byNo.values()].sort((a, b) => a.drawsAt.getTime() - b.drawsAt.getTime()).slice(-count);
}

const MINUTE_MS = 60_000;

export async function seedDemoLottery(
  trx: Kysely<Database>,
  brandId: bigint,
  now = new Date(),
): Promise<number> {
  const vendor = await trx
    .insertInto('vendors')
    .values({
      brand_id: brandId,
      vassalage: LOTTERY_VENDOR_CODE,
      display_name: JSON.stringify({ EN: 'Lotus Lottery', HI: 'लोटस लॉटरी' }),
      logo_url: '/brand/vendors/lotus.svg',
      is_game: 'LOBBY',
      maintenance: false,
      category_tags: [],
      sort: 1,
      integration: 'inhouse',
      launch_url: '/lottery',
      // The HMAC key of the seamless-wallet protocol (docs/vendor-protocol.md); never leaves the server.
      wallet_secret: randomBytes(32).toString('hex'),
    })
    .onConflict((conflict) => conflict.columns(['brand_id', 'vassalage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!vendor) return 0;
  let rows = 1;
  await trx
    .insertInto('vendor_game_types')
    .values([
      { vendor_id: vendor.id, game_type: 'LOTT', sort: 0 },
      { vendor_id: vendor.id, game_type: 'ELOTT', sort: 1 },
    ])
    .execute();
  rows += 2;
  for (const [index, demo] of DEMO_LOTTERY_GAMES.entries()) {
    rows += await seedGame(trx, brandId, vendor.id, demo, index, now);
  }
  return rows;
}

async function seedGame(
  trx: Kysely<Database>,
  brandId: bigint,
  vendorId: bigint,
  demo: DemoLotteryGame,
  sort: number,
  now: Date,
): Promise<number> {
  const catalogue = await trx
    .insertInto('games')
    .values({
      brand_id: brandId,
      vendor_id: vendorId,
      game_type: demo.gameType,
      game_code: demo.code,
      names: JSON.stringify(demo.names),
      icon_url: null,
      min_bet_minor: MIN_STAKE_MINOR,
      max_bet_minor: MAX_STAKE_MINOR,
      game_classify: null,
      sort,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lotteryGame = await trx
    .insertInto('lottery_games')
    .values({
      brand_id: brandId,
      game_id: catalogue.id,
      game_code: demo.code,
      family: demo.family,
      variant: demo.variant,
      region: demo.region,
      source: demo.source,
      schedule: JSON.stringify(demo.schedule),
      margin_bp: demo.marginBp,
      min_stake_minor: MIN_STAKE_MINOR,
      max_stake_minor: MAX_STAKE_MINOR,
      max_lines: MAX_LINES,
      max_payout_minor: MAX_PAYOUT_MINOR,
      sort,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inhouse = demo.source === 'inhouse';
  const window = (draw: PlannedDraw) => ({
    game_id: lotteryGame.id,
    draw_no: draw.drawNo,
    opens_at: draw.opensAt,
    closes_at: draw.closesAt,
    draws_at: draw.drawsAt,
  });
  const past = pastDraws(demo.schedule, now, inhouse ? INHOUSE_HISTORY : EXTERNAL_HISTORY);
  const ahead = plannedDraws(demo.schedule, now);
  const pastRows = past.map((draw) => {
    const drawId = `${demo.code}-${draw.drawNo}`;
    if (inhouse) {
      const { seed, seedHash } = freshSeed();
      const result = drawLotteryResult(demo.family, demo.variant, seed, drawId, nodeHmac);
      return {
        ...window(draw),
        status: 'drawn' as const,
        seed,
        seed_hash: seedHash,
        result: JSON.stringify(result),
        drawn_at: draw.drawsAt,
      };
    }
    const result = drawLotteryResult(demo.family, demo.variant, HISTORY_SEED, drawId, nodeHmac);
    return {
      ...window(draw),
      status: 'drawn' as const,
      result: JSON.stringify(result),
      drawn_at: new Date(Math.min(draw.drawsAt.getTime() + 20 * MINUTE_MS, now.getTime())),
    };
  });
  const seedColumns = () => {
    const { seed, seedHash } = freshSeed();
    return { seed, seed_hash: seedHash };
  };
  const aheadRows = ahead.map((draw) => (inhouse ? { ...window(draw), ...seedColumns() } : window(draw)));
  const inserted = await trx
    .insertInto('lottery_draws')
    .values([...pastRows, ...aheadRows])
    .returning(['id', 'draw_no', 'draws_at', 'drawn_at', 'result'])
    .execute();
  if (inhouse || pastRows.length === 0) return 2 + inserted.length;
  // External history: each result entered by one seed operator and confirmed by the other (four eyes).
  const drawn = inserted.filter((row) => row.result !== null);
  const entries = await trx
    .insertInto('lottery_result_entries')
    .values(
      drawn.map((row) => ({
        draw_id: row.id,
        result: JSON.stringify(row.result),
        source: 'api' as const,
        entered_by: SEED_OPERATOR_A,
        entered_at: new Date(Math.min(row.draws_at.getTime() + 10 * MINUTE_MS, now.getTime())),
        status: 'confirmed' as const,
        decided_by: SEED_OPERATOR_B,
        decided_at: row.drawn_at ?? row.draws_at,
      })),
    )
    .returning('id')
    .execute();
  // One statement links every draw to its confirmed entry (the guard allows it: result and status stay).
  await sql`update lottery_draws d set result_entry_id = e.id from lottery_result_entries e
    where e.draw_id = d.id and d.game_id = ${lotteryGame.id} and e.status = 'confirmed'`.execute(trx);
  return 2 + inserted.length + entries.length;
}
