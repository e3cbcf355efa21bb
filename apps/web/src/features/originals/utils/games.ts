import { INHOUSE_GAMES, isInHouseGameCode } from '@lotus/games/play';
import { slotTitle } from '@lotus/games/slots/titles';
import type { SlotTitle } from '@lotus/games/types';

/** Which screen draws a game code (docs/games-contract.md: the studio's games; fishing: docs/fishing.md). */
export type ScreenKind = 'slot' | 'roulette' | 'dragon-tiger' | 'fishing';

export function screenOf(gameCode: string):
  | { kind: 'slot'; title: SlotTitle }
  | { kind: 'roulette' }
  | {
      kind: 'dragon-tiger';
    }
  | { kind: 'fishing' }
  | null {
  const title = slotTitle(gameCode);
  if (title) return { kind: 'slot', title };
  if (gameCode === 'european-roulette') return { kind: 'roulette' };
  if (gameCode === 'dragon-tiger') return { kind: 'dragon-tiger' };
  if (isInHouseGameCode(gameCode) && INHOUSE_GAMES[gameCode].game === 'fishing') return { kind: 'fishing' };
  return null;
}

/** A studio game's name in the player's language (HI or EN); an unknown code shows as itself. */
export function gameNameOf(gameCode: string, language: string): string {
  return isInHouseGameCode(gameCode)
    ? INHOUSE_GAMES[gameCode].names[language === 'hi' ? 'hi' : 'en']
    : gameCode;
}
