import { serverSeedHash } from '@lotus/games/fair';
import {
  drawRafflePrize,
  type RaffleDraw,
  type RafflePrize,
  rafflePrizeTableProblem,
} from '@lotus/games/raffle';

/** The raffle mode's fields (a draw's link fills them; each can be typed). */
export type RaffleVerifyInput = {
  seed: string;
  hash: string;
  ticket: string;
  /** The campaign's prize table as JSON: `[{ "amountMinor": "100", "weight": 60 }, …]`. */
  prizes: string;
  /** The prize paid, in minor units (optional when typed). */
  prize: string;
};

export type RaffleVerifyResult =
  | { ok: false; problem: 'seed' | 'ticket' | 'prizes' }
  | {
      ok: true;
      computedHash: string;
      /** null when no committed hash was given. */
      hashMatches: boolean | null;
      draw: RaffleDraw;
      /** The paid prize equal to the recomputed one (null: not given). */
      prizeMatches: boolean | null;
    };

const SEED = /^[0-9a-f]{64}$/;

function prizeTable(text: string): RafflePrize[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const table = parsed.map((row) => ({
      amountMinor: String((row as { amountMinor?: unknown }).amountMinor),
      weight: Number((row as { weight?: unknown }).weight),
    }));
    return rafflePrizeTableProblem(table) === null ? table : null;
  } catch {
    return null;
  }
}

/**
 * Recomputes a raffle ticket's prize in the browser with the same packages/games code the server draws
 * with: HMAC-SHA256(seed, "raffle:<ticket>:<cursor>") read as one unbiased int(total weight) over the table,
 * and checks the seed against the hash published before the campaign started.
 */
export function computeRaffleVerification(input: RaffleVerifyInput): RaffleVerifyResult {
  const seed = input.seed.trim().toLowerCase();
  if (!SEED.test(seed)) return { ok: false, problem: 'seed' };
  const ticket = input.ticket.trim();
  if (!/^[1-9][0-9]{0,14}$/.test(ticket)) return { ok: false, problem: 'ticket' };
  const table = prizeTable(input.prizes);
  if (!table) return { ok: false, problem: 'prizes' };
  const draw = drawRafflePrize(seed, Number(ticket), table);
  const computedHash = serverSeedHash(seed);
  const committed = input.hash.trim().toLowerCase();
  const paid = input.prize.trim();
  return {
    ok: true,
    computedHash,
    hashMatches: committed ? committed === computedHash : null,
    draw,
    prizeMatches: paid ? paid === draw.amountMinor : null,
  };
}
