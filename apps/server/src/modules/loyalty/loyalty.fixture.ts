import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';

/** Member sessions that outlast the tests' walks through days of their clock. */
export const LONG_SESSIONS = { sessionIdleMs: 90 * 86_400_000, sessionAbsoluteMs: 90 * 86_400_000 };

export type LoyaltyMember = { id: bigint; username: string; token: string };

export type LoyaltyFixture = {
  brandId: bigint;
  member(options?: { trial?: boolean }): Promise<LoyaltyMember>;
  /**
   * One settled round of a game of `gameType` at `at`, written as the settling transaction writes it (the
   * betting-hours trigger counts it). No money moves: these tests read the aggregates, not the wallet.
   */
  round(memberId: bigint, gameType: string, stakeMinor: bigint, payoutMinor: bigint, at: Date): Promise<void>;
  /** Credited deposits of a day (member_activity_days), as a deposit's credit records them. */
  deposit(memberId: bigint, day: string, amountMinor: bigint): Promise<void>;
  rewards(memberId: bigint): Promise<{ source: string; source_key: string | null; amount_minor: bigint }[]>;
  level(memberId: bigint): Promise<number>;
};

export async function loyaltyFixture(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<LoyaltyFixture> {
  const { db } = database;
  const wallet = await walletFixture(app, database);
  const games = await db
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .select(['games.id', 'games.vendor_id', 'games.game_type'])
    .where('vendors.brand_id', '=', wallet.brandId)
    .execute();
  const gameOf = (gameType: string) => {
    const game = games.find((entry) => entry.game_type === gameType);
    if (!game) throw new Error(`no demo game of type ${gameType}`);
    return game;
  };
  return {
    brandId: wallet.brandId,
    member: async (options = {}) => {
      const member = await wallet.member();
      if (options.trial) await wallet.setTrial(member.id, true);
      return member;
    },
    round: async (memberId, gameType, stakeMinor, payoutMinor, at) => {
      const game = gameOf(gameType);
      await db
        .insertInto('game_rounds')
        .values({
          brand_id: wallet.brandId,
          vendor_id: game.vendor_id,
          game_id: game.id,
          member_id: memberId,
          round_id: `loyalty-${randomUUID()}`,
          stake_minor: stakeMinor,
          payout_minor: payoutMinor,
          status: 'settled',
          created_at: at,
          settled_at: at,
        })
        .execute();
    },
    deposit: async (memberId, day, amountMinor) => {
      await db
        .insertInto('member_activity_days')
        .values({ member_id: memberId, day, deposited_minor: amountMinor })
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'day']).doUpdateSet((eb) => ({
            deposited_minor: eb('member_activity_days.deposited_minor', '+', amountMinor),
          })),
        )
        .execute();
    },
    rewards: (memberId) =>
      db
        .selectFrom('member_rewards')
        .select(['source', 'source_key', 'amount_minor'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
    level: async (memberId) =>
      (
        await db
          .selectFrom('members')
          .select('rank_level')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).rank_level,
  };
}
