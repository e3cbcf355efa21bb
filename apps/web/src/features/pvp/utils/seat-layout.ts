/**
 * Where each seat sits around the oval, in per cent of the table's box (the seat's centre). Seat numbers go
 * clockwise, as the deal does; the viewer's own seat is turned to the bottom middle (a watcher's view
 * starts at seat 0), so everyone sees the table from their own chair.
 */
export type SeatPosition = { left: number; top: number };

export function seatPositions(count: number, bottomSeat: number | null): SeatPosition[] {
  const anchor = bottomSeat ?? 0;
  return Array.from({ length: count }, (_, seat) => {
    // 90° is straight down on screen (y grows downwards); adding angles goes clockwise.
    const angle = ((90 + ((seat - anchor) * 360) / count) * Math.PI) / 180;
    return {
      left: Math.round((50 + 37 * Math.cos(angle)) * 10) / 10,
      top: Math.round((50 + 40 * Math.sin(angle)) * 10) / 10,
    };
  });
}

/** Up to two initials of a nick for its avatar ("raj_kumar" → "RK", "Asha" → "AS"). */
export function initialsOf(nick: string): string {
  const words = nick.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  if (words.length >= 2)
    return `${[...(words[0] ?? '')][0] ?? ''}${[...(words[1] ?? '')][0] ?? ''}`.toUpperCase();
  return [...(words[0] ?? nick)].slice(0, 2).join('').toUpperCase() || '?';
}

/** The turn clock's share left, 1 at the start of a turn and 0 at its deadline. */
export function turnShareLeft(deadline: string, now: number, turnMs: number): number {
  const left = Date.parse(deadline) - now;
  if (!Number.isFinite(left)) return 0;
  return Math.max(0, Math.min(1, left / turnMs));
}
