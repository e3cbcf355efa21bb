import { dragonTigerExactRtp, playDragonTiger } from './dragon-tiger.ts';
import { type Hmac, hmacSha256 } from './fair.ts';
import { BATCH_MAX_SHOTS } from './fishing/batch.ts';
import { FISHING_TITLES, type FishingTitleCode } from './fishing/titles.ts';
import { GameRuleError } from './game-rule-error.ts';
import { BACCARAT_BET_KINDS } from './live/baccarat.ts';
import { SIC_BO_BET_KINDS, type SicBoBet, validSicBoBet } from './live/sic-bo.ts';
import { fraction, toNumber } from './rational.ts';
import { playRoulette, validateRouletteBet } from './roulette.ts';
import { sameJson } from './same-json.ts';
import { spinSlot } from './slots/engine.ts';
import { STUDIO_SLOTS, type StudioSlotCode } from './slots/studio-slots.ts';
import {
  playStudioAndarBahar,
  playStudioBaccarat,
  playStudioSicBo,
  tableGameRtps,
} from './studio/table-games.ts';
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
  /**
   * Catalogue game type (docs/catalogue.md): slots RNG, table games TG (roulette, sic bo, baccarat), card
   * games PVP — the header's "Cards" (dragon tiger, andar bahar) — and fishing FISH.
   */
  gameType: 'RNG' | 'TG' | 'PVP' | 'FISH';
  /** Feeds and can win the brand's progressive jackpot (docs/jackpot.md); listed on /jp (JACKPOT). */
  jackpot: boolean;
  names: { en: string; hi: string };
  /** Smallest stake of one bet (slots: the smallest total bet). */
  minBetMinor: string;
  /** Largest stake of one bet spot (slots: the largest total bet; dragon tiger: per side). */
  maxBetMinor: string;
  /** Largest stake of a whole round (all spots together). */
  maxTotalMinor: string;
};

function slotGame(code: StudioSlotCode, names: { en: string; hi: string }, jackpot = false): InHouseGame {
  // betsMinor is listed in ascending order (titles.ts).
  const bets = STUDIO_SLOTS[code].betsMinor;
  const min = bets[0];
  const max = bets.at(-1);
  if (!min || !max) throw new Error(`${code} has no bets`);
  return {
    code,
    game: 'slot',
    gameType: 'RNG',
    jackpot,
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
    jackpot: false,
    names: title.names,
    minBetMinor: min.toString(),
    maxBetMinor: max.toString(),
    maxTotalMinor: (max * BigInt(BATCH_MAX_SHOTS)).toString(),
  };
}

