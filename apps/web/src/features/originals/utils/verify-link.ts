import type { Round } from '@lotus/shared/originals.schema';

/** What the verify page needs to recompute a round, as query parameters. */
export type VerifyQuery = {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** The bet as the studio's round request carries it (JSON). */
  bet: string;
  /** The hash the studio committed to before the round (optional when typed). */
  hash: string;
  /** The stored payout in minor units, compared when the stored outcome is not at hand (optional when typed). */
  payout: string;
  round: string;
};

// The stored outcome can be several KB (free spins): it travels in sessionStorage, not in the address.
const outcomeKey = (roundId: string) => `originals:outcome:${roundId}`;

export function rememberOutcome(round: Round): void {
  try {
    window.sessionStorage.setItem(outcomeKey(round.roundId), JSON.stringify(round.outcome));
  } catch {
    // Storage blocked: the verify page then compares the payout only.
  }
}

export function recalledOutcome(roundId: string): unknown {
  try {
    const text = window.sessionStorage.getItem(outcomeKey(roundId));
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The bet of a round, rebuilt from its stored outcome (the outcome carries the bet). */
export function betOfOutcome(outcome: Record<string, unknown>): unknown {
  switch (outcome.game) {
    case 'slot':
      return { game: 'slot', betMinor: outcome.betMinor };
    case 'roulette':
      return {
        game: 'roulette',
        bets: (outcome.bets as { kind: string; numbers: number[]; amountMinor: string }[]).map(
          ({ kind, numbers, amountMinor }) => ({ kind, numbers, amountMinor }),
        ),
      };
    case 'dragon-tiger':
      return {
        game: 'dragon-tiger',
        bets: (outcome.bets as { side: string; amountMinor: string }[]).map(({ side, amountMinor }) => ({
          side,
          amountMinor,
        })),
      };
    case 'fishing-batch':
      // What the player sent: the fish, the time and the bullet of each shot, with the round's public
      // scene; the verify page recomputes the targets, blasts and captures (verify-fishing.ts).
      return {
        game: 'fishing-batch',
        sceneSeed: outcome.sceneSeed,
        shots: (outcome.shots as { fishId: number; at: number; bulletMinor: string }[]).map(
          ({ fishId, at, bulletMinor }) => ({ fishId, at, bulletMinor }),
        ),
      };
    default:
      return null;
  }
}

/** `/originals/verify?…` for a round whose server seed has been revealed (null before). */
export function verifyHref(round: Round): string | null {
  if (!round.serverSeed) return null;
  const query: VerifyQuery = {
    game: round.gameCode,
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    bet: JSON.stringify(betOfOutcome(round.outcome)),
    hash: round.serverSeedHash,
    payout: round.payoutMinor,
    round: round.roundId,
  };
  return `/originals/verify?${new URLSearchParams(query).toString()}`;
}
