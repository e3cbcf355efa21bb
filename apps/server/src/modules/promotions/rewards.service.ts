import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import {
  type GrantRewardResult,
  REWARD_PAGE_SIZE,
  REWARD_TITLE_MAX,
  type RewardClaimResult,
  type RewardList,
  type RewardListQuery,
  type RewardStatus,
  type RewardView,
} from '@lotus/shared/rewards.schema';
import type { MemberRewardRow, RewardSource } from '../../db/tables/rewards.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type EntryKind, ledgerIn, MAX_AMOUNT_MINOR } from '../ledger/ledger.ts';
import { isRealAccount } from '../wallet/wallet-rules.ts';
import { RewardsRepository } from './rewards.repository.ts';

/** Who grants: an operator (by id) or the CLI / seed (null); `ip` goes to the audit row. */
export type RewardGrantor = { brandId: bigint; operatorId: bigint | null; ip: string };

export type GrantRewardInput = {
  username: string;
  titleEn: string;
  titleHi: string;
  /** Decimal string as typed. */
  amount: string;
  expiresAt?: Date | null;
  promotionId?: bigint | null;
};

/** The journal entry kind of a claim, by where the reward comes from (the account record's type follows it). */
const CLAIM_KIND_OF_SOURCE: Record<RewardSource, EntryKind> = {
  operator: 'reward',
  promotion: 'reward',
  rebate: 'rebate',
  vip_upgrade: 'vip_reward',
  vip_monthly: 'vip_reward',
  mission: 'mission_reward',
  referral: 'referral',
};

/** A reward a module's job grants (rebates, VIP, missions, referral): once per `sourceKey`. */
export type JobRewardInput = {
  brandId: bigint;
  memberId: bigint;
  source: Exclude<RewardSource, 'operator'>;
  /** Unique per brand, e.g. `rebate:<member>:<day>`; a second grant with it grants nothing. */
  sourceKey: string;
  titleEn: string;
  titleHi: string;
  amountMinor: bigint;
  grantedAt: Date;
  expiresAt?: Date | null;
  promotionId?: bigint | null;
};

/** The ledger's own key of a claim: one claim per reward, whatever Idempotency-Key the browser sent. */
export const rewardClaimLedgerKey = (rewardId: bigint) => `reward:${rewardId}:claim`;

