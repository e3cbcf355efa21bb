import { minorToDecimal } from '@lotus/shared/money';
import type { ApplicationView, BonusView, MyBonuses } from '@lotus/shared/promotion-engine.schema';
import type { BonusGrantRow } from '../../db/tables/promotion-engine.ts';
import type { ApplicationWithPromotion, GrantWithPromotion } from './promotion-engine.repository.ts';
import { activityStatus, progressPercent, titleIn, weightsView } from './promotion-rules.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function applicationView(
  row: ApplicationWithPromotion,
  language: string,
  claimable = false,
): ApplicationView {
  return {
    id: row.id.toString(),
    promotionId: row.promotion_id.toString(),
    promotionCode: row.code,
    promotionTitle: titleIn(row.title, language),
    status: row.status,
    activityStatus: activityStatus({
      // The window does not matter once there is an application.
      head: {
        id: row.promotion_id,
        brand_id: row.brand_id,
        code: row.code,
        title: row.title,
        starts_at: null,
        ends_at: null,
        active: true,
      },
      rules: { has_form: row.has_form },
      application: row,
      claimable,
      now: new Date(),
    }),
    remark: row.remark,
    imageCount: row.image_count,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
  };
}

export function bonusView(row: GrantWithPromotion, language: string): BonusView {
  return {
    id: row.id.toString(),
    promotionId: row.promotion_id.toString(),
    promotionTitle: titleIn(row.title, language),
    amountMinor: row.amount_minor.toString(),
    amount: minorToDecimal(row.amount_minor),
    currency: row.currency,
    wageringRequiredMinor: row.wagering_required_minor.toString(),
    wageringRequired: minorToDecimal(row.wagering_required_minor),
    wageringDoneMinor: row.wagering_done_minor.toString(),
    wageringDone: minorToDecimal(row.wagering_done_minor),
    progressPercent: progressPercent(row.wagering_done_minor, row.wagering_required_minor),
    weights: weightsView(row.weights),
    status: row.status,
    issuedAt: new Date(row.issued_at).toISOString(),
    closedAt: iso(row.closed_at),
    forfeited: row.forfeited_minor === null ? null : minorToDecimal(row.forfeited_minor),
  };
}

/** What open grants lock: the sum of their bonus amounts. */
export function lockedOf(rows: readonly BonusGrantRow[]): bigint {
  return rows.filter((row) => row.status === 'open').reduce((sum, row) => sum + row.amount_minor, 0n);
}

export function bonusesView(rows: readonly GrantWithPromotion[], language: string): MyBonuses {
  const locked = lockedOf(rows);
  return {
    list: rows.map((row) => bonusView(row, language)),
    lockedMinor: locked.toString(),
    locked: minorToDecimal(locked),
  };
}
