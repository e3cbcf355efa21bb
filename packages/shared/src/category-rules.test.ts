import { describe, expect, it } from 'vitest';
import { applyCategoryRules, type CategoryRule, type RuleVendor } from './category-rules.ts';

type Vendor = RuleVendor & { gameType: string };
type Category = { key: string; label: string; vendors: readonly Vendor[] };

const vendor = (vassalage: string, gameType: string, extra: Partial<RuleVendor> = {}): Vendor => ({
  vassalage,
  gameType,
  categoryTags: [],
  gameClassifies: [],
  ...extra,
});

const category = (key: string, vendors: Vendor[]): Category => ({ key, label: `label:${key}`, vendors });

/** Test describer: a created category says which rule and source it came from. */
const describeRule = (rule: CategoryRule, source: Category): Category => ({
  key: 'ignored',
  label: `rule:${rule.category}<-${source.key}`,
  vendors: [],
});

const rule = (overrides: Partial<CategoryRule> & Pick<CategoryRule, 'category' | 'sourceCategory'>) => ({
  enabled: true,
  insertAfter: null,
  gameClassify: null,
  ...overrides,
});

const shape = (categories: Category[]) =>
  categories.map((c) => `${c.key}[${c.vendors.map((v) => v.vassalage).join(',')}]`);

const live = vendor('LIVE_A', 'LIVE');
const slots = vendor('SLOT_A', 'RNG');
const jackpotSlots = vendor('SLOT_JP', 'RNG', { gameClassifies: ['JACKPOT'] });
const inHouse = vendor('LOTUS', 'RNG', { categoryTags: ['INHOUSE'] });
const book = vendor('BOOK_A', 'SPORTS');
const esportsBook = vendor('BOOK_E', 'SPORTS', { categoryTags: ['ESPORTS'] });
const fbBook = vendor('BOOK_FB', 'SPORTS', { categoryTags: ['FB'] });

const base = () => [
  category('LIVE', [live]),
  category('RNG', [slots, jackpotSlots, inHouse]),
  category('SPORTS', [book, esportsBook, fbBook]),
  category('LOTT', [vendor('LOTT', 'LOTT')]),
];

/** The demo brand's rules (apps/server/src/db/seed/demo-brand.ts), all disabled there. */
const seedRules = (enabled: boolean): CategoryRule[] => [
  rule({ category: 'ESPORTS', sourceCategory: 'SPORTS', insertAfter: 'SPORTS', enabled }),
  rule({ category: 'COCKFIGHT', sourceCategory: 'LIVE', insertAfter: 'LIVE', enabled }),
  rule({ category: 'INHOUSE', sourceCategory: 'RNG', insertAfter: 'RNG', enabled }),
  rule({ category: 'FB', sourceCategory: 'SPORTS', insertAfter: 'SPORTS', enabled }),
  rule({ category: 'JP', sourceCategory: 'RNG', insertAfter: null, gameClassify: 'JACKPOT', enabled }),
];

