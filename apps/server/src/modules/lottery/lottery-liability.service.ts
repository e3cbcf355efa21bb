import type { LotteryLiability } from '@lotus/shared/lottery.schema';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { LotteryEngineRepository } from './lottery-engine.repository.ts';

/**
 * A draw's liability for operators (docs/lottery.md "Operators"; the route and the CLI `lottery:liability`
 * share it): the exposure per selection key with the stakes and lines standing on it, largest first.
 */
export class LotteryLiabilityService {
  readonly #repository: LotteryEngineRepository<Db>;

  constructor(deps: { db: Db }) {
    this.#repository = new LotteryEngineRepository(deps.db);
  }

  async brandIdByCode(code: string): Promise<bigint | undefined> {
    return this.#repository.brandIdByCode(code);
  }

  async liability(brandId: bigint, drawId: string): Promise<LotteryLiability> {
    const draw = await this.#repository.drawOfBrand(drawId, brandId);
    if (!draw) throw new AppError('lottery_draw_not_found');
    const rows = await this.#repository.liabilityOf(draw.drawId);
    rows.sort((a, b) =>
      a.exposureMinor === b.exposureMinor
        ? a.key.localeCompare(b.key)
        : a.exposureMinor > b.exposureMinor
          ? -1
          : 1,
    );
    const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
    return {
      drawId: draw.publicId,
      status: draw.status,
      maxPayoutMinor: String(draw.maxPayoutMinor),
      stakesMinor: String(sum(rows.map((row) => row.stakeMinor))),
      worstCaseMinor: String(sum(rows.map((row) => row.exposureMinor))),
      largestMinor: String(rows[0]?.exposureMinor ?? 0n),
      selections: rows.map((row) => {
        const split = row.key.indexOf(':');
        return {
          key: row.key,
          betType: row.key.slice(0, split),
          selection: row.key.slice(split + 1),
          exposureMinor: String(row.exposureMinor),
          stakeMinor: String(row.stakeMinor),
          lines: row.lines,
        };
      }),
    };
  }
}
