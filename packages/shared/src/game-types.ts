/**
 * Every game type (category) the platform knows, in its default order. SPEC §1 and §2: live casino,
 * slots (RNG), fishing, cards (PVP), sports, e-sports, lottery, e-lottery, cockfight, jackpot, table games
 * (roulette lives there), arcade and bingo.
 *
 * A module of its own, without zod, so the browser's eager chunks can list them (catalogue.schema.ts
 * re-exports them next to the schemas).
 */
export const GAME_TYPES = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'TG',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'JP',
  'AC',
  'BG',
] as const;
export type GameType = (typeof GAME_TYPES)[number];
