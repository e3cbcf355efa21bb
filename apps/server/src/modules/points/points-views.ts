import { minorToDecimal } from '@lotus/shared/money';
import type { OperatorRedemption, PointRedemption, PointReward } from '@lotus/shared/points.schema';
import type { PointsRewardRow } from '../../db/tables/points.ts';
import type { RedemptionListRow } from './points.repository.ts';

/** Hindi when the request asks for it, else English (both names travel anyway). */
export const isHindi = (language: string | null | undefined) => (language ?? '').toUpperCase() === 'HI';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function rewardView(row: PointsRewardRow, language: string | null | undefined): PointReward {
  return {
    id: row.id.toString(),
    kind: row.kind,
    name: isHindi(language) ? row.name_hi : row.name_en,
    nameEn: row.name_en,
    nameHi: row.name_hi,
    imageUrl: row.image_url,
    points: row.points_price.toString(),
    cashAmountMinor: row.cash_amount_minor === null ? null : row.cash_amount_minor.toString(),
    cashAmount: row.cash_amount_minor === null ? null : minorToDecimal(row.cash_amount_minor),
    stock: row.stock,
    enabled: row.enabled,
    sort: row.sort,
  };
}

export function redemptionView(row: RedemptionListRow, language: string | null | undefined): PointRedemption {
  const name = isHindi(language) ? row.name_hi : row.name_en;
  return {
    id: row.id.toString(),
    kind: row.kind,
    rewardId: row.reward_id === null ? null : row.reward_id.toString(),
    rewardName: name ?? null,
    rewardNameEn: row.name_en ?? null,
    rewardNameHi: row.name_hi ?? null,
    quantity: row.quantity,
    points: row.points.toString(),
    amountMinor: row.cash_amount_minor === null ? null : row.cash_amount_minor.toString(),
    amount: row.cash_amount_minor === null ? null : minorToDecimal(row.cash_amount_minor),
    receivingAddress: row.receiving_address,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function operatorRedemptionView(row: RedemptionListRow): OperatorRedemption {
  return {
    ...redemptionView(row, 'EN'),
    username: row.username,
    mobile: row.mobile,
    reviewedBy: row.reviewed_by,
    reviewedAt: iso(row.reviewed_at),
  };
}

export function pageOf<T>(list: T[], page: number, pageSize: number, total: number) {
  return { list, page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}

/** Digits only: a typed `+91 98765-43210` and a stored `9876543210` compare by their digits. */
const digits = (text: string | null) => (text ?? '').replace(/[^0-9]/g, '');

/**
 * SPEC §5 "correct mobile number": what the member typed is the bound number, with or without the
 * country's dialing code.
 */
export function sameMobile(typed: string, bound: string | null, dialingCode: string | null): boolean {
  const given = digits(typed);
  const own = digits(bound);
  if (given === '' || own === '') return false;
  return given === own || given === digits(dialingCode) + own;
}
