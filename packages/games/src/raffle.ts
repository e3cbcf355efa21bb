import { createDraws, type Hmac, hmacSha256 } from './fair.ts';

/**
 * Raffle draws (issue 19: red envelope, golden egg, prize wheel) from a committed campaign seed. The
 * operator publishes `serverSeedHash(seed)` before the campaign starts and reveals the seed when it ends;
 * each ticket's prize is then `HMAC-SHA256(seed, "raffle:<ticketId>:<cursor>")` read by fair.ts's
 * `createDraws` (rejection sampling, no modulo bias) as one `int(total weight)`, walked over the prize
 * table in its published order. The server draws with this function and the verify page replays it.
 */

/** The client-seed part of the HMAC message: fixed, so a ticket's draw depends on the seed and its id only. */
export const RAFFLE_CLIENT_SEED = 'raffle';

/** One row of a campaign's prize table: an amount in minor units and its relative weight. */
export type RafflePrize = { amountMinor: string; weight: number };

/** Largest total weight a table may have (one `int(n)` needs n ≤ 2^32). */
export const RAFFLE_MAX_TOTAL_WEIGHT = 1_000_000_000;

/** Why a prize table cannot be drawn from; null when it can. */
export function rafflePrizeTableProblem(prizes: readonly RafflePrize[]): string | null {
  if (prizes.length === 0) return 'empty';
  let total = 0;
  for (const prize of prizes) {
    if (!Number.isInteger(prize.weight) || prize.weight < 1) return 'weight';
    if (!/^(0|[1-9][0-9]{0,14})$/.test(prize.amountMinor)) return 'amount';
    total += prize.weight;
  }
  return total > RAFFLE_MAX_TOTAL_WEIGHT ? 'weight' : null;
}

/** The drawn row of the table (its index) and its amount. */
export type RaffleDraw = { index: number; amountMinor: string };

/**
 * The prize of `ticketId` under `seed` (64 hex characters) over `prizes`. Throws RangeError for a table
 * `rafflePrizeTableProblem` refuses or a ticket id that is not a positive safe integer.
 */
export function drawRafflePrize(
  seed: string,
  ticketId: number,
  prizes: readonly RafflePrize[],
  hmac: Hmac = hmacSha256,
): RaffleDraw {
  const problem = rafflePrizeTableProblem(prizes);
  if (problem) throw new RangeError(`prize table: ${problem}`);
  if (!Number.isSafeInteger(ticketId) || ticketId < 1) throw new RangeError('ticket id');
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  let pick = createDraws({ serverSeed: seed, clientSeed: RAFFLE_CLIENT_SEED, nonce: ticketId }, hmac).int(
    total,
  );
  for (let index = 0; index < prizes.length; index++) {
    const prize = prizes[index] as RafflePrize;
    if (pick < prize.weight) return { index, amountMinor: prize.amountMinor };
    pick -= prize.weight;
  }
  throw new Error('unreachable: the pick is below the total weight');
}