describe('applyCategoryRules', () => {
  it('changes nothing while every rule is disabled (the seeded brand)', () => {
    const input = base();
    expect(applyCategoryRules(input, seedRules(false), describeRule)).toEqual(input);
  });

  it('moves tagged vendors into a new category right after the named one', () => {
    const result = applyCategoryRules(
      base(),
      [rule({ category: 'ESPORTS', sourceCategory: 'SPORTS', insertAfter: 'SPORTS' })],
      describeRule,
    );
    expect(shape(result)).toEqual([
      'LIVE[LIVE_A]',
      'RNG[SLOT_A,SLOT_JP,LOTUS]',
      'SPORTS[BOOK_A,BOOK_FB]',
      'ESPORTS[BOOK_E]',
      'LOTT[LOTT]',
    ]);
    const esports = result.find((c) => c.key === 'ESPORTS');
    expect(esports?.label).toBe('rule:ESPORTS<-SPORTS');
    // The vendor keeps its own game type: it is still launched as a sports vendor.
    expect(esports?.vendors[0]?.gameType).toBe('SPORTS');
  });

  it('inserts after a category other than the source', () => {
    const result = applyCategoryRules(
      base(),
      [rule({ category: 'INHOUSE', sourceCategory: 'RNG', insertAfter: 'LIVE' })],
      describeRule,
    );
    expect(shape(result).slice(0, 3)).toEqual(['LIVE[LIVE_A]', 'INHOUSE[LOTUS]', 'RNG[SLOT_A,SLOT_JP]']);
  });

  it('drops a source category the move leaves empty, the new one taking its place', () => {
    const input = [category('LIVE', [live]), category('SPORTS', [esportsBook]), category('LOTT', [])];
    const result = applyCategoryRules(
      input,
      [rule({ category: 'ESPORTS', sourceCategory: 'SPORTS', insertAfter: 'SPORTS' })],
      describeRule,
    );
    expect(shape(result)).toEqual(['LIVE[LIVE_A]', 'ESPORTS[BOOK_E]', 'LOTT[]']);
  });

  it('copies vendors with classified games and appends the category when insertAfter is null', () => {
    const result = applyCategoryRules(
      base(),
      [rule({ category: 'JP', sourceCategory: 'RNG', gameClassify: 'JACKPOT' })],
      describeRule,
    );
    expect(shape(result)).toEqual([
      'LIVE[LIVE_A]',
      'RNG[SLOT_A,SLOT_JP,LOTUS]',
      'SPORTS[BOOK_A,BOOK_E,BOOK_FB]',
      'LOTT[LOTT]',
      'JP[SLOT_JP]',
    ]);
  });

  it('inserts a classify category after a named category too', () => {
    const result = applyCategoryRules(
      base(),
      [rule({ category: 'JP', sourceCategory: 'RNG', gameClassify: 'JACKPOT', insertAfter: 'RNG' })],
      describeRule,
    );
    expect(result.map((c) => c.key)).toEqual(['LIVE', 'RNG', 'JP', 'SPORTS', 'LOTT']);
  });

  it('appends at the end when insertAfter names a category that is not shown', () => {
    const result = applyCategoryRules(
      base(),
      [rule({ category: 'ESPORTS', sourceCategory: 'SPORTS', insertAfter: 'FISH' })],
      describeRule,
    );
    expect(result.map((c) => c.key)).toEqual(['LIVE', 'RNG', 'SPORTS', 'LOTT', 'ESPORTS']);
  });

  it('makes no category when no vendor matches, and leaves the source alone', () => {
    const input = base();
    const result = applyCategoryRules(
      input,
      [
        rule({ category: 'COCKFIGHT', sourceCategory: 'LIVE', insertAfter: 'LIVE' }),
        rule({ category: 'JP', sourceCategory: 'LIVE', gameClassify: 'JACKPOT' }),
      ],
      describeRule,
    );
    expect(result).toEqual(input);
  });

  it('ignores a rule whose source category is not in the list', () => {
    const input = base();
    expect(
      applyCategoryRules(input, [rule({ category: 'ESPORTS', sourceCategory: 'FISH' })], describeRule),
    ).toEqual(input);
  });

  it('ignores a rule that would pull a category into itself', () => {
    const input = [category('RNG', [vendor('X', 'RNG', { categoryTags: ['RNG'] })])];
    expect(
      applyCategoryRules(input, [rule({ category: 'RNG', sourceCategory: 'RNG' })], describeRule),
    ).toEqual(input);
  });

  it('merges into a category that already exists, in place and without duplicates', () => {
    const input = [
      category('SPORTS', [book, esportsBook]),
      category('ESPORTS', [vendor('ESPORT_A', 'ESPORTS'), vendor('BOOK_E', 'ESPORTS')]),
      category('RNG', [slots]),
    ];
    const result = applyCategoryRules(
      input,
      [rule({ category: 'ESPORTS', sourceCategory: 'SPORTS', insertAfter: 'RNG' })],
      describeRule,
    );
    expect(shape(result)).toEqual(['SPORTS[BOOK_A]', 'ESPORTS[ESPORT_A,BOOK_E]', 'RNG[SLOT_A]']);
    expect(result[1]?.label).toBe('label:ESPORTS');
  });

  it('applies rules in order, so a later rule can follow a category an earlier one made', () => {
    const result = applyCategoryRules(
      base(),
      [
        rule({ category: 'ESPORTS', sourceCategory: 'SPORTS', insertAfter: 'SPORTS' }),
        rule({ category: 'FB', sourceCategory: 'SPORTS', insertAfter: 'ESPORTS' }),
      ],
      describeRule,
    );
    expect(shape(result).slice(2)).toEqual([
      'SPORTS[BOOK_A]',
      'ESPORTS[BOOK_E]',
      'FB[BOOK_FB]',
      'LOTT[LOTT]',
    ]);
  });

  it('applies every rule of the seeded brand once they are enabled', () => {
    const result = applyCategoryRules(base(), seedRules(true), describeRule);
    expect(shape(result)).toEqual([
      'LIVE[LIVE_A]',
      'RNG[SLOT_A,SLOT_JP]',
      'INHOUSE[LOTUS]',
      'SPORTS[BOOK_A]',
      'FB[BOOK_FB]',
      'ESPORTS[BOOK_E]',
      'LOTT[LOTT]',
      'JP[SLOT_JP]',
    ]);
  });

  it('skips a disabled rule among enabled ones', () => {
    const rules = seedRules(true).map((r) => (r.category === 'INHOUSE' ? { ...r, enabled: false } : r));
    const keys = applyCategoryRules(base(), rules, describeRule).map((c) => c.key);
    expect(keys).not.toContain('INHOUSE');
    expect(keys).toContain('ESPORTS');
  });

  it('never modifies its input', () => {
    const input = base();
    const snapshot = structuredClone(input);
    applyCategoryRules(input, seedRules(true), describeRule);
    expect(input).toEqual(snapshot);
  });
});
