import { ledgerIn } from '../../modules/ledger/ledger.ts';
import { PointsRepository } from '../../modules/points/points.repository.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * The demo brand's points (docs/points.md): earning rates for the game types the demo plays, a conversion
 * of 100 points to ₹1.00, six mall rewards (goods and cash vouchers, pictures under apps/web/public/points)
 * and 1,500 points for the demo player. Idempotent: the config and rewards are only written when the brand
 * has none, and the demo player's points are one entry under a fixed key, so a second seed replays it.
 */
export const DEMO_POINT_RATES = [
  // One point for every ₹10.00 of valid turnover in slots, fishing, table games and sports, ₹20.00 elsewhere.
  { gameType: 'RNG', turnoverMinor: 1000n, points: 1n },
  { gameType: 'FISH', turnoverMinor: 1000n, points: 1n },
  { gameType: 'TG', turnoverMinor: 1000n, points: 1n },
  { gameType: 'SPORTS', turnoverMinor: 1000n, points: 1n },
  { gameType: 'LIVE', turnoverMinor: 2000n, points: 1n },
  { gameType: 'PVP', turnoverMinor: 2000n, points: 1n },
  { gameType: 'ESPORTS', turnoverMinor: 2000n, points: 1n },
];

export const DEMO_POINT_REWARDS = [
  { kind: 'goods', nameEn: 'Lotus tea mug', nameHi: 'लोटस चाय मग', image: 'mug', points: 300n, stock: 40 },
  { kind: 'goods', nameEn: 'Lotus T-shirt', nameHi: 'लोटस टी-शर्ट', image: 'tshirt', points: 800n, stock: 25 },
  {
    kind: 'goods',
    nameEn: 'Wireless earbuds',
    nameHi: 'वायरलेस ईयरबड्स',
    image: 'earbuds',
    points: 2500n,
    stock: 10,
  },
  { kind: 'goods', nameEn: 'Smart watch', nameHi: 'स्मार्ट घड़ी', image: 'watch', points: 6000n, stock: 5 },
  {
    kind: 'cash',
    nameEn: '₹50 cash voucher',
    nameHi: '₹50 कैश वाउचर',
    image: 'voucher-50',
    points: 450n,
    cashMinor: 5000n,
    stock: 200,
  },
  {
    kind: 'cash',
    nameEn: '₹200 cash voucher',
    nameHi: '₹200 कैश वाउचर',
    image: 'voucher-200',
    points: 1800n,
    cashMinor: 20_000n,
    stock: 100,
  },
] as const;

export const DEMO_PLAYER_POINTS = { username: 'demo_player', points: 1500n };

export async function seedDemoPoints(trx: Tx, brandId: bigint): Promise<number> {
  const points = new PointsRepository(trx);
  let added = 0;
  if ((await points.rates(brandId)).length === 0 && !(await points.settings(brandId))) {
    await points.replaceConfig(
      brandId,
      { points: 100n, amountMinor: 100n, minPoints: 100n },
      DEMO_POINT_RATES,
    );
    added += 1;
  }
  if ((await points.rewards(brandId, false)).length === 0) {
    for (const [index, reward] of DEMO_POINT_REWARDS.entries()) {
      await points.insertReward({
        brandId,
        kind: reward.kind,
        nameEn: reward.nameEn,
        nameHi: reward.nameHi,
        imageUrl: `/points/${reward.image}.svg`,
        pointsPrice: reward.points,
        cashAmountMinor: 'cashMinor' in reward ? reward.cashMinor : null,
        stock: reward.stock,
        enabled: true,
        sort: (index + 1) * 10,
      });
      added += 1;
    }
  }
  const member = await trx
    .selectFrom('members')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('username', '=', DEMO_PLAYER_POINTS.username)
    .executeTakeFirst();
  if (member) {
    const account = await points.ensurePointsAccount(member.id);
    const entry = await ledgerIn(trx).post({
      brandId,
      idempotencyKey: `seed:points:${DEMO_PLAYER_POINTS.username}`,
      kind: 'points_earn',
      memo: 'Demo points',
      createdBy: 'seed',
      postings: [
        { system: 'points_pool', amountMinor: -DEMO_PLAYER_POINTS.points },
        { accountId: account.id, amountMinor: DEMO_PLAYER_POINTS.points },
      ],
    });
    if (!entry.replayed) added += 1;
  }
  return added;
}
