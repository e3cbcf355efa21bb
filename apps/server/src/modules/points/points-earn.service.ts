import type { PointsEarnRun } from '@lotus/shared/points.schema';
import { type Db, transact } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { ledgerIn } from '../ledger/ledger.ts';
import { type EarnCandidate, PointsRepository } from './points.repository.ts';

export const EARN_JOB = 'points.earn';
export const EARN_EVERY_MS = 60_000;
/** Hours looked at per batch, and batches per run (the rest waits for the next run). */
const BATCH = 500;
const MAX_BATCHES = 20;
/**
 * How far back the job looks: hours older than this are never credited. The job runs every minute, so a
 * week covers any outage worth the name while each run reads a bounded slice of `member_betting_hours`
 * (by its `hour` index, migration 0028) instead of the whole history.
 */
export const EARN_LOOKBACK_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;

/** The ledger key of one credit: the hour's consumed turnover after it names it, so it exists once. */
export const earnLedgerKey = (memberId: bigint, hour: Date, gameType: string, consumedAfter: bigint) =>
  `points:earn:${memberId}:${Math.floor(hour.getTime() / 1000)}:${gameType}:${consumedAfter}`;

/**
 * The `points.earn` job (docs/points.md "Earning"; docs/jobs.md): turns valid turnover into points. For each
 * (member, hour, game type) of `member_betting_hours` with at least one whole block of the brand's rate
 * not yet consumed, one transaction locks the hour's progress row, takes every whole block
 * (`floor(unconsumed / turnover) × points`), posts them `points_earn` (`points_pool` → `member_points`)
 * under a key naming the consumed total after it, and advances the row. The remainder stays for the
 * next round played in that hour, so no fraction is lost; a re-run (or a second process) finds the row
 * advanced and posts nothing. Trial and type-4 accounts are never candidates; hours older than
 * EARN_LOOKBACK_MS are not looked at.
 */
export class PointsEarnService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(deps: { db: Db; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  /** One pass over the hours of the last EARN_LOOKBACK_MS before `now` (the job's claim time). */
  async run(now: Date = this.#clock.now()): Promise<PointsEarnRun> {
    let credited = 0;
    let points = 0n;
    const repository = new PointsRepository(this.#db);
    const since = new Date(Math.floor((now.getTime() - EARN_LOOKBACK_MS) / HOUR_MS) * HOUR_MS);
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const candidates = await repository.earnCandidates(since, BATCH);
      for (const candidate of candidates) {
        const earned = await this.#credit(candidate);
        if (earned > 0n) {
          credited += 1;
          points += earned;
        }
      }
      if (candidates.length < BATCH) break;
    }
    return { credited, points: points.toString() };
  }

  /** One hour's credit in its own transaction; answers the points it gave (0: another run got there first). */
  #credit(candidate: EarnCandidate): Promise<bigint> {
    return transact(this.#db, async (trx) => {
      const repository = new PointsRepository(trx);
      const hour = await repository.lockEarnHour(candidate.memberId, candidate.hour, candidate.gameType);
      if (!hour) return 0n;
      const blocks = (hour.validTurnoverMinor - hour.consumedTurnoverMinor) / candidate.rateTurnoverMinor;
      if (blocks <= 0n) return 0n;
      const earned = blocks * candidate.ratePoints;
      const consumed = hour.consumedTurnoverMinor + blocks * candidate.rateTurnoverMinor;
      const account = await repository.ensurePointsAccount(candidate.memberId);
      await ledgerIn(trx).post({
        brandId: candidate.brandId,
        idempotencyKey: earnLedgerKey(candidate.memberId, candidate.hour, candidate.gameType, consumed),
        kind: 'points_earn',
        memo: `${candidate.gameType} ${candidate.hour.toISOString()}`,
        postings: [
          { system: 'points_pool', amountMinor: -earned },
          { accountId: account.id, amountMinor: earned },
        ],
      });
      await repository.advanceEarnHour(
        candidate.memberId,
        candidate.hour,
        candidate.gameType,
        consumed,
        hour.points + earned,
      );
      return earned;
    });
  }
}
