import { describe, expect, it } from 'vitest';
import { filterCategories, normaliseForSearch } from './filter-articles.ts';

const categories = [
  {
    id: 'account',
    title: 'Account',
    articles: [
      { id: 'a1', title: 'How do I register?' },
      { id: 'a2', title: 'Resetting your password' },
    ],
  },
  {
    id: 'deposit',
    title: 'Deposit',
    articles: [
      { id: 'd1', title: 'Deposit methods' },
      { id: 'd2', title: 'जमा कैसे करें' },
    ],
  },
];

describe('help search', () => {
  it('returns everything for an empty or blank query', () => {
    expect(filterCategories(categories, '')).toEqual(categories);
    expect(filterCategories(categories, '   ')).toEqual(categories);
  });

  it('keeps only matching articles and drops empty categories', () => {
    const result = filterCategories(categories, 'PASSWORD');
    expect(result).toEqual([
      { ...categories[0], articles: [{ id: 'a2', title: 'Resetting your password' }] },
    ]);
  });

  it('needs every word, in any order', () => {
    expect(
      filterCategories(categories, 'methods deposit').flatMap((c) => c.articles.map((a) => a.id)),
    ).toEqual(['d1']);
    expect(filterCategories(categories, 'deposit password')).toEqual([]);
  });

  it('matches Hindi titles and keeps their vowel signs', () => {
    expect(filterCategories(categories, 'कैसे').flatMap((c) => c.articles.map((a) => a.id))).toEqual(['d2']);
    expect(normaliseForSearch('कैसे')).toBe('कैसे');
    // Removing the vowel sign would make "कसे" match; it must not.
    expect(filterCategories(categories, 'कसे')).toEqual([]);
  });

  it('ignores accents and repeated spaces', () => {
    expect(normaliseForSearch('  Café   Crème ')).toBe('cafe creme');
  });
});
