import { INHOUSE_GAMES, isInHouseGameCode, validateBet } from '@lotus/games/play';
import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import type {
  ActivityStatus,
  IneligibleReason,
  PromotionRules,
  SetPromotionRulesBody,
} from '@lotus/shared/promotion-engine.schema';
import type {
  PromotionApplicationRow,
  PromotionRuleRow,
  WageringWeights,
} from '../../db/tables/promotion-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAX_AMOUNT_MINOR } from '../ledger/ledger.ts';
import type { DepositFacts, MemberFacts, NewRules, PromotionHead } from './promotion-engine.repository.ts';

const DAY_MS = 86_400_000;
/** 10000 basis points = 100 %. */
const BPS = 10_000n;

/** Pure rules of the engine: eligibility, the award, the activity status, rules ↔ API. No I/O. */

export type Eligibility =
  | { ok: true; deposit: { id: bigint; amountMinor: bigint } | null }
  | { ok: false; reason: IneligibleReason };

/** Reasons a deposit can still cure: an automatic promotion signs the member up ("joined") instead. */
export const DEPOSIT_REASONS: readonly IneligibleReason[] = ['deposit_count', 'qualifying_deposit'];

export function evaluate(
  rules: PromotionRuleRow,
  member: MemberFacts,
  deposits: DepositFacts,
  now: Date,
): Eligibility {
  if (
    rules.new_players_days !== null &&
    now.getTime() - new Date(member.created_at).getTime() > rules.new_players_days * DAY_MS
  ) {
    return { ok: false, reason: 'new_players' };
  }
  if (member.rank_level < rules.min_vip_level) return { ok: false, reason: 'vip_level' };
  if (deposits.count < rules.min_deposit_count) return { ok: false, reason: 'deposit_count' };
  if (rules.qualifying_deposit === null) return { ok: true, deposit: null };
  const deposit = rules.qualifying_deposit === 'first' ? deposits.first : deposits.latest;
  if (deposit === null || deposit.amountMinor < rules.min_deposit_minor) {
    return { ok: false, reason: 'qualifying_deposit' };
  }
  return { ok: true, deposit };
}

/** The bonus: the fixed amount, or the percentage of the qualifying deposit up to the cap (rounded down). */
export function awardOf(rules: PromotionRuleRow, depositMinor: bigint | null): bigint {
  if (rules.award_kind === 'fixed') return rules.award_fixed_minor ?? 0n;
  // Free rounds move no money at issue (each round's stake is funded when it is played).
  if (rules.award_kind === 'free_rounds') return 0n;
  const percent = (depositMinor ?? 0n) * BigInt(rules.award_percent_bps ?? 0);
  const amount = percent / BPS;
  const cap = rules.award_cap_minor ?? 0n;
  return amount < cap ? amount : cap;
}

/** Turnover required: the multiple × the bonus. */
export function requiredOf(rules: PromotionRuleRow, amountMinor: bigint): bigint {
  return amountMinor * BigInt(rules.wagering_multiple);
}

/** The weights as stored (game type → basis points). */
export function weightsOf(rules: PromotionRuleRow): WageringWeights {
  return rules.wagering_weights;
}

export function weightsView(weights: WageringWeights): { gameType: never; percent: number }[] {
  return Object.entries(weights)
    .map(([gameType, bps]) => ({ gameType: gameType as never, percent: Math.round(bps / 100) }))
    .sort((a, b) => b.percent - a.percent);
}

/** Whether the promotion's window is open now. */
export function windowOf(head: PromotionHead, now: Date): 'open' | 'coming_soon' | 'closed' {
  if (!head.active) return 'closed';
  if (head.starts_at !== null && new Date(head.starts_at).getTime() > now.getTime()) return 'coming_soon';
  if (head.ends_at !== null && new Date(head.ends_at).getTime() <= now.getTime()) return 'closed';
  return 'open';
}

/** SPEC §4's activity status of a promotion for one member (see ACTIVITY_STATUSES). */
export function activityStatus(input: {
  head: PromotionHead;
  rules: Pick<PromotionRuleRow, 'has_form'> | null;
  application: Pick<PromotionApplicationRow, 'status' | 'claimed'> | null;
  claimable: boolean;
  now: Date;
}): ActivityStatus {
  const { application, rules } = input;
  if (application) {
    switch (application.status) {
      case 'joined':
        return input.claimable ? 'claim' : 'joined';
      case 'pending':
        return rules?.has_form ? 'applying' : 'processing';
      case 'issued':
        return application.claimed ? 'claimed' : 'issued';
      case 'rejected':
        return 'rejected';
    }
  }
  if (!rules) return 'none';
  const window = windowOf(input.head, input.now);
  if (window !== 'open') return window;
  return rules.has_form ? 'apply' : 'join';
}

