import { playDragonTiger } from './dragon-tiger.ts';
import { type Hmac, hmacSha256 } from './fair.ts';
import { BATCH_MAX_SHOTS } from './fishing/batch.ts';
import { FISHING_TITLES, type FishingTitleCode } from './fishing/titles.ts';
import { GameRuleError } from './game-rule-error.ts';
import { playRoulette, validateRouletteBet } from './roulette.ts';
import { sameJson } from './same-json.ts';
import { spinSlot } from './slots/engine.ts';
import { SLOT_TITLES, type SlotCode } from './slots/titles.ts';
import type { FairInputs, GameBet, GameOutcome, InHouseGameCode, RouletteBet } from './types.ts';

/**
 * The studio's single entry point (docs/games-contract.md "play.ts"): which games exist, their limits,
 * playing a round from (bet, fair inputs), and verifying a stored round by replaying it.
 */

export { GameRuleError, type GameRuleErrorCode } from './game-rule-error.ts';

export type InHouseGame = {
  code: InHouseGameCode;
  /**
   * Which engine and which `GameBet` shape; `fishing` takes no `GameBet` (its shots come in batches,
   * docs/fishing.md "The server"), so `validateBet` refuses every bet for it.
   */
  game: GameBet['game'] | 'fishing';
  /** Catalogue game type (docs/catalogue.md): slots RNG, roulette TG (table games), dragon tiger PVP, fishing FISH. */
  gameType: 'RNG' | 'TG' | 'PVP' | 'FISH';
  names: { en: string; hi: string };
  /** Smallest stake of one bet (slots: the smallest total bet). */
  minBetMinor: string;
  /** Largest stake of one bet spot (slots: the largest total bet; dragon tiger: per side). */
  maxBetMinor: string;
  /** Largest stake of a whole round (all spots together). */
  maxTotalMinor: string;
};

function slotGame(code: SlotCode, names: { en: string; hi: string }): InHouseGame {
  // betsMinor is listed in ascending order (titles.ts).
  const bets = SLOT_TITLES[code].betsMinor;
  const min = bets[0];
  const max = bets.at(-1);
  if (!min || !max) throw new Error(`${code} has no bets`);
  return {
    code,
    game: 'slot',
    gameType: 'RNG',
    names,
    minBetMinor: min,
    maxBetMinor: max,
    maxTotalMinor: max,
  };
}

/** A fishing title's limits are its bullets (one shot); a batch may hold BATCH_MAX_SHOTS of the largest. */
function fishingGame(code: FishingTitleCode): InHouseGame {
  const title = FISHING_TITLES[code];
  const min = title.bulletsMinor[0];
  const max = title.bulletsMinor.at(-1);
  if (min === undefined || max === undefined) throw new Error(`${code} has no bullets`);
  return {
    code,
    game: 'fishing',
    gameType: 'FISH',
    names: title.names,
    minBetMinor: min.toString(),
    maxBetMinor: max.toString(),
    maxTotalMinor: (max * BigInt(BATCH_MAX_SHOTS)).toString(),
  };
}

export const INHOUSE_GAMES: Readonly<Record<InHouseGameCode, InHouseGame>> = {
  'lotus-fortune': slotGame('lotus-fortune', { en: 'Lotus Fortune', hi: 'लोटस फ़ॉर्च्यून' }),
  'tiger-temple': slotGame('tiger-temple', { en: 'Tiger Temple', hi: 'टाइगर टेम्पल' }),
  'monsoon-gems': slotGame('monsoon-gems', { en: 'Monsoon Gems', hi: 'मॉनसून जेम्स' }),
  'european-roulette': {
    code: 'european-roulette',
    game: 'roulette',
    gameType: 'TG',
    names: { en: 'European Roulette', hi: 'यूरोपियन रूलेट' },
    minBetMinor: '1000', // 10.00 per bet
    maxBetMinor: '500000', // 5,000.00 per bet spot
    maxTotalMinor: '2000000', // 20,000.00 per spin
  },
  'dragon-tiger': {
    code: 'dragon-tiger',
    game: 'dragon-tiger',
    gameType: 'PVP',
    names: { en: 'Dragon Tiger', hi: 'ड्रैगन टाइगर' },
    minBetMinor: '1000', // 10.00 per side
    maxBetMinor: '1000000', // 10,000.00 per side
    maxTotalMinor: '3000000', // all three sides at the maximum
  },
  'ocean-king': fishingGame('ocean-king'),
  'lotus-reef': fishingGame('lotus-reef'),
  'deep-sea-hunt': fishingGame('deep-sea-hunt'),
};

export function isInHouseGameCode(code: string): code is InHouseGameCode {
  return Object.hasOwn(INHOUSE_GAMES, code);
}

const MINOR = /^(0|[1-9][0-9]{0,17})$/;

function amountOf(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !MINOR.test(value))
    throw new GameRuleError('bet_invalid', `${what}: not an amount`);
  const amount = BigInt(value);
  if (amount <= 0n) throw new GameRuleError('bet_invalid', `${what}: must be positive`);
  return amount;
}

