import {
  ACTIVITY_MAX_DAYS,
  type ActivityDay,
  type ActivityQuery,
  type ActivityReport,
} from '@lotus/shared/player-protection.schema';
import type { Db } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ActivityDayRow, ActivityRepository } from './activity.repository.ts';

const DAY_MS = 86_400_000;

/** Midnight UTC of a `YYYY-MM-DD` that names a real day (not 2026-02-30), else null. */
function dayStart(day: string): number | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day) return null;
  return time;
}

function rangeInvalid(message: string): AppError {
  return new AppError('date_range_invalid', { message, details: { maxDays: ACTIVITY_MAX_DAYS } });
}

type Sums = Omit<ActivityDayRow, 'day'>;

function amountsOf(sums: Sums) {
  return {
    depositedMinor: sums.depositedMinor.toString(),
    withdrawnMinor: sums.withdrawnMinor.toString(),
    stakedMinor: sums.stakedMinor.toString(),
    wonMinor: sums.wonMinor.toString(),
    netMinor: (sums.wonMinor - sums.stakedMinor).toString(),
    rounds: sums.rounds,
  };
}

const ZERO: Sums = { depositedMinor: 0n, withdrawnMinor: 0n, stakedMinor: 0n, wonMinor: 0n, rounds: 0 };

/**
 * "My activity" (issue 17): the member's money per UTC day — deposits, withdrawals, stakes, wins, net and
 * rounds — read from member_activity_days, which the money transactions themselves write (so it agrees
 * with what the loss and wager limits count). Every day of the range is in the answer, zeros included.
 */
export class ActivityService {
  readonly #repository: ActivityRepository<Db>;

  constructor(deps: { db: Db }) {
    this.#repository = new ActivityRepository(deps.db);
  }

  async report(actor: Actor, query: ActivityQuery): Promise<ActivityReport> {
    const from = dayStart(query.from);
    const to = dayStart(query.to);
    if (from === null || to === null) throw rangeInvalid('activity: not a calendar day');
    if (from > to) throw rangeInvalid('activity: from is after to');
    const count = (to - from) / DAY_MS + 1;
    if (count > ACTIVITY_MAX_DAYS) throw rangeInvalid(`activity: more than ${ACTIVITY_MAX_DAYS} days`);

    const [rows, currencySymbol] = await Promise.all([
      this.#repository.days(actor.memberId, query.from, query.to),
      this.#repository.currencySymbol(actor.brandId),
    ]);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const totals = { ...ZERO };
    const days: ActivityDay[] = [];
    for (let i = 0; i < count; i += 1) {
      const day = new Date(from + i * DAY_MS).toISOString().slice(0, 10);
      const row = byDay.get(day) ?? { day, ...ZERO };
      totals.depositedMinor += row.depositedMinor;
      totals.withdrawnMinor += row.withdrawnMinor;
      totals.stakedMinor += row.stakedMinor;
      totals.wonMinor += row.wonMinor;
      totals.rounds += row.rounds;
      days.push({ day, ...amountsOf(row) });
    }
    return {
      from: query.from,
      to: query.to,
      currencySymbol: currencySymbol ?? '',
      days,
      totals: amountsOf(totals),
    };
  }
}
