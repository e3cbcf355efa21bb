import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The demo player's welcome reward in the reward centre (docs/api.md "Reward centre"): one unclaimed
 * ₹100.00 that never expires, granted by nobody (`granted_by` null = seed). Idempotent: a second seed finds
 * the row (by member and English title) and adds nothing, claimed or not, so a claimed welcome reward is
 * not handed out again.
 */
export const DEMO_WELCOME_REWARD = {
  username: 'demo_player',
  titleEn: 'Welcome reward',
  titleHi: 'स्वागत इनाम',
  // ₹100.00
  amountMinor: 10_000n,
};

export async function seedDemoRewards(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  const reward = DEMO_WELCOME_REWARD;
  const member = await trx
    .selectFrom('members')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('username', '=', reward.username)
    .executeTakeFirst();
  if (!member) return 0;
  const existing = await trx
    .selectFrom('member_rewards')
    .select('id')
    .where('member_id', '=', member.id)
    .where('title_en', '=', reward.titleEn)
    .where('granted_by', 'is', null)
    .executeTakeFirst();
  if (existing) return 0;
  const brand = await trx
    .selectFrom('brands')
    .select('currency')
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('member_rewards')
    .values({
      brand_id: brandId,
      member_id: member.id,
      title_en: reward.titleEn,
      title_hi: reward.titleHi,
      amount_minor: reward.amountMinor,
      currency: brand.currency,
      granted_by: null,
    })
    .execute();
  return 1;
}