export const INHOUSE_GAMES: Readonly<Record<InHouseGameCode, InHouseGame>> = {
  // The jackpot slots (issue 22): the demo jackpot's games (db/seed/demo-jackpot.ts reads this flag).
  'lotus-fortune': slotGame('lotus-fortune', { en: 'Lotus Fortune', hi: 'लोटस फ़ॉर्च्यून' }, true),
  'tiger-temple': slotGame('tiger-temple', { en: 'Tiger Temple', hi: 'टाइगर टेम्पल' }),
  'monsoon-gems': slotGame('monsoon-gems', { en: 'Monsoon Gems', hi: 'मॉनसून जेम्स' }),
  'rajahs-ways': slotGame('rajahs-ways', { en: "Rajah's Ways", hi: 'राजा के वेज़' }),
  'maharani-1024': slotGame('maharani-1024', { en: 'Maharani 1024', hi: 'महारानी 1024' }),
  'mumbai-cascade': slotGame('mumbai-cascade', { en: 'Mumbai Cascade', hi: 'मुंबई कैस्केड' }),
  'holi-cascade': slotGame('holi-cascade', { en: 'Holi Cascade', hi: 'होली कैस्केड' }),
  'golden-diya': slotGame('golden-diya', { en: 'Golden Diya', hi: 'सुनहरा दीया' }, true),
  'lakshmi-coins': slotGame('lakshmi-coins', { en: 'Lakshmi Coins', hi: 'लक्ष्मी कॉइन्स' }, true),
  'european-roulette': {
    code: 'european-roulette',
    game: 'roulette',
    gameType: 'TG',
    jackpot: false,
    names: { en: 'European Roulette', hi: 'यूरोपियन रूलेट' },
    minBetMinor: '1000', // 10.00 per bet
    maxBetMinor: '500000', // 5,000.00 per bet spot
    maxTotalMinor: '2000000', // 20,000.00 per spin
  },
  'sic-bo': {
    code: 'sic-bo',
    game: 'sic-bo',
    gameType: 'TG',
    jackpot: false,
    names: { en: 'Sic Bo', hi: 'सिक बो' },
    minBetMinor: '1000', // 10.00 per bet
    maxBetMinor: '500000', // 5,000.00 per bet spot
    maxTotalMinor: '2000000', // 20,000.00 per roll
  },
  baccarat: {
    code: 'baccarat',
    game: 'baccarat',
    gameType: 'TG',
    jackpot: false,
    names: { en: 'Baccarat', hi: 'बकारा' },
    minBetMinor: '1000', // 10.00 per bet
    maxBetMinor: '1000000', // 10,000.00 per bet
    maxTotalMinor: '3000000', // 30,000.00 per coup
  },
  'dragon-tiger': {
    code: 'dragon-tiger',
    game: 'dragon-tiger',
    gameType: 'PVP',
    jackpot: false,
    names: { en: 'Dragon Tiger', hi: 'ड्रैगन टाइगर' },
    minBetMinor: '1000', // 10.00 per side
    maxBetMinor: '1000000', // 10,000.00 per side
    maxTotalMinor: '3000000', // all three sides at the maximum
  },
  'andar-bahar': {
    code: 'andar-bahar',
    game: 'andar-bahar',
    gameType: 'PVP',
    jackpot: false,
    names: { en: 'Andar Bahar', hi: 'अंदर बाहर' },
    minBetMinor: '1000', // 10.00 per side
    maxBetMinor: '1000000', // 10,000.00 per side
    maxTotalMinor: '2000000', // both sides at the maximum
  },
  'ocean-king': fishingGame('ocean-king'),
  'lotus-reef': fishingGame('lotus-reef'),
  'deep-sea-hunt': fishingGame('deep-sea-hunt'),
};

const rtpCache = new Map<InHouseGameCode, number>();
const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/**
 * The RTP a game declares (the catalogue shows it; issue 22): always computed from the game's own maths,
 * never typed. Slots: the title's `declaredRtp` (pinned to the exact or simulated figure by the engine
 * tests); roulette 36/37 (every bet of the layout); the card and dice games: their main even-money bet
 * (dragon tiger's dragon or tiger, sic bo's small or big, baccarat's banker, andar bahar's bahar), exact by
 * enumeration; fishing: the title's exact shot RTP. Lazily computed once (the card games enumerate their draws).
 */
export function declaredRtp(code: InHouseGameCode): number {
  const cached = rtpCache.get(code);
  if (cached !== undefined) return cached;
  const game = INHOUSE_GAMES[code];
  let rtp: number;
  switch (game.game) {
    case 'slot':
      rtp = STUDIO_SLOTS[code as StudioSlotCode].declaredRtp;
      break;
    case 'roulette':
      rtp = round4(toNumber(fraction(36n, 37n)));
      break;
    case 'dragon-tiger':
      // An even stake: a tie returns half of it exactly (an odd one loses the half minor unit).
      rtp = round4(dragonTigerExactRtp([{ side: 'dragon', amountMinor: '100' }]).value);
      break;
    case 'sic-bo':
    case 'baccarat':
    case 'andar-bahar':
      rtp = tableGameRtps()[game.game].declared;
      break;
    case 'fishing':
      // Every shot at every fish of the title returns 24/25 (fishing/titles.ts titleRtp, exact).
      rtp = FISHING_TITLES[code as FishingTitleCode].declaredRtp;
      break;
  }
  rtpCache.set(code, rtp);
  return rtp;
}

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
 * A game of sides (dragon tiger, baccarat, andar bahar): at most one bet per side, each within the limits,
 * the total within the round's.
 */