function awardView(row: PromotionRuleRow): PromotionRules['award'] {
  switch (row.award_kind) {
    case 'fixed':
      return { kind: 'fixed', amount: minorToDecimal(row.award_fixed_minor ?? 0n) };
    case 'deposit_percent':
      return {
        kind: 'deposit_percent',
        percent: minorToDecimal(BigInt(row.award_percent_bps ?? 0)),
        cap: minorToDecimal(row.award_cap_minor ?? 0n),
      };
    case 'free_rounds':
      return {
        kind: 'free_rounds',
        gameCode: row.award_game_code ?? '',
        rounds: row.award_rounds ?? 0,
        stake: minorToDecimal(row.award_stake_minor ?? 0n),
      };
  }
}

/** A free-rounds award plays an in-house slot at one of the slot's own bets (what its screen can play). */
function freeRoundsOf(award: SetPromotionRulesBody['award']): {
  gameCode: string;
  rounds: number;
  stakeMinor: bigint;
} | null {
  if (award.kind !== 'free_rounds') return null;
  if (!isInHouseGameCode(award.gameCode) || INHOUSE_GAMES[award.gameCode].game !== 'slot') {
    throw new AppError('promotion_rules_invalid', { details: { field: 'award.gameCode' } });
  }
  const stakeMinor = amountOf(award.stake, 'award.stake');
  try {
    validateBet(award.gameCode, { game: 'slot', betMinor: stakeMinor.toString() });
  } catch {
    throw new AppError('promotion_rules_invalid', { details: { field: 'award.stake' } });
  }
  return { gameCode: award.gameCode, rounds: award.rounds, stakeMinor };
}

export function rulesView(row: PromotionRuleRow): PromotionRules {
  return {
    approval: row.approval,
    hasForm: row.has_form,
    newPlayersDays: row.new_players_days,
    minDepositCount: row.min_deposit_count,
    minVipLevel: row.min_vip_level,
    qualifyingDeposit: row.qualifying_deposit,
    minDeposit: minorToDecimal(row.min_deposit_minor),
    award: awardView(row),
    wagering: { multiple: row.wagering_multiple, weights: weightsView(row.wagering_weights) },
  };
}

function amountOf(text: string, field: string, allowZero = false): bigint {
  const minor = /^0+(\.0{1,2})?$/.test(text) ? 0n : decimalToMinor(text);
  if (minor === null || minor > MAX_AMOUNT_MINOR || (!allowZero && minor <= 0n)) {
    throw new AppError('promotion_rules_invalid', { details: { field } });
  }
  return minor;
}

/** The operator's rules as a row; a rule that cannot work (no deposit to take a percentage of) is refused. */
export function rulesRow(body: SetPromotionRulesBody, head: PromotionHead, createdBy: string): NewRules {
  const weights: WageringWeights = {};
  for (const weight of body.wagering.weights) {
    if (Object.hasOwn(weights, weight.gameType)) {
      throw new AppError('promotion_rules_invalid', { details: { field: 'wagering.weights' } });
    }
    weights[weight.gameType] = weight.percent * 100;
  }
  if (body.wagering.multiple > 0 && Object.keys(weights).length === 0) {
    throw new AppError('promotion_rules_invalid', { details: { field: 'wagering.weights' } });
  }
  const percent =
    body.award.kind === 'deposit_percent' ? amountOf(body.award.percent, 'award.percent') : null;
  if (percent !== null && percent > 100_000n) {
    throw new AppError('promotion_rules_invalid', { details: { field: 'award.percent' } });
  }
  if (body.award.kind === 'deposit_percent' && body.qualifyingDeposit === null) {
    throw new AppError('promotion_rules_invalid', { details: { field: 'qualifyingDeposit' } });
  }
  const freeRounds = freeRoundsOf(body.award);
  return {
    promotion_id: head.id,
    brand_id: head.brand_id,
    approval: body.approval,
    has_form: body.hasForm,
    new_players_days: body.newPlayersDays,
    min_deposit_count: body.minDepositCount,
    min_vip_level: body.minVipLevel,
    qualifying_deposit: body.qualifyingDeposit,
    min_deposit_minor: amountOf(body.minDeposit, 'minDeposit', true),
    award_kind: body.award.kind,
    award_fixed_minor: body.award.kind === 'fixed' ? amountOf(body.award.amount, 'award.amount') : null,
    // "100.00" percent as minor units is 10000: basis points.
    award_percent_bps: percent === null ? null : Number(percent),
    award_cap_minor: body.award.kind === 'deposit_percent' ? amountOf(body.award.cap, 'award.cap') : null,
    award_game_code: freeRounds?.gameCode ?? null,
    award_rounds: freeRounds?.rounds ?? null,
    award_stake_minor: freeRounds?.stakeMinor ?? null,
    wagering_multiple: body.wagering.multiple,
    wagering_weights: weights,
    created_by: createdBy,
  };
}

/** Whole percent of the wagering done (100 only when all of it is). */
export function progressPercent(doneMinor: bigint, requiredMinor: bigint): number {
  if (requiredMinor <= 0n || doneMinor >= requiredMinor) return 100;
  return Number((doneMinor * 100n) / requiredMinor);
}

/** A promotion's title in the language (else EN, else any). */
export function titleIn(title: Record<string, string>, language: string): string {
  return title[language.toUpperCase()] ?? title.EN ?? Object.values(title)[0] ?? '';
}
