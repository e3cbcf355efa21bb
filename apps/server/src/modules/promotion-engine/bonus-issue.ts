import type {
  BonusGrantRow,
  PromotionApplicationRow,
  PromotionRuleRow,
} from '../../db/tables/promotion-engine.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { type Ledger, ledgerIn, MAX_AMOUNT_MINOR } from '../ledger/ledger.ts';
import { PromotionEngineRepository, type PromotionHead } from './promotion-engine.repository.ts';
import { awardOf, type Eligibility, evaluate, requiredOf, weightsOf } from './promotion-rules.ts';

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
 * Issues the application's award in the caller's transaction. Free rounds: a `free_round_grants` row, no
 * money (null: there is no bonus grant). Otherwise: one `promotion_bonus` entry (brand `bonus` →
 * member main, key `promotion:<application>:bonus`) and its `bonus_grants` row with the wagering required and
 * the rule's weights as they are now; the application becomes `issued`. A percentage award of nothing (no
 * qualifying deposit) is refused.
 */
export async function issueBonus(
  repos: { engine: PromotionEngineRepository<Tx>; ledger: Ledger },
  input: {
    application: PromotionApplicationRow;
    /** The promotion, its rules and the member's eligibility (`decisionFacts`), which must be ok. */
    facts: DecisionFacts;
    at: Date;
    by: string;
    /** Issued through the member's claim (status `claimed`), not on approval. */
    claimed?: boolean;
  },
): Promise<BonusGrantRow | null> {
  const { application } = input;
  const { rules, eligibility } = input.facts;
  const deposit = eligibility.ok ? eligibility.deposit : null;
  if (rules.award_kind === 'free_rounds') {
    // No money moves at issue: each round's stake is funded when it is played (modules/free-rounds).
    const main = await repos.ledger.memberMainAccount(application.member_id);
    await repos.engine.decide(application.id, {
      status: 'issued',
      at: input.at,
      by: input.by,
      depositId: deposit?.id ?? null,
      ...(input.claimed ? { claimed: true } : {}),
    });
    await repos.engine.insertFreeRoundGrant({
      brand_id: application.brand_id,
      member_id: application.member_id,
      promotion_id: application.promotion_id,
      application_id: application.id,
      game_code: rules.award_game_code ?? '',
      stake_minor: rules.award_stake_minor ?? 0n,
      currency: main.currency,
      rounds_total: rules.award_rounds ?? 0,
      rounds_left: rules.award_rounds ?? 0,
      status: 'active',
      issued_at: input.at,
      updated_at: input.at,
    });
    return null;
  }
  const amountMinor = awardOf(rules, deposit?.amountMinor ?? null);
  if (amountMinor <= 0n || amountMinor > MAX_AMOUNT_MINOR) {
    throw new AppError('promotion_not_eligible', { details: { reason: 'qualifying_deposit' } });
  }
  const main = await repos.ledger.memberMainAccount(application.member_id);
  const entry = await repos.ledger.post({
    brandId: application.brand_id,
    idempotencyKey: bonusLedgerKey(application.id),
    kind: 'promotion_bonus',
    memo: `Promotion ${input.facts.head.code}`,
    createdBy: input.by,
    postings: [
      { system: 'bonus', amountMinor: -amountMinor },
      { accountId: main.id, amountMinor },
    ],
  });
  await repos.engine.decide(application.id, {
    status: 'issued',
    at: input.at,
    by: input.by,
    depositId: deposit?.id ?? null,
    ...(input.claimed ? { claimed: true } : {}),
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

/** What both engine services work with: the unit of work, the reads outside one, and the clock. */
export abstract class EngineServiceBase {
  protected readonly uow: UnitOfWork<EngineRepositories>;
  protected readonly reads: PromotionEngineRepository;
  protected readonly clock: Clock;

  constructor(deps: { db: Db; clock: Clock }) {
    this.uow = new UnitOfWork(deps.db, engineRepositories);
    this.reads = new PromotionEngineRepository(deps.db);
    this.clock = deps.clock;
  }
}

/**
 * What deciding an application needs, read in its transaction: the promotion, its rules, the member and
 * whether the member is eligible now. Undefined when the promotion or its rules are gone.
 */
export type DecisionFacts = { head: PromotionHead; rules: PromotionRuleRow; eligibility: Eligibility };

export async function decisionFacts(
  engine: PromotionEngineRepository<Tx>,
  application: PromotionApplicationRow,
  now: Date,
): Promise<DecisionFacts | undefined> {
  const head = await engine.promotion(application.brand_id, application.promotion_id);
  const rules = await engine.rules(application.promotion_id);
  const member = await engine.member(application.member_id);
  if (!head || !rules || !member) return undefined;
  const eligibility = evaluate(rules, member, await engine.deposits(member.id), now);
  return { head, rules, eligibility };
}