function checkSideBets(
  game: InHouseGame,
  bets: unknown,
  key: 'side' | 'kind',
  sides: readonly string[],
): void {
  if (!Array.isArray(bets) || bets.length < 1 || bets.length > sides.length) {
    throw new GameRuleError('bet_invalid', `${game.code}: 1 to ${sides.length} bets`);
  }
  const seen = new Set<string>();
  let total = 0n;
  for (const raw of bets as unknown[]) {
    const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const side = typeof b[key] === 'string' ? (b[key] as string) : '';
    if (!sides.includes(side) || seen.has(side)) {
      throw new GameRuleError('bet_invalid', `${game.code}: one bet per side (${sides.join(', ')})`);
    }
    seen.add(side);
    const amount = amountOf(b.amountMinor, `${game.code} ${side}`);
    checkLimits(game, amount, `${game.code} ${side}`);
    total += amount;
  }
  if (total > BigInt(game.maxTotalMinor))
    throw new GameRuleError('bet_limit', `${game.code}: total too high`);
}

/** Sic bo: 1 to 50 bets, each a bet of the layout, limits per spot (like roulette's) and per roll. */
function checkSicBoBets(game: InHouseGame, bets: unknown): void {
  if (!Array.isArray(bets) || bets.length < 1 || bets.length > 50) {
    throw new GameRuleError('bet_invalid', 'sic bo: 1 to 50 bets');
  }
  const perSpot = new Map<string, bigint>();
  let total = 0n;
  bets.forEach((raw: SicBoBet, i) => {
    const ok =
      raw &&
      typeof raw === 'object' &&
      (SIC_BO_BET_KINDS as readonly string[]).includes(raw.kind) &&
      Array.isArray(raw.numbers) &&
      validSicBoBet(raw.kind, raw.numbers);
    if (!ok) throw new GameRuleError('bet_invalid', `sic bo bet ${i}: not a bet of the layout`);
    const amount = amountOf(raw.amountMinor, `sic bo bet ${i}`);
    checkLimits(game, amount, `sic bo bet ${i}`);
    const spot = `${raw.kind}:${[...raw.numbers].sort((a, b) => a - b).join(',')}`;
    const onSpot = (perSpot.get(spot) ?? 0n) + amount;
    if (onSpot > BigInt(game.maxBetMinor))
      throw new GameRuleError('bet_limit', `sic bo ${spot}: above ${game.maxBetMinor}`);
    perSpot.set(spot, onSpot);
    total += amount;
  });
  if (total > BigInt(game.maxTotalMinor)) throw new GameRuleError('bet_limit', 'sic bo: total too high');
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
      if (!STUDIO_SLOTS[code as StudioSlotCode].betsMinor.includes(amount.toString())) {
        throw new GameRuleError('bet_invalid', `${code}: ${bet.betMinor} is not one of the title's bets`);
      }
      return;
    }
    case 'roulette':
      checkRouletteBets(game, bet.bets);
      return;
    case 'dragon-tiger':
      checkSideBets(game, bet.bets, 'side', ['dragon', 'tiger', 'tie']);
      return;
    case 'baccarat':
      checkSideBets(game, bet.bets, 'kind', BACCARAT_BET_KINDS);
      return;
    case 'andar-bahar':
      checkSideBets(game, bet.bets, 'side', ['andar', 'bahar']);
      return;
    case 'sic-bo':
      checkSicBoBets(game, bet.bets);
      return;
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
      return spinSlot(STUDIO_SLOTS[code as StudioSlotCode], BigInt(bet.betMinor), inputs, hmac);
    case 'roulette':
      return playRoulette(bet.bets, inputs, hmac);
    case 'dragon-tiger':
      return playDragonTiger(bet.bets, inputs, hmac);
    case 'sic-bo':
      // Copies only the fields of a bet: the stored outcome carries nothing the player added.
      return playStudioSicBo(
        bet.bets.map((b) => ({ kind: b.kind, numbers: [...b.numbers], amountMinor: b.amountMinor })),
        inputs,
        hmac,
      );
    case 'baccarat':
      return playStudioBaccarat(bet.bets, inputs, hmac);
    case 'andar-bahar':
      return playStudioAndarBahar(bet.bets, inputs, hmac);
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
