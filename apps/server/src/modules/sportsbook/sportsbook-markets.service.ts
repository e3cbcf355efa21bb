import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { SportsbookFeedRepository } from './sportsbook-feed.repository.ts';

export type MarketAction = 'suspend' | 'reopen' | 'close';
export type SportsOperator = { brandId: bigint; operatorId: bigint; name: string; ip: string };

/** Which status each action moves a market from, and to. */
const MOVES: Record<MarketAction, { from: readonly string[]; to: 'open' | 'suspended' | 'closed' }> = {
  suspend: { from: ['open', 'suspended'], to: 'suspended' },
  reopen: { from: ['suspended'], to: 'open' },
  close: { from: ['open', 'suspended'], to: 'closed' },
};

/**
 * The operators' market actions (docs/sportsbook.md "Corrections and voids"): suspend (no end: the feed
 * never reopens an operator's suspension), reopen, close. The market is locked `FOR UPDATE` (a bet holds it
 * `FOR SHARE`), so an action waits for bets in flight and every bet after it sees the new status. A market
 * of another brand is not found; a move its status does not allow is `sportsbook_state_conflict`. Audited.
 */
export class SportsbookMarketsService {
  readonly #uow: UnitOfWork<{ feed: SportsbookFeedRepository<Tx>; audit: AuditRepository }>;

  constructor(deps: { db: Db }) {
    this.#uow = new UnitOfWork(deps.db, (trx) => ({
      feed: new SportsbookFeedRepository(trx),
      audit: new AuditRepository(trx),
    }));
  }

  async act(operator: SportsOperator, marketId: bigint, action: MarketAction) {
    return this.#uow.run(async ({ feed, audit }) => {
      const market = await feed.marketForUpdate(marketId);
      if (!market || market.brand_id !== operator.brandId)
        throw new AppError('not_found', { message: 'market' });
      const move = MOVES[action];
      // A suspension the feed set (with an end) becomes the operator's (no end); an operator's is a conflict.
      const already =
        action === 'suspend' && market.status === 'suspended' && market.suspended_until === null;
      if (!move.from.includes(market.status) || already) {
        throw new AppError('sportsbook_state_conflict', { details: { status: market.status } });
      }
      const version = await feed.setMarketStatus(marketId, move.to);
      await audit.record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: `sportsbook.market_${action}`,
        ip: operator.ip,
        detail: { operator: operator.name, marketId: marketId.toString(), from: market.status, to: move.to },
      });
      return { marketId: marketId.toString(), status: move.to, version };
    });
  }
}
