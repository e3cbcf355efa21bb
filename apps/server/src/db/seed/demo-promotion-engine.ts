import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { PromotionRuleRow } from '../tables/promotion-engine.ts';

type SeedRules = Omit<PromotionRuleRow, 'promotion_id' | 'brand_id' | 'updated_at'>;

/**
 * The promotion engine's demo rules (issue 19; docs/promotion-engine.md), on two of the demo promotions:
 * - `welcome-bonus`: automatic, 100 % of the first deposit (at least ₹200.00) up to ₹5,000.00, wagered 10×
 *   with slots (RNG) counting 100 % and live casino 10 %. The demo player joins, deposits (the gateway
 *   simulator) and claims; a player who has deposited gets it at once.
 * - `big-win-bonus`: manual, with the application form (remark and screenshots), a fixed ₹200.00 wagered 3×
 *   on slots; an operator approves it (`npm run ops -- promotion:applications`, `promotion:approve <id>`).
 * Idempotent: rules already there (perhaps changed by an operator) are left alone.
 */
export const DEMO_PROMOTION_RULES: Record<string, SeedRules> = {
  'welcome-bonus': {
    approval: 'auto',
    has_form: false,
    new_players_days: null,
    min_deposit_count: 1,
    min_vip_level: 0,
    qualifying_deposit: 'first',
    min_deposit_minor: 20_000n,
    award_kind: 'deposit_percent',
    award_fixed_minor: null,
    award_percent_bps: 10_000,
    award_cap_minor: 500_000n,
    award_game_code: null,
    award_rounds: null,
    award_stake_minor: null,
    wagering_multiple: 10,
    wagering_weights: { RNG: 10_000, LIVE: 1_000 },
    created_by: 'seed',
  },
  'big-win-bonus': {
    approval: 'manual',
    has_form: true,
    new_players_days: null,
    min_deposit_count: 0,
    min_vip_level: 0,
    qualifying_deposit: null,
    min_deposit_minor: 0n,
    award_kind: 'fixed',
    award_fixed_minor: 20_000n,
    award_percent_bps: null,
    award_cap_minor: null,
    award_game_code: null,
    award_rounds: null,
    award_stake_minor: null,
    wagering_multiple: 3,
    wagering_weights: { RNG: 10_000 },
    created_by: 'seed',
  },
};

export async function seedDemoPromotionEngine(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  let added = 0;
  for (const [code, rules] of Object.entries(DEMO_PROMOTION_RULES)) {
    const promotion = await trx
      .selectFrom('promotions')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!promotion) continue;
    const inserted = await trx
      .insertInto('promotion_rules')
      .values({
        ...rules,
        promotion_id: promotion.id,
        brand_id: brandId,
        wagering_weights: JSON.stringify(rules.wagering_weights),
      })
      .onConflict((oc) => oc.column('promotion_id').doNothing())
      .returning('promotion_id')
      .executeTakeFirst();
    if (inserted) added += 1;
  }
  return added;
}
