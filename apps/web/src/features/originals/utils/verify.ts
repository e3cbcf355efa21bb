import { serverSeedHash } from '@lotus/games/fair';
import { isFishingTitleCode } from '@lotus/games/fishing/index';
import { jackpotDraw } from '@lotus/games/jackpot';
import { GameRuleError, isInHouseGameCode, playRound, verifyRound } from '@lotus/games/play';
import type { GameBet, GameOutcome } from '@lotus/games/types';
import { type FishingBatchOutcome, readFishingBet, replayFishingBatch } from './verify-fishing.ts';
import type { VerifyQuery } from './verify-link.ts';

/** The verify page's fields (a history link fills them; each can be typed), and the stored outcome. */
export type VerifyInput = Omit<VerifyQuery, 'round'> & {
  /** The stored outcome, when the history handed it over. */
  storedOutcome: unknown;
};

export type VerifyResult =
  | { ok: false; problem: 'game' | 'serverSeed' | 'clientSeed' | 'nonce' | 'bet'; detail?: string }
  | {
      ok: true;
      /** sha256 of the server seed as typed. */
      computedHash: string;
      /** null when no committed hash was given. */
      hashMatches: boolean | null;
      /** A fishing title's round is a batch of shots, each recomputed (verify-fishing.ts). */
      outcome: GameOutcome | FishingBatchOutcome;
      /** Whole stored outcome equal to the recomputation (null: not given). */
      outcomeMatches: boolean | null;
      /** Stored payout equal to the recomputed one (null: not given). */
      payoutMatches: boolean | null;
    };

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/**
 * Recomputes a round in the browser with the same packages/games code the studio runs (the pure HMAC,
 * no server involved) and checks it against what the studio committed to and stored.
 */
export function computeVerification(input: VerifyInput): VerifyResult {
  if (!isInHouseGameCode(input.game)) return { ok: false, problem: 'game' };
  const serverSeed = input.serverSeed.trim().toLowerCase();
  if (!SERVER_SEED.test(serverSeed)) return { ok: false, problem: 'serverSeed' };
  if (!CLIENT_SEED.test(input.clientSeed)) return { ok: false, problem: 'clientSeed' };
  if (!/^(0|[1-9][0-9]{0,9})$/.test(input.nonce.trim())) return { ok: false, problem: 'nonce' };
  const nonce = Number(input.nonce.trim());
  let bet: GameBet;
  try {
    bet = JSON.parse(input.bet) as GameBet;
  } catch {
    return { ok: false, problem: 'bet' };
  }
  const inputs = { serverSeed, clientSeed: input.clientSeed, nonce };
  const fishing = isFishingTitleCode(input.game);
  const fishingBet = fishing ? readFishingBet(bet) : null;
  if (fishing && !fishingBet) return { ok: false, problem: 'bet' };
  let outcome: GameOutcome | FishingBatchOutcome;
  try {
    outcome = fishingBet
      ? replayFishingBatch(input.game, fishingBet, inputs, input.storedOutcome)
      : playRound(input.game, bet, inputs);
  } catch (error) {
    if (error instanceof GameRuleError || error instanceof RangeError) {
      return { ok: false, problem: 'bet', detail: error instanceof GameRuleError ? error.code : undefined };
    }
    throw error;
  }
  const computedHash = serverSeedHash(serverSeed);
  const committed = input.hash.trim().toLowerCase();
  return {
    ok: true,
    computedHash,
    hashMatches: committed ? committed === computedHash : null,
    outcome,
    outcomeMatches:
      input.storedOutcome === null || input.storedOutcome === undefined
        ? null
        : outcome.game === 'fishing-batch'
          ? outcome.shots.every((shot) => shot.matches === true)
          : verifyRound(input.game, bet, inputs, input.storedOutcome),
    payoutMatches: input.payout.trim() ? input.payout.trim() === outcome.totalPayMinor : null,
  };
}

/** The progressive jackpot's draw of a round (issue 19, packages/games jackpot.ts), recomputed here. */
export type JackpotCheck = { value: string; oneInMinor: string; stakeMinor: string; won: boolean };

/** The total stake of a bet as the verify page holds it (JSON), or null when it does not read as one. */
function stakeOfBet(betText: string): bigint | null {
  try {
    const bet = JSON.parse(betText) as {
      game?: string;
      betMinor?: string;
      bets?: { amountMinor?: string }[];
    };
    if (bet.game === 'slot' && /^[0-9]{1,18}$/.test(bet.betMinor ?? ''))
      return BigInt(bet.betMinor as string);
    if (!Array.isArray(bet.bets)) return null;
    let total = 0n;
    for (const one of bet.bets) {
      if (!/^[0-9]{1,18}$/.test(one.amountMinor ?? '')) return null;
      total += BigInt(one.amountMinor as string);
    }
    return total;
  } catch {
    return null;
  }
}

/**
 * Recomputes the round's jackpot draw: HMAC(server seed, "client seed:nonce:jackpot:cursor"), a uniform
 * number below the jackpot's `oneInMinor`; the round won the pot when it is below the stake. Null when the
 * odds are not given or a field does not read (the game's own check reports those).
 */
export function computeJackpotCheck(
  fields: Pick<VerifyInput, 'serverSeed' | 'clientSeed' | 'nonce' | 'bet'>,
  oneInText: string,
): JackpotCheck | null {
  const serverSeed = fields.serverSeed.trim().toLowerCase();
  const nonce = fields.nonce.trim();
  const oneIn = oneInText.trim();
  if (!/^[1-9][0-9]{0,17}$/.test(oneIn) || !SERVER_SEED.test(serverSeed)) return null;
  if (!CLIENT_SEED.test(fields.clientSeed) || !/^(0|[1-9][0-9]{0,9})$/.test(nonce)) return null;
  const stake = stakeOfBet(fields.bet);
  if (stake === null) return null;
  const draw = jackpotDraw(
    { serverSeed, clientSeed: fields.clientSeed, nonce: Number(nonce) },
    stake,
    BigInt(oneIn),
  );
  return { value: String(draw.value), oneInMinor: oneIn, stakeMinor: String(stake), won: draw.won };
}
