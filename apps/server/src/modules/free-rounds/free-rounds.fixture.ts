import { randomUUID } from 'node:crypto';
import type { SetPromotionRulesBody } from '@lotus/shared/promotion-engine.schema';

/** Free-rounds rules for the tests: automatic, no form, `rounds` rounds of Lotus Fortune at 10.00. */
export function freeRoundRules(rounds = 10, multiple = 0): SetPromotionRulesBody {
  return {
    approval: 'auto',
    hasForm: false,
    newPlayersDays: null,
    minDepositCount: 0,
    minVipLevel: 0,
    qualifyingDeposit: null,
    minDeposit: '0',
    award: { kind: 'free_rounds', gameCode: 'lotus-fortune', rounds, stake: '10' },
    wagering: { multiple, weights: multiple > 0 ? [{ gameType: 'RNG', percent: 100 }] : [] },
  };
}

/** A studio play request naming the grant (the bet's own stake is ignored: the grant's is played). */
export const freePlay = (grantId: string) => ({
  requestId: randomUUID(),
  freeRoundGrantId: grantId,
  bet: { game: 'slot', betMinor: '100' },
});
