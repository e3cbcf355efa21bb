import { createDraws, sha256Hex } from '@lotus/games/fair';
import { verifyShoe } from '@lotus/games/live/shoe';
import { rollSicBo } from '@lotus/games/live/sic-bo';
import type { LiveVerify } from '@lotus/shared/live.schema';

export type VerifyResult = 'pending' | 'verified' | 'failed';

/**
 * Checks a round in the browser with the same maths the server dealt it with (packages/games live/): before
 * the seed is revealed there is nothing to check. Card tables: the seed hashes to the commitment and shuffles
 * to the cards the shoe dealt (verifyShoe). Roulette and sic bo: the seed hashes to the commitment and
 * createDraws(seed, table code, round number) gives the round's pocket or dice.
 */
export function verifyRound(data: LiveVerify): VerifyResult {
  const { seed, commitment, shoeCards, decks } = data.shoe;
  if (seed === null) return 'pending';
  const outcome = data.outcome;
  if (data.kind === 'roulette' || data.kind === 'sic-bo') {
    if (sha256Hex(seed) !== commitment || outcome === null) return 'failed';
    const inputs = { serverSeed: seed, clientSeed: data.tableCode, nonce: data.roundNo };
    if (outcome.game === 'roulette')
      return createDraws(inputs).int(37) === outcome.pocket ? 'verified' : 'failed';
    if (outcome.game === 'sic-bo')
      return rollSicBo(inputs).join() === outcome.dice.join() ? 'verified' : 'failed';
    return 'failed';
  }
  return verifyShoe(seed, commitment, shoeCards, decks) ? 'verified' : 'failed';
}
