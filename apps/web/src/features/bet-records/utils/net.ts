/**
 * A round's (or the totals') win or loss for the player: payout minus stake, in minor units, with BigInt
 * only. Null when either side is not an integer string (the API broke its contract): a dash is shown then,
 * never a wrong figure.
 */
const MINOR = /^-?[0-9]+$/;

export function netMinor(stakeMinor: string, payoutMinor: string): bigint | null {
  const stake = stakeMinor.trim();
  const payout = payoutMinor.trim();
  if (!MINOR.test(stake) || !MINOR.test(payout)) return null;
  return BigInt(payout) - BigInt(stake);
}

export type NetResult = 'win' | 'loss' | 'even';

/** Said in words beside the coloured figure, so the outcome never rests on colour alone. */
export function netResult(net: bigint): NetResult {
  if (net > 0n) return 'win';
  if (net < 0n) return 'loss';
  return 'even';
}
