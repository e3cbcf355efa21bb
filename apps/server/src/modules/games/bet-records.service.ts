import { todayUtc } from '@lotus/shared/date-ranges';
import type { BetRecords } from '@lotus/shared/games.schema';
import type { Actor } from '../../lib/actor.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { recordRange } from '../wallet/wallet.service.ts';
import type { GameCardsRepository } from './game-cards.repository.ts';
import { localised } from './games.service.ts';

export type BetRecordsRequest = {
  actor: Actor;
  pageNo: number;
  pageSize: number;
  gameType?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  language?: string | undefined;
};

/**
 * `GET /wps/member/betRecords`: the member's game rounds (one row per vendor round, as the seamless wallet
 * sums them), newest first, over the account record's date rules: both ends inclusive, at most 92 days,
 * the last 7 days by default (`recordRange`).
 */
export class BetRecordsService {
  readonly #repository: GameCardsRepository;
  readonly #clock: Clock;

  constructor(repository: GameCardsRepository, clock: Clock = systemClock) {
    this.#repository = repository;
    this.#clock = clock;
  }

  async list(request: BetRecordsRequest): Promise<BetRecords> {
    const range = recordRange(request.startDate, request.endDate, todayUtc(this.#clock.now()));
    const filter = {
      memberId: request.actor.memberId,
      from: range.from,
      until: range.until,
      gameType: request.gameType,
    };
    const language = request.language ?? request.actor.language ?? 'EN';
    const [rows, totals] = await Promise.all([
      this.#repository.listRounds(filter, {
        limit: request.pageSize,
        offset: (request.pageNo - 1) * request.pageSize,
      }),
      this.#repository.roundTotals(filter),
    ]);
    return {
      list: rows.map((row) => {
        const vendorName = localised(row.vendorName, language, row.vassalage);
        return {
          roundId: row.roundId,
          // A round whose game was deleted keeps its vendor's name.
          gameName: row.gameNames ? localised(row.gameNames, language, vendorName) : vendorName,
          gameType: row.gameType ?? '',
          vendorName,
          stakeMinor: row.stakeMinor.toString(),
          payoutMinor: row.payoutMinor.toString(),
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          settledAt: row.settledAt?.toISOString() ?? null,
        };
      }),
      pageNum: request.pageNo,
      totalPages: Math.ceil(totals.total / request.pageSize),
      total: totals.total,
      totals: { stakeMinor: totals.stakeMinor.toString(), payoutMinor: totals.payoutMinor.toString() },
    };
  }
}
