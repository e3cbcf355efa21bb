import type { RaffleDrawView } from '@lotus/shared/raffles.schema';

/**
 * `/originals/verify?mode=raffle&…` for a draw whose campaign has revealed its seed (null before): the
 * verify page recomputes HMAC-SHA256(seed, ticket id) over the prize table in the browser and compares it
 * with the prize paid. The table travels as JSON, like a round's bet.
 */
export function raffleVerifyHref(draw: RaffleDrawView, back?: string): string | null {
  if (!draw.seed) return null;
  const query = new URLSearchParams({
    mode: 'raffle',
    seed: draw.seed,
    hash: draw.seedHash,
    ticket: draw.ticketId,
    prizes: JSON.stringify(draw.prizes.map(({ amountMinor, weight }) => ({ amountMinor, weight }))),
    prize: draw.prizeMinor,
    ...(back ? { back } : {}),
  });
  return `/originals/verify?${query.toString()}`;
}
