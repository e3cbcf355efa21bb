import { describe, expect, it } from 'vitest';
import {
  categoryFromSearch,
  isPromotionTag,
  PROMOTION_CATEGORIES,
  PROMOTION_TAGS,
  visibleCategories,
} from './promotion-categories.ts';

describe('promotion categories', () => {
  it('lists the fifteen SPEC §3 types with all first, and the six tags', () => {
    expect(PROMOTION_CATEGORIES).toHaveLength(15);
    expect(PROMOTION_CATEGORIES[0]).toBe('all');
    expect([...PROMOTION_TAGS]).toEqual([
      'NEWBIE',
      'LIMITED',
      'SPECIAL_OFFER',
      'DAILY',
      'HIGH_REBATE',
      'VIP',
    ]);
  });

  it('reads the filter from the query, defaulting to all', () => {
    expect(categoryFromSearch(new URLSearchParams('category=slots'))).toBe('slots');
    expect(categoryFromSearch(new URLSearchParams(''))).toBe('all');
    expect(categoryFromSearch(new URLSearchParams('category=poker'))).toBe('all');
    expect(categoryFromSearch(new URLSearchParams('category=constructor'))).toBe('all');
  });

  it('offers all plus the categories with promotions, in SPEC order', () => {
    const counts = [
      { key: 'newbie', count: 2 },
      { key: 'slots', count: 1 },
      { key: 'fish', count: 0 },
      { key: 'all', count: 3 },
    ];
    expect(visibleCategories(counts, 'all')).toEqual(['all', 'slots', 'newbie']);
  });

  it('keeps the selected filter visible even when it is empty', () => {
    expect(visibleCategories([{ key: 'slots', count: 1 }], 'fish')).toEqual(['all', 'slots', 'fish']);
  });

  it('knows the six tags', () => {
    expect(isPromotionTag('HIGH_REBATE')).toBe(true);
    expect(isPromotionTag('HIGH_RABATE')).toBe(false);
  });
});
