import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Issue 19 (H7): the demo promotion `lotus-free-spins` (demo-promotions.ts) awards 10 free rounds of the
 * studio slot Lotus Fortune at 10.00: automatic, no form, no wagering (winnings are cash). The demo player
 * joins on the promotion page and plays them from Bonus details. Rules already there are left alone.
 */
export async function seedDemoFreeRounds(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  const promotion = await trx
    .selectFrom('promotions')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('code', '=', 'lotus-free-spins')
    .executeTakeFirst();
  if (!promotion) return 0;
  const inserted = await trx
    .insertInto('promotion_rules')
    .values({
      promotion_id: promotion.id,
      brand_id: brandId,
      approval: 'auto',
      has_form: false,
      new_players_days: null,
      min_deposit_count: 0,
      min_vip_level: 0,
      qualifying_deposit: null,
      min_deposit_minor: 0n,
      award_kind: 'free_rounds',
      award_fixed_minor: null,
      award_percent_bps: null,
      award_cap_minor: null,
      award_game_code: 'lotus-fortune',
      award_rounds: 10,
      award_stake_minor: 1_000n,
      wagering_multiple: 0,
      wagering_weights: JSON.stringify({}),
      created_by: 'seed',
    })
    .onConflict((oc) => oc.column('promotion_id').doNothing())
    .returning('promotion_id')
    .executeTakeFirst();
  return inserted ? 1 : 0;
}
