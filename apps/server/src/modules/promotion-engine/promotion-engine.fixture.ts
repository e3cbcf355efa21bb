import { randomUUID } from 'node:crypto';
import type { SetPromotionRulesBody } from '@lotus/shared/promotion-engine.schema';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Promotions, rules and deposits for the engine's tests, made directly in the database or through the API. */

const texts = (en: string) => JSON.stringify({ EN: en, HI: `${en} (हिंदी)` });

/** A new content promotion of the brand (active, open window unless given): its id and code. */
export async function makePromotion(
  db: Kysely<Database>,
  brandId: bigint,
  options: { startsAt?: Date | null; endsAt?: Date | null; title?: string } = {},
): Promise<{ id: bigint; code: string }> {
  const code = `test-${randomUUID().slice(0, 8)}`;
  const row = await db
    .insertInto('promotions')
    .values({
      brand_id: brandId,
      code,
      category: 'deposit',
      title: texts(options.title ?? `Promotion ${code}`),
      summary: texts('Summary'),
      content: texts('<p>Terms</p>'),
      starts_at: options.startsAt ?? null,
      ends_at: options.endsAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

/** 100 % of the first deposit up to 5,000.00, 10× wagering on slots (100 %) and table games (10 %). */
export const DEPOSIT_BONUS_RULES: SetPromotionRulesBody = {
  approval: 'auto',
  hasForm: false,
  newPlayersDays: null,
  minDepositCount: 1,
  minVipLevel: 0,
  qualifyingDeposit: 'first',
  minDeposit: '100',
  award: { kind: 'deposit_percent', percent: '100', cap: '5000' },
  wagering: {
    multiple: 10,
    weights: [
      { gameType: 'RNG', percent: 100 },
      { gameType: 'TG', percent: 10 },
    ],
  },
};

/** A manual promotion with the form: fixed 50.00, 2× wagering on slots. */
export const MANUAL_RULES: SetPromotionRulesBody = {
  approval: 'manual',
  hasForm: true,
  newPlayersDays: null,
  minDepositCount: 0,
  minVipLevel: 0,
  qualifyingDeposit: null,
  minDeposit: '0',
  award: { kind: 'fixed', amount: '50' },
  wagering: { multiple: 2, weights: [{ gameType: 'RNG', percent: 100 }] },
};

export async function setRules(
  app: FastifyInstance,
  operatorToken: string,
  code: string,
  rules: SetPromotionRulesBody,
) {
  return app.inject({
    method: 'PUT',
    url: `/wps/ops/promotions/${code}/rules`,
    headers: { authorization: `Bearer ${operatorToken}` },
    payload: rules,
  });
}

/** An approved deposit row; `entryId`: the entry that put its money in the wallet (the caller's funding). */
export async function approvedDeposit(
  db: Kysely<Database>,
  brandId: bigint,
  memberId: bigint,
  amountMinor: bigint,
  entryId: bigint,
): Promise<bigint> {
  const method = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('brand_id', '=', brandId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('deposits')
    .values({
      brand_id: brandId,
      member_id: memberId,
      method_id: method.id,
      amount_minor: amountMinor,
      currency: 'INR',
      status: 'approved',
      decided_at: new Date(),
      decided_by: 'test',
      entry_id: entryId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