function checkLimits(game: InHouseGame, amount: bigint, what: string): void {
  if (amount < BigInt(game.minBetMinor))
    throw new GameRuleError('bet_limit', `${what}: below ${game.minBetMinor}`);
  if (amount > BigInt(game.maxBetMinor))
    throw new GameRuleError('bet_limit', `${what}: above ${game.maxBetMinor}`);
}

function checkRouletteBets(game: InHouseGame, bets: unknown): RouletteBet[] {
  if (!Array.isArray(bets) || bets.length < 1 || bets.length > 60) {
    throw new GameRuleError('bet_invalid', 'roulette: 1 to 60 bets');
  }
  // Limits apply per spot: two bets on the same spot count as one, so splitting cannot pass the maximum.
  const perSpot = new Map<string, bigint>();
  let total = 0n;
  const checked = bets.map((raw: RouletteBet, i) => {
    const pockets = raw && typeof raw === 'object' ? validateRouletteBet(raw) : null;
    if (!pockets) throw new GameRuleError('bet_invalid', `roulette bet ${i}: not a ${String(raw?.kind)} bet`);
    const amount = amountOf(raw.amountMinor, `roulette bet ${i}`);
    checkLimits(game, amount, `roulette bet ${i}`);
    const spot = `${raw.kind}:${pockets.join(',')}`;
    const onSpot = (perSpot.get(spot) ?? 0n) + amount;
    if (onSpot > BigInt(game.maxBetMinor))
      throw new GameRuleError('bet_limit', `roulette ${spot}: above ${game.maxBetMinor}`);
    perSpot.set(spot, onSpot);
    total += amount;
    return { kind: raw.kind, numbers: raw.numbers, amountMinor: raw.amountMinor };
  });
  if (total > BigInt(game.maxTotalMinor))
    throw new GameRuleError('bet_limit', `roulette: total above ${game.maxTotalMinor}`);
  return checked;
}

/**
 * Checks a bet against the game's rules and limits; throws GameRuleError (`bet_invalid` for a malformed
 * or impossible bet, `bet_limit` for a stake outside the game's limits).
 */
export function validateBet(code: string, bet: GameBet): void {
  if (!isInHouseGameCode(code)) throw new GameRuleError('bet_invalid', `unknown game ${code}`);
  const game = INHOUSE_GAMES[code];
  if (!bet || typeof bet !== 'object' || bet.game !== game.game) {
    throw new GameRuleError('bet_invalid', `${code} takes a ${game.game} bet`);
  }
  switch (bet.game) {
    case 'slot': {
      const amount = amountOf(bet.betMinor, code);
      checkLimits(game, amount, code);
      if (!SLOT_TITLES[code as SlotCode].betsMinor.includes(amount.toString())) {
        throw new GameRuleError('bet_invalid', `${code}: ${bet.betMinor} is not one of the title's bets`);
      }
      return;
    }
    case 'roulette':
      checkRouletteBets(game, bet.bets);
      return;
    case 'dragon-tiger': {
      if (!Array.isArray(bet.bets) || bet.bets.length < 1 || bet.bets.length > 3) {
        throw new GameRuleError('bet_invalid', 'dragon tiger: 1 to 3 bets');
      }
      const sides = new Set<string>();
      let total = 0n;
      for (const b of bet.bets) {
        if (!b || !['dragon', 'tiger', 'tie'].includes(b.side) || sides.has(b.side)) {
          throw new GameRuleError('bet_invalid', 'dragon tiger: one bet per side (dragon, tiger, tie)');
        }
        sides.add(b.side);
        const amount = amountOf(b.amountMinor, `dragon tiger ${b.side}`);
        checkLimits(game, amount, `dragon tiger ${b.side}`);
        total += amount;
      }
      if (total > BigInt(game.maxTotalMinor))
        throw new GameRuleError('bet_limit', 'dragon tiger: total too high');
      return;
    }
    default:
      throw new GameRuleError('bet_invalid', 'unknown bet');
  }
}

/** Plays one round: validates the bet (GameRuleError) then draws the outcome from the fair inputs. */
export function playRound(
  code: string,
  bet: GameBet,
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): GameOutcome {
  validateBet(code, bet);
  switch (bet.game) {
    case 'slot':
      return spinSlot(SLOT_TITLES[code as SlotCode], BigInt(bet.betMinor), inputs, hmac);
    case 'roulette':
      return playRoulette(bet.bets, inputs, hmac);
    case 'dragon-tiger':
      return playDragonTiger(bet.bets, inputs, hmac);
  }
}

/**
 * True when replaying the round from its bet and fair inputs gives exactly `outcome` (the stored JSON).
 * A refused bet or any mismatch is false. The browser verifier calls this with the pure HMAC.
 */
export function verifyRound(
  code: string,
  bet: GameBet,
  inputs: FairInputs,
  outcome: unknown,
  hmac: Hmac = hmacSha256,
): boolean {
  try {
    return sameJson(playRound(code, bet, inputs, hmac), outcome);
  } catch (error) {
    if (error instanceof GameRuleError || error instanceof RangeError) return false;
    throw error;
  }
}
