import { addDays, daysInRange } from '@lotus/shared/date-ranges';
import {
  PROFIT_MAX_DAYS,
  type ProfitDay,
  type ProfitGameType,
  type ProfitQuery,
  type ProfitReport,
} from '@lotus/shared/loyalty.schema';
import type { Db } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { LoyaltyRepository } from './loyalty.repository.ts';

type Sums = { stakeMinor: bigint; validTurnoverMinor: bigint; payoutMinor: bigint; rounds: number };
const zero = (): Sums => ({ stakeMinor: 0n, validTurnoverMinor: 0n, payoutMinor: 0n, rounds: 0 });

function add(into: Sums, row: Sums): void {
  into.stakeMinor += row.stakeMinor;
  into.validTurnoverMinor += row.validTurnoverMinor;
  into.payoutMinor += row.payoutMinor;
  into.rounds += row.rounds;
}

function amountsOf(sums: Sums) {
  return {
    stakeMinor: sums.stakeMinor.toString(),
    validTurnoverMinor: sums.validTurnoverMinor.toString(),
    payoutMinor: sums.payoutMinor.toString(),
    netMinor: (sums.payoutMinor - sums.stakeMinor).toString(),
    rounds: sums.rounds,
  };
}

/**
 * Personal profit and loss (SPEC §2 `personalProfit`; docs/loyalty.md "Personal P/L"): the member's settled
 * rounds per UTC day and game type from member_betting_hours — the aggregate the settling transaction itself
 * keeps, so the page agrees with the rounds — with the rebates granted for those days beside it (not added
 * into the net). Ranges as the record pages: both days included, at most PROFIT_MAX_DAYS.
 */
export class ProfitService {
  readonly #repository: LoyaltyRepository<Db>;

  constructor(deps: { db: Db }) {
    this.#repository = new LoyaltyRepository(deps.db);
  }

  async report(actor: Actor, query: ProfitQuery): Promise<ProfitReport> {
    const count = daysInRange(query.from, query.to);
    const invalid = (message: string) =>
      new AppError('date_range_invalid', { message, details: { maxDays: PROFIT_MAX_DAYS } });
    if (count === null) throw invalid('profit: not a calendar day');
    if (count < 1) throw invalid('profit: from is after to');
    if (count > PROFIT_MAX_DAYS) throw invalid(`profit: more than ${PROFIT_MAX_DAYS} days`);

    const [rows, rebates, currencySymbol] = await Promise.all([
      this.#repository.profitRows(actor.memberId, query.from, query.to),
      this.#repository.rebatesOfDays(actor.memberId, query.from, query.to),
      this.#repository.currencySymbol(actor.brandId),
    ]);
    const byDay = new Map<string, Sums>();
    const byType = new Map<string, Sums>();
    const totals = zero();
    for (const row of rows) {
      const day = byDay.get(row.day) ?? zero();
      add(day, row);
      byDay.set(row.day, day);
      const type = byType.get(row.gameType) ?? zero();
      add(type, row);
      byType.set(row.gameType, type);
      add(totals, row);
    }
    let rebateTotal = 0n;
    const days: ProfitDay[] = [];
    for (let index = 0; index < count; index += 1) {
      const day = addDays(query.from, index);
      const rebate = rebates.get(day) ?? 0n;
      rebateTotal += rebate;
      days.push({ day, ...amountsOf(byDay.get(day) ?? zero()), rebateMinor: rebate.toString() });
    }
    const gameTypes: ProfitGameType[] = [...byType.entries()]
      .sort(([a, x], [b, y]) =>
        x.validTurnoverMinor === y.validTurnoverMinor
          ? a.localeCompare(b)
          : x.validTurnoverMinor > y.validTurnoverMinor
            ? -1
            : 1,
      )
      .map(([gameType, sums]) => ({ gameType, ...amountsOf(sums) }));
    return {
      from: query.from,
      to: query.to,
      currencySymbol,
      days,
      gameTypes,
      totals: { ...amountsOf(totals), rebateMinor: rebateTotal.toString() },
    };
  }
}
