import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What the missions tests share: settled rounds and deposits written as the money path writes them. */
export function missionsFixture(db: Kysely<Database>, brandId: bigint) {
  return {
    /** The demo catalogue's first `count` games of one vendor (the new-game mission needs several). */
    async games(count: number): Promise<{ id: bigint; vendorId: bigint }[]> {
      const rows = await db
        .selectFrom('games')
        .select(['id', 'vendor_id'])
        .where('brand_id', '=', brandId)
        .orderBy('id')
        .limit(count)
        .execute();
      return rows.map((row) => ({ id: row.id, vendorId: row.vendor_id }));
    },
    /** `count` settled rounds of `stakeMinor` each at `at` (the betting-hours trigger counts them). */
    async rounds(
      memberId: bigint,
      game: { id: bigint; vendorId: bigint },
      count: number,
      at: Date,
      stakeMinor = 100n,
    ): Promise<void> {
      for (let index = 0; index < count; index += 1) {
        await db
          .insertInto('game_rounds')
          .values({
            brand_id: brandId,
            vendor_id: game.vendorId,
            member_id: memberId,
            game_id: game.id,
            round_id: `mission-${randomUUID()}`,
            stake_minor: stakeMinor,
            payout_minor: 0n,
            status: 'settled',
            created_at: at,
            settled_at: at,
          })
          .execute();
      }
    },
    /** Deposits of the member's UTC day, as member_activity_days keeps them. */
    async deposited(memberId: bigint, at: Date, amountMinor: bigint): Promise<void> {
      await db
        .insertInto('member_activity_days')
        .values({ member_id: memberId, day: at.toISOString().slice(0, 10), deposited_minor: amountMinor })
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'day']).doUpdateSet((eb) => ({
            deposited_minor: eb('member_activity_days.deposited_minor', '+', amountMinor),
          })),
        )
        .execute();
    },
    async missionId(code: string): Promise<string> {
      const row = await db
        .selectFrom('missions')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      return row.id.toString();
    },
    async rewards(memberId: bigint, source: 'mission' | 'referral') {
      return db
        .selectFrom('member_rewards')
        .select(['id', 'amount_minor', 'source_key'])
        .where('member_id', '=', memberId)
        .where('source', '=', source)
        .orderBy('id')
        .execute();
    },
  };
}
