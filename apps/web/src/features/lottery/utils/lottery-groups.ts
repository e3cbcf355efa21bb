import type { LotteryGameSummary } from '@lotus/shared/lottery.schema';

/** The lobby's sections, in this order (docs/lottery.md "Web"). */
export const LOTTERY_GROUPS = ['vn', 'sea', 'lott', 'elott'] as const;
export type LotteryGroup = (typeof LOTTERY_GROUPS)[number];

/** Which section a game belongs to: VN by family, SEA by 4D/6D, e-lottery by its catalogue type. */
export function groupOf(game: Pick<LotteryGameSummary, 'family' | 'gameType'>): LotteryGroup {
  if (game.family === 'vn') return 'vn';
  if (game.family === 'sea4d' || game.family === 'sea6d') return 'sea';
  return game.gameType === 'ELOTT' ? 'elott' : 'lott';
}

export function gamesOfGroup<T extends Pick<LotteryGameSummary, 'family' | 'gameType'>>(
  games: readonly T[],
  group: LotteryGroup,
): T[] {
  return games.filter((game) => groupOf(game) === group);
}

/**
 * The game a game page opens on when the URL names none: the first VN fast (interval) game with a draw
 * open for bets, else the first game of the list.
 */
export function defaultGameCode(games: readonly LotteryGameSummary[]): string | null {
  const open = games.find((game) => game.everySeconds !== null && game.nextDraw?.status === 'open');
  return (open ?? games[0])?.gameCode ?? null;
}

/**
 * Phase of the game's next draw for the countdown: counting to its close, drawing, or none. "Drawing" covers
 * both the draw that just closed (no result yet) and the time before the next window opens — which is when
 * the previous draw happens (docs/lottery.md "Calendars") — so the player sees the draw, not a jump to the
 * next countdown.
 */
export type CountdownPhase = { kind: 'open'; seconds: number } | { kind: 'drawing' } | { kind: 'none' };

export function countdownPhase(
  draw: { opensAt: string; closesAt: string } | null | undefined,
  nowMs: number,
): CountdownPhase {
  if (!draw) return { kind: 'none' };
  if (nowMs < Date.parse(draw.opensAt)) return { kind: 'drawing' };
  const left = Math.ceil((Date.parse(draw.closesAt) - nowMs) / 1000);
  return left > 0 ? { kind: 'open', seconds: left } : { kind: 'drawing' };
}

/** mm:ss under an hour, h:mm:ss beyond (daily draws are hours away). */
export function countdownText(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const rest = `${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** The last result in one line for a card: the special / first prize, or the drawn numbers joined. */
export function resultHeadline(result: Record<string, unknown> | null | undefined): string | null {
  if (!result) return null;
  const tiers = result.tiers;
  if (Array.isArray(tiers)) {
    const first = tiers[0] as { numbers?: unknown } | undefined;
    return Array.isArray(first?.numbers) ? first.numbers.join(' ') : null;
  }
  if (typeof result.number === 'string') return result.number;
  for (const key of ['digits', 'dice', 'balls', 'order', 'numbers']) {
    const list = result[key];
    if (Array.isArray(list)) return list.join(' ');
  }
  return null;
}
