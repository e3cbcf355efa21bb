import { INHOUSE_GAMES, isInHouseGameCode } from '@lotus/games/play';
import { studioSlotTitle } from '@lotus/games/slots/studio-slots';
import type { SlotTitle } from '@lotus/games/types';

/**
 * Which screen draws a game code (docs/games-contract.md; issue 22: nine slots, five table and card games,
 * three fishing titles: docs/fishing.md).
 */
export type ScreenKind =
  | 'slot'
  | 'roulette'
  | 'dragon-tiger'
  | 'sic-bo'
  | 'baccarat'
  | 'andar-bahar'
  | 'fishing';

export function screenOf(
  gameCode: string,
): { kind: 'slot'; title: SlotTitle; jackpot: boolean } | { kind: Exclude<ScreenKind, 'slot'> } | null {
  if (!isInHouseGameCode(gameCode)) return null;
  const title = studioSlotTitle(gameCode);
  if (title) return { kind: 'slot', title, jackpot: INHOUSE_GAMES[gameCode].jackpot };
  const game = INHOUSE_GAMES[gameCode].game;
  return game === 'slot' ? null : { kind: game };
}

/** A studio game's name in the player's language (HI or EN); an unknown code shows as itself. */
export function gameNameOf(gameCode: string, language: string): string {
  return isInHouseGameCode(gameCode)
    ? INHOUSE_GAMES[gameCode].names[language === 'hi' ? 'hi' : 'en']
    : gameCode;
}
