import { describe, expect, it } from 'vitest';
import { nextScrollOffset, WINNER_SCROLL_STEP_PX } from './scroll-step.ts';

describe('winner board scroll step', () => {
  it('moves half a pixel a frame', () => {
    expect(WINNER_SCROLL_STEP_PX).toBe(0.5);
    expect(nextScrollOffset(0, 300)).toBe(0.5);
    expect(nextScrollOffset(10.5, 300)).toBe(11);
  });

  it('wraps after one copy of the list, without a jump', () => {
    expect(nextScrollOffset(299.5, 300)).toBe(0);
    expect(nextScrollOffset(299.75, 300)).toBe(0.25);
  });

  it('stays still when there is nothing to loop', () => {
    expect(nextScrollOffset(12, 0)).toBe(0);
  });
});
