import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import {
  DEMO_BRAND,
  DEMO_DOMAINS,
  DEMO_REGISTRATION_RULES,
  DEMO_RESOURCES,
  DEMO_WHITELABEL,
} from './demo-brand.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoFreeRounds } from './demo-free-rounds.ts';
import { seedDemoGames } from './demo-games.ts';
import { seedDemoJackpot } from './demo-jackpot.ts';
import { seedDemoLottery } from './demo-lottery.ts';
import { seedDemoMessages } from './demo-messages.ts';
import { seedDemoMissions } from './demo-missions.ts';
import { seedDemoOperators } from './demo-operators.ts';
import { seedDemoPaymentMethods } from './demo-payment-methods.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoPromotionEngine } from './demo-promotion-engine.ts';
import { seedDemoPvp } from './demo-pvp.ts';
import { seedDemoRaffles } from './demo-raffles.ts';
import { seedDemoRanks } from './demo-ranks.ts';
import { seedDemoRewards } from './demo-rewards.ts';
import { seedDemoSportsbook } from './demo-sportsbook.ts';
import { seedDemoWallets } from './demo-wallets.ts';

export type SeedReport = { brandCreated: boolean; rowsAdded: number };

/** Arbitrary constant naming the seed's advisory lock, so concurrent starts seed one at a time. */
const SEED_LOCK_KEY = 7_310_001;

/**
 * Seeds the demo brand. Idempotent and additive: it only inserts rows that are missing (`on conflict do
 * nothing`), so running it again — or on a database an operator has edited — never overwrites a change.
 * One transaction under an advisory lock, so two server processes starting on the same PostgreSQL cannot
 * interleave.
 */
