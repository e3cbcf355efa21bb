import {
  bpsToPercent,
  type ContractTierInput,
  type ContractView,
  percentToBps,
  type SettlementView,
} from '@lotus/shared/agent-contracts.schema';
import { addDays, dayNumber, daysInRange, RECORD_MAX_RANGE_DAYS, todayUtc } from '@lotus/shared/date-ranges';
import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import type { StoredTier } from '../../db/tables/agent-contracts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractRow, SettlementRow } from './agent-contracts.repository.ts';

/** Rows → the API's views, and typed terms → stored terms (the checks a route's schema cannot make). */

const party = (id: bigint | null, username: string | null) =>
  id === null || username === null ? null : { id: id.toString(), username };

export function contractViewOf(row: ContractRow): ContractView {
  return {
    id: row.id.toString(),
    kind: row.kind,
    status: row.status,
    upline: party(row.upline_id, row.upline_username),
    downline: { id: row.downline_id.toString(), username: row.downline_username },
    period: row.period,
    rateBps: row.rate_bps,
    rate: bpsToPercent(row.rate_bps),
    baseRateBps: row.base_rate_bps,
    baseRate: bpsToPercent(row.base_rate_bps),
    tiers: [...row.tiers]
      .sort((a, b) => a.rateBps - b.rateBps)
      .map((tier) => ({
        minTurnoverMinor: tier.minTurnoverMinor,
        minTurnover: minorToDecimal(BigInt(tier.minTurnoverMinor)),
        minActivePlayers: tier.minActivePlayers,
        rateBps: tier.rateBps,
        rate: bpsToPercent(tier.rateBps),
      })),
    offeredAt: row.offered_at.toISOString(),
    acceptedAt: row.accepted_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    endReason: row.end_reason,
  };
}

export function settlementViewOf(row: SettlementRow): SettlementView {
  return {
    id: row.id.toString(),
    contractId: row.contract_id.toString(),
    kind: row.kind,
    period: row.period,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    upline: party(row.upline_id, row.upline_username),
    downline: { id: row.downline_id.toString(), username: row.downline_username },
    baseMinor: row.base_minor.toString(),
    base: minorToDecimal(row.base_minor),
    activePlayers: row.active_players,
    rateBps: row.rate_bps,
    rate: bpsToPercent(row.rate_bps),
    entitledMinor: row.entitled_minor.toString(),
    entitled: minorToDecimal(row.entitled_minor),
    paidMinor: row.paid_minor.toString(),
    paid: minorToDecimal(row.paid_minor),
    status: row.status,
    entries: row.entries,
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

function rateOf(text: string, path: string): number {
  const bps = percentToBps(text);
  if (bps === null) {
    throw new AppError('contract_rate_invalid', { details: { issues: [{ path, code: 'rate' }] } });
  }
  return bps;
}

export type Terms = { rateBps: number; baseRateBps: number; tiers: StoredTier[] };

/** A rate (percent text) and optional tiers → basis points; the headline is the highest rate of them. */
export function termsOf(rate: string, tiers: readonly ContractTierInput[] | undefined): Terms {
  const baseRateBps = rateOf(rate, 'rate');
  const stored = (tiers ?? []).map((tier, index): StoredTier => {
    const minTurnover = /^0+(?:\.0{1,2})?$/.test(tier.minTurnover.trim())
      ? 0n
      : decimalToMinor(tier.minTurnover);
    if (minTurnover === null) {
      throw new AppError('amount_invalid', {
        details: { issues: [{ path: `tiers.${index}.minTurnover`, code: 'amount' }] },
      });
    }
    return {
      minTurnoverMinor: minTurnover.toString(),
      minActivePlayers: tier.minActivePlayers,
      rateBps: rateOf(tier.rate, `tiers.${index}.rate`),
    };
  });
  const rateBps = Math.max(baseRateBps, ...stored.map((tier) => tier.rateBps));
  return { rateBps, baseRateBps, tiers: stored };
}

/**
 * The rate a daily salary pays for a day: the highest tier whose turnover and active-player thresholds the
 * team met, else the base rate.
 */
export function rateFor(
  terms: { baseRateBps: number; tiers: readonly StoredTier[] },
  figures: { turnoverMinor: bigint; activePlayers: number },
): number {
  let rate = terms.baseRateBps;
  for (const tier of terms.tiers) {
    const met =
      figures.turnoverMinor >= BigInt(tier.minTurnoverMinor) &&
      figures.activePlayers >= tier.minActivePlayers;
    if (met && tier.rateBps > rate) rate = tier.rateBps;
  }
  return rate;
}

/** ⌊base × rate⌋ in minor units (a rate in basis points); a negative base (the team won) earns nothing. */
export function entitlementOf(baseMinor: bigint, rateBps: number): bigint {
  if (baseMinor <= 0n) return 0n;
  return (baseMinor * BigInt(rateBps)) / 10_000n;
}

/**
 * `from` / `to` (inclusive UTC days, default the last 7) → the half-open instants of their periods' starts.
 * A day that does not exist, a reversed range or one over RECORD_MAX_RANGE_DAYS: 400 naming the field.
 */
export function dayRange(from: string | undefined, to: string | undefined, now: Date) {
  const bad = (path: 'from' | 'to', code: string) =>
    new AppError('invalid_request', { details: { issues: [{ path, code }] } });
  const end = to ?? todayUtc(now);
  const start = from ?? (dayNumber(end) === null ? '' : addDays(end, -6));
  if (dayNumber(end) === null) throw bad('to', 'invalid_date');
  if (dayNumber(start) === null) throw bad('from', 'invalid_date');
  const days = daysInRange(start, end) ?? 0;
  if (days < 1 || days > RECORD_MAX_RANGE_DAYS) throw bad('to', days < 1 ? 'before_start' : 'range_too_long');
  const since = new Date(`${start}T00:00:00.000Z`);
  return { from: start, to: end, since, until: new Date(since.getTime() + days * 86_400_000) };
}
