import {
  CONTRACT_TIERS_MAX,
  type ContractActionBody,
  type ContractKind,
  type DividendPeriod,
  percentToBps,
} from '@lotus/shared/agent-contracts.schema';
import { decimalToMinor } from '@lotus/shared/money';

/**
 * The offer form's values and checks, run before anything is sent: the same rate rule the server applies
 * (a percent in (0, 100] with at most two decimals, `percentToBps` from packages/shared) and the chain's
 * rule that an offer is never above the agent's own rate of the kind (`maxOfferRateBps`). The server checks
 * both again under its lock; this only saves a refused round trip. Loaded with the offer dialog only (it
 * brings zod with the shared schema).
 */

/** `id` only keeps a tier's fields together on screen while tiers above it are removed. */
export type TierDraft = { id: number; minTurnover: string; minActivePlayers: string; rate: string };
export type OfferDraft = {
  downlineId: string;
  rate: string;
  period: DividendPeriod;
  tiers: TierDraft[];
};

/** The `agents` namespace key of each problem, under its field. */
export type OfferErrors = {
  downlineId?: string;
  rate?: string;
  tiers?: ({ minTurnover?: string; minActivePlayers?: string; rate?: string } | undefined)[];
};

export const TIERS_MAX = CONTRACT_TIERS_MAX;
let nextTierId = 1;
export function newTier(): TierDraft {
  nextTierId += 1;
  return { id: nextTierId, minTurnover: '', minActivePlayers: '0', rate: '' };
}

function rateProblem(text: string, maxBps: number): string | undefined {
  const bps = percentToBps(text);
  if (bps === null) return 'offer.rateInvalid';
  if (bps > maxBps) return 'offer.rateAboveMine';
  return undefined;
}

function tierProblems(tier: TierDraft, maxBps: number) {
  const problems: { minTurnover?: string; minActivePlayers?: string; rate?: string } = {};
  const turnover = decimalToMinor(tier.minTurnover.trim());
  if (turnover === null || turnover < 0n) problems.minTurnover = 'offer.turnoverInvalid';
  if (!/^(0|[1-9][0-9]{0,5})$/.test(tier.minActivePlayers.trim()))
    problems.minActivePlayers = 'offer.playersInvalid';
  const rate = rateProblem(tier.rate, maxBps);
  if (rate) problems.rate = rate;
  return Object.keys(problems).length > 0 ? problems : undefined;
}

/**
 * The body to send, or the problems to show. `maxOfferRateBps` is the agent's own headline rate of the kind
 * (agent-contracts.schema.ts `agentContracts.maxOfferRateBps`).
 */
export function offerBody(
  kind: ContractKind,
  draft: OfferDraft,
  maxOfferRateBps: number,
): { body: ContractActionBody; errors: null } | { body: null; errors: OfferErrors } {
  const errors: OfferErrors = {};
  if (draft.downlineId === '') errors.downlineId = 'offer.downlineRequired';
  const rate = rateProblem(draft.rate, maxOfferRateBps);
  if (rate) errors.rate = rate;
  const tiers = kind === 'daily_salary' ? draft.tiers : [];
  const tierErrors = tiers.map((tier) => tierProblems(tier, maxOfferRateBps));
  if (tierErrors.some(Boolean)) errors.tiers = tierErrors;
  if (errors.downlineId || errors.rate || errors.tiers) return { body: null, errors };

  const base = { action: 'offer' as const, downlineId: draft.downlineId, rate: draft.rate.trim() };
  if (kind === 'dividend') return { body: { ...base, period: draft.period }, errors: null };
  if (kind === 'daily_salary' && tiers.length > 0) {
    return {
      body: {
        ...base,
        tiers: tiers.map((tier) => ({
          minTurnover: tier.minTurnover.trim(),
          minActivePlayers: Number(tier.minActivePlayers.trim()),
          rate: tier.rate.trim(),
        })),
      },
      errors: null,
    };
  }
  return { body: base, errors: null };
}