export async function seedDatabase(db: Kysely<Database>): Promise<SeedReport> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    let rowsAdded = 0;
    const count = (result: { numInsertedOrUpdatedRows?: bigint }[]) => {
      for (const row of result) rowsAdded += Number(row.numInsertedOrUpdatedRows ?? 0n);
    };

    const hasDefault = await trx
      .selectFrom('brands')
      .select('id')
      .where('is_default', '=', true)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('brands')
      .values({
        code: DEMO_BRAND.code,
        name: DEMO_BRAND.name,
        is_default: !hasDefault,
        platform: DEMO_BRAND.platform,
        merchant: DEMO_BRAND.merchant,
        merchant_code: DEMO_BRAND.merchantCode,
        lottery_type: DEMO_BRAND.lotteryType,
        device: DEMO_BRAND.device,
        default_language: DEMO_BRAND.defaultLanguage,
        supported_languages: DEMO_BRAND.supportedLanguages,
        prize_modes: DEMO_BRAND.prizeModes,
        announcement_types: DEMO_BRAND.announcementTypes,
        default_execution: DEMO_BRAND.defaultExecution,
        chat_header_color: DEMO_BRAND.chatHeaderColor,
        currency_symbol: DEMO_BRAND.currencySymbol,
        default_dialing_code: DEMO_BRAND.defaultDialingCode,
        logged_in_to_home_page: DEMO_BRAND.loggedInToHomePage,
        maintenance: DEMO_BRAND.maintenance,
        maintenance_message: JSON.stringify(DEMO_BRAND.maintenanceMessage),
        region_restriction: DEMO_BRAND.regionRestriction,
        restricted_countries: DEMO_BRAND.restrictedCountries,
        gtag_id: DEMO_BRAND.gtagId,
        image_cdns: DEMO_BRAND.imageCdns,
        launch_game_cdns: DEMO_BRAND.launchGameCdns,
        live_chat_url: DEMO_BRAND.liveChatUrl,
        vip_chat_url: DEMO_BRAND.vipChatUrl,
        support_email: DEMO_BRAND.supportEmail,
        support_phone: DEMO_BRAND.supportPhone,
        category_rules: JSON.stringify(DEMO_BRAND.categoryRules),
      })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .executeTakeFirst();
    const brandCreated = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
    if (brandCreated) rowsAdded += 1;

    const brand = await trx
      .selectFrom('brands')
      .select('id')
      .where('code', '=', DEMO_BRAND.code)
      .executeTakeFirstOrThrow();

    count(
      await trx
        .insertInto('brand_domains')
        .values(
          DEMO_DOMAINS.map((domain) => ({ brand_id: brand.id, host: domain.host, speed: domain.speed })),
        )
        .onConflict((conflict) => conflict.column('host').doNothing())
        .execute(),
    );

    // Parents are listed before their children, so one ordered insert satisfies the tree's foreign key.
    count(
      await trx
        .insertInto('whitelabel_nodes')
        .values(
          DEMO_WHITELABEL.map((node, index) => ({
            brand_id: brand.id,
            mod_id: node.modId,
            parent_mod_id: node.parent,
            enabled: node.enabled,
            sort: index,
            description: node.description,
          })),
        )
        .onConflict((conflict) => conflict.columns(['brand_id', 'mod_id']).doNothing())
        .execute(),
    );

    count(
      await trx
        .insertInto('registration_field_rules')
        .values(
          DEMO_REGISTRATION_RULES.map((rule, index) => ({
            brand_id: brand.id,
            field_key: rule.key,
            enabled: rule.enabled,
            required: rule.required,
            accepted_pattern: null,
            pattern_id: rule.patternId,
            min_length: rule.minLength,
            max_length: rule.maxLength,
            input_type: rule.type,
            sort: index,
          })),
        )
        .onConflict((conflict) => conflict.columns(['brand_id', 'field_key']).doNothing())
        .execute(),
    );

    // Resources have no natural key (a brand may list two Telegram links), so they are seeded only into a
    // brand that has none yet.
    const hasResources = await trx
      .selectFrom('brand_resources')
      .select('id')
      .where('brand_id', '=', brand.id)
      .executeTakeFirst();
    if (!hasResources) {
      count(
        await trx
          .insertInto('brand_resources')
          .values(
            DEMO_RESOURCES.map((resource, index) => ({
              brand_id: brand.id,
              resource_type: resource.type,
              url: resource.url,
              qr_code_url: resource.qrCodeUrl,
              label_name_en: resource.label,
              sort: index,
            })),
          )
          .execute(),
      );
    }

    rowsAdded += await seedDemoCatalogue(trx, brand.id);
    rowsAdded += await seedDemoGames(trx, brand.id);
    rowsAdded += await seedDemoContent(trx, brand.id);
    rowsAdded += await seedDemoAccounts(trx, brand.id);
    rowsAdded += await seedDemoWallets(trx, brand.id);
    rowsAdded += await seedDemoRewards(trx, brand.id);
    rowsAdded += await seedDemoPaymentMethods(trx, brand.id);
    rowsAdded += await seedDemoOperators(trx, brand.id);
    rowsAdded += await seedDemoMessages(trx, brand.id);
    rowsAdded += await seedDemoRanks(trx, brand.id);
    rowsAdded += await seedDemoPoints(trx, brand.id);
    rowsAdded += await seedDemoRaffles(trx, brand.id);
    rowsAdded += await seedDemoMissions(trx, brand.id);
    rowsAdded += await seedDemoPromotionEngine(trx, brand.id);
    rowsAdded += await seedDemoJackpot(trx, brand.id);
    rowsAdded += await seedDemoFreeRounds(trx, brand.id);
    rowsAdded += await seedDemoLottery(trx, brand.id);
    rowsAdded += await seedDemoSportsbook(trx, brand.id);
    rowsAdded += await seedDemoPvp(trx, brand.id);

    return { brandCreated, rowsAdded };
  });
}

export async function hasAnyBrand(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('brands').select('id').limit(1).executeTakeFirst()) !== undefined;
}
