import type {
  BonusGrantRow,
  PromotionApplicationRow,
  PromotionRuleRow,
} from '../../db/tables/promotion-engine.ts';
import type { Tx } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { type Ledger, ledgerIn, MAX_AMOUNT_MINOR } from '../ledger/ledger.ts';
import { PromotionEngineRepository } from './promotion-engine.repository.ts';
import { awardOf, requiredOf, weightsOf } from './promotion-rules.ts';

/** What a promotion transaction works on: the engine's rows, the ledger and the audit log. */
export function engineRepositories(trx: Tx) {
  return {
    engine: new PromotionEngineRepository(trx),
    ledger: ledgerIn(trx),
    audit: new AuditRepository(trx),
  };
}
export type EngineRepositories = ReturnType<typeof engineRepositories>;

/** The ledger's own key of an issue: one bonus per application, whoever approves and however often. */
export const bonusLedgerKey = (applicationId: bigint) => `promotion:${applicationId}:bonus`;
export const forfeitLedgerKey = (grantId: bigint) => `bonus:${grantId}:forfeit`;

/**
 * Issues the application's bonus in the caller's transaction: one `promotion_bonus` entry (brand `bonus` →
 * member main, key `promotion:<application>:bonus`) and its `bonus_grants` row with the wagering required and
 * the rule's weights as they are now. A percentage award of nothing (no qualifying deposit) is refused.
 */
export async function issueBonus(
  repos: { engine: PromotionEngineRepository<Tx>; ledger: Ledger },
  input: {
    application: PromotionApplicationRow;
    rules: PromotionRuleRow;
    depositMinor: bigint | null;
    promotionCode: string;
    at: Date;
    by: string;
  },
): Promise<BonusGrantRow> {
  const { application, rules } = input;
  const amountMinor = awardOf(rules, input.depositMinor);
  if (amountMinor <= 0n || amountMinor > MAX_AMOUNT_MINOR) {
    throw new AppError('promotion_not_eligible', { details: { reason: 'qualifying_deposit' } });
  }
  const main = await repos.ledger.memberMainAccount(application.member_id);
  const entry = await repos.ledger.post({
    brandId: application.brand_id,
    idempotencyKey: bonusLedgerKey(application.id),
    kind: 'promotion_bonus',
    memo: `Promotion ${input.promotionCode}`,
    createdBy: input.by,
    postings: [
      { system: 'bonus', amountMinor: -amountMinor },
      { accountId: main.id, amountMinor },
    ],
  });
  return repos.engine.insertGrant({
    brandId: application.brand_id,
    memberId: application.member_id,
    promotionId: application.promotion_id,
    applicationId: application.id,
    amountMinor,
    currency: main.currency,
    requiredMinor: requiredOf(rules, amountMinor),
    weights: weightsOf(rules),
    entryId: entry.entryId,
    at: input.at,
  });
}