function statusOf(row: MemberRewardRow, now: Date): RewardStatus {
  if (row.claimed_at !== null) return 'claimed';
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'unclaimed';
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function rewardView(row: MemberRewardRow, language: string, now: Date): RewardView {
  return {
    id: row.id.toString(),
    title: language.toUpperCase() === 'HI' ? row.title_hi : row.title_en,
    titleEn: row.title_en,
    titleHi: row.title_hi,
    amountMinor: row.amount_minor.toString(),
    amount: minorToDecimal(row.amount_minor),
    currency: row.currency,
    grantedAt: new Date(row.granted_at).toISOString(),
    expiresAt: iso(row.expires_at),
    claimedAt: iso(row.claimed_at),
    status: statusOf(row, now),
  };
}

function actorLabel(grantor: RewardGrantor): string {
  return grantor.operatorId === null ? 'operator:cli' : `operator:${grantor.operatorId}`;
}

/**
 * The reward centre (SPEC §2 `rewardCenter`; docs/api.md "Reward centre"). A reward is granted to one member
 * (by an operator, the CLI or the seed) and claimed by that member into the main wallet: one `reward`
 * journal entry from the brand's `bonus` account, the claim recorded on the reward and a `reward.claimed`
 * audit row, all in one transaction under the browser's Idempotency-Key. The reward row is locked while it
 * is claimed, so claims under different keys queue and the second finds it claimed (409); the ledger's own
 * key `reward:<id>:claim` makes a second posting impossible even so.
 */
/** What a reward's transaction works on: the rewards, the ledger and the audit log. */
function rewardRepositories(trx: Tx) {
  return { rewards: new RewardsRepository(trx), ledger: ledgerIn(trx), audit: new AuditRepository(trx) };
}

export class RewardsService {
  readonly #uow: UnitOfWork<ReturnType<typeof rewardRepositories>>;
  readonly #clock: Clock;
  readonly #repository: RewardsRepository;

  /** `ledger`: kept for the module's wiring; a claim moves money through the ledger of its own transaction. */
  constructor(deps: { db: Db; ledger?: LedgerService; clock: Clock }) {
    this.#uow = new UnitOfWork(deps.db, rewardRepositories);
    this.#clock = deps.clock;
    this.#repository = new RewardsRepository(deps.db);
  }

  /**
   * Grants a job's reward in the caller's transaction (rebates, VIP rewards, missions, referral), once per
   * `sourceKey`: `undefined` when that key was granted before. Trial / type-4 accounts get none (the caller
   * should not ask; this refuses them too). Titles are the caller's, within REWARD_TITLE_MAX.
   */
  async grantIn(trx: Tx, input: JobRewardInput): Promise<MemberRewardRow | undefined> {
    if (input.amountMinor <= 0n || input.amountMinor > MAX_AMOUNT_MINOR) throw new AppError('amount_invalid');
    const repository = new RewardsRepository(trx);
    return repository.insertOnce({
      brandId: input.brandId,
      memberId: input.memberId,
      titleEn: input.titleEn.slice(0, REWARD_TITLE_MAX),
      titleHi: input.titleHi.slice(0, REWARD_TITLE_MAX),
      amountMinor: input.amountMinor,
      currency: await repository.brandCurrency(input.brandId),
      grantedAt: input.grantedAt,
      expiresAt: input.expiresAt ?? null,
      grantedBy: null,
      promotionId: input.promotionId ?? null,
      source: input.source,
      sourceKey: input.sourceKey,
    });
  }

  /** Unclaimed, unexpired rewards: SPEC §3 `rewardCount`, the first part of the header's count. */
  async countUnclaimed(memberId: bigint): Promise<number> {
    return this.#repository.count(memberId, 'unclaimed', this.#clock.now());
  }

  async list(actor: Actor, query: RewardListQuery): Promise<RewardList> {
    requireReal(actor);
    const now = this.#clock.now();
    const language = query.language ?? actor.language ?? 'EN';
    const { rows, total } = await this.#repository.page(
      actor.memberId,
      query.status,
      now,
      query.page,
      REWARD_PAGE_SIZE,
    );
    const unclaimedCount =
      query.status === 'unclaimed' ? total : await this.#repository.count(actor.memberId, 'unclaimed', now);
    return {
      list: rows.map((row) => rewardView(row, language, now)),
      page: query.page,
      pageSize: REWARD_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / REWARD_PAGE_SIZE),
      unclaimedCount,
    };
  }

  async claim(
    actor: Actor,
    rewardId: bigint,
    idempotencyKey: string,
    ip: string,
    language?: string,
  ): Promise<RewardClaimResult> {
    requireReal(actor);
    const lang = language ?? actor.language ?? 'EN';
    const { value } = await runIdempotent(
      this.#uow,
      { scope: `member:${actor.memberId}:reward.claim`, key: idempotencyKey, request: { rewardId } },
      async ({ rewards: repository, ledger, audit }) => {
        const reward = await repository.lockForClaim(actor.brandId, rewardId);
        // Another member's reward is indistinguishable from none: its existence is not the caller's business.
        if (!reward || reward.member_id !== actor.memberId) throw new AppError('reward_not_found');
        const now = this.#clock.now();
        const status = statusOf(reward, now);
        if (status === 'claimed') throw new AppError('reward_already_claimed');
        if (status === 'expired') throw new AppError('reward_expired');
        const main = await ledger.memberMainAccount(actor.memberId);
        const entry = await ledger.post({
          brandId: actor.brandId,
          idempotencyKey: rewardClaimLedgerKey(reward.id),
          kind: CLAIM_KIND_OF_SOURCE[reward.source],
          memo: reward.title_en,
          createdBy: `member:${actor.memberId}`,
          postings: [
            { system: 'bonus', amountMinor: -reward.amount_minor },
            { accountId: main.id, amountMinor: reward.amount_minor },
          ],
        });
        const claimed = await repository.markClaimed(reward.id, now, entry.entryId);
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'reward.claimed',
          ip,
          detail: {
            by: 'member',
            rewardId: reward.id,
            amountMinor: reward.amount_minor,
            entryId: entry.entryId,
          },
        });
        const balance = await ledger.balanceOf(actor.memberId);
        return {
          reward: rewardView(claimed, lang, now),
          entryId: entry.entryId.toString(),
          main: {
            balanceMinor: balance.availableMinor.toString(),
            balance: minorToDecimal(balance.availableMinor),
          },
        } satisfies RewardClaimResult;
      },
    );
    return value;
  }

  /**
   * Grants a reward to a member (back office, CLI, seed) under the caller's idempotency key (scope
   * `operator:<id|cli>:reward.grant`), audited as `reward.granted`. Trial / type-4 accounts hold no real
   * money, so they get none (`in_need_true_account`).
   */
  async grant(
    grantor: RewardGrantor,
    input: GrantRewardInput,
    idempotencyKey: string,
  ): Promise<GrantRewardResult> {
    const amountMinor = decimalToMinor(input.amount);
    if (amountMinor === null || amountMinor > MAX_AMOUNT_MINOR) throw new AppError('amount_invalid');
    const titleEn = input.titleEn.trim();
    const titleHi = input.titleHi.trim();
    for (const [field, title] of [
      ['titleEn', titleEn],
      ['titleHi', titleHi],
    ] as const) {
      if (title === '' || title.length > REWARD_TITLE_MAX) {
        throw new AppError('field_invalid', { details: { field } });
      }
    }
    const now = this.#clock.now();
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime())) {
      throw new AppError('field_invalid', { details: { field: 'expiresAt' } });
    }
    const { value } = await runIdempotent(
      this.#uow,
      {
        scope: `${actorLabel(grantor)}:reward.grant`,
        key: idempotencyKey,
        request: {
          username: input.username.trim().toLowerCase(),
          titleEn,
          titleHi,
          amountMinor,
          expiresAt: expiresAt?.toISOString() ?? null,
          promotionId: input.promotionId ?? null,
        },
      },
      async ({ rewards: repository, audit }) => {
        const member = await repository.findMember(grantor.brandId, input.username.trim());
        if (!member) throw new AppError('not_found', { message: `no member "${input.username}"` });
        if (!isRealAccount(member)) throw new AppError('in_need_true_account');
        const row = await repository.insert({
          brandId: grantor.brandId,
          memberId: member.id,
          titleEn,
          titleHi,
          amountMinor,
          currency: await repository.brandCurrency(grantor.brandId),
          grantedAt: now,
          expiresAt,
          grantedBy: grantor.operatorId,
          promotionId: input.promotionId ?? null,
        });
        await audit.record({
          brandId: grantor.brandId,
          operatorId: grantor.operatorId,
          memberId: member.id,
          action: 'reward.granted',
          ip: grantor.ip,
          detail: {
            rewardId: row.id,
            amountMinor,
            ...(grantor.operatorId === null ? { via: 'cli' } : {}),
          },
        });
        return {
          username: member.username,
          reward: rewardView(row, member.language ?? 'EN', now),
        } satisfies GrantRewardResult;
      },
    );
    return value;
  }
}
