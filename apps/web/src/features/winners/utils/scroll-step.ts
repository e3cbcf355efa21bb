/** SPEC §2 "Winner board scrolls in steps of 0.5": half a pixel per animation frame. */
export const WINNER_SCROLL_STEP_PX = 0.5;

/**
 * The board's next offset. The list is drawn twice, one copy under the other, so when the offset has moved
 * a whole copy's height the picture is the same as at 0: wrap there and the loop has no visible seam.
 */
export function nextScrollOffset(offset: number, loopHeight: number, step = WINNER_SCROLL_STEP_PX): number {
  if (loopHeight <= 0) return 0;
  const next = offset + step;
  return next >= loopHeight ? next - loopHeight : next;
}
