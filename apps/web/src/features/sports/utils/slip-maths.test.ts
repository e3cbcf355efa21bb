import { formatOdds } from '@lotus/shared/odds-format';
import { describe, expect, it } from 'vitest';
import { makePick } from '../test/sports-fixtures.ts';
import { multiProblem, multiTotals, singlesTotals } from './slip-maths.ts';
import { lineText, marketTitle } from './sports-text.ts';

const A = makePick({ selectionId: '1', eventId: '11', oddsMilli: 1910 });
const B = makePick({ selectionId: '2', eventId: '12', oddsMilli: 2500 });
const C = makePick({ selectionId: '3', eventId: '13', oddsMilli: 1333, maxStakeMinor: '50000' });

describe('slip maths', () => {
  it('totals singles line by line, each return rounded down, empty stakes skipped', () => {
    // ₹10.00 at 1.91 returns ₹19.10; ₹3.33 at 2.50 returns 832.5 → 832 minor.
    const totals = singlesTotals([A, B, C], { '1': '10', '2': '3.33' });
    expect(totals.valid).toBe(true);
    expect(totals.totalMinor).toBe(1333n);
    expect(totals.lines.map((line) => line.returnMinor)).toEqual([1910n, 832n, 0n]);
    expect(totals.returnMinor).toBe(2742n);
  });

  it('refuses a stake over the market maximum or not a number, and nothing staked at all', () => {
    expect(singlesTotals([C], { '3': '600' }).valid).toBe(false);
    expect(singlesTotals([C], { '3': 'abc' }).lines[0]?.stake).toEqual({
      ok: false,
      problem: { code: 'amount_invalid' },
    });
    expect(singlesTotals([A, B], {}).valid).toBe(false);
  });

  it('combines accumulator odds and its return with the book’s own maths (rounded down once)', () => {
    // 1.91 × 2.5 × 1.333 = 6.365075 → 6365 (the bet stores it so); ₹10 returns 6365.075 → 6365 minor.
    const totals = multiTotals([A, B, C], '10');
    expect(totals.combinedOddsMilli).toBe(6365);
    expect(totals.returnMinor).toBe(6365n);
    // The smallest leg maximum caps the accumulator's stake.
    expect(multiTotals([A, B, C], '600').stake.ok).toBe(false);
  });

  it('says why picks cannot make an accumulator', () => {
    expect(multiProblem([A])).toBe('tooFew');
    expect(multiProblem([A, makePick({ selectionId: '9', eventId: '11' })])).toBe('sameEvent');
    expect(multiProblem([A, B])).toBeNull();
    const many = Array.from({ length: 13 }, (_, n) => makePick({ selectionId: `${n}`, eventId: `${n}` }));
    expect(multiProblem(many)).toBe('tooMany');
  });

  it('shows odds in each format the player may prefer', () => {
    expect(
      ['decimal', 'fractional', 'indian', 'malay'].map((format) => formatOdds(1910, format as never)),
    ).toEqual(['1.91', '91/100', '91', '0.91']);
    expect(formatOdds(1909, 'fractional')).toBe('10/11');
    expect(formatOdds(2500, 'malay')).toBe('-0.67');
    expect(formatOdds(2000, 'fractional')).toBe('Evs');
  });

  it('names markets with their line and parameter', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      key === 'sports:params.next_goal' ? `Goal ${options?.n}` : key.replace('sports:markets.', '');
    expect(marketTitle(t, { type: 'total_goals', param: '', lineMilli: 2500 })).toBe('total_goals · 2.5');
    expect(marketTitle(t, { type: 'asian_handicap', param: '', lineMilli: -1250 })).toBe(
      'asian_handicap · −1.25',
    );
    expect(marketTitle(t, { type: 'next_goal', param: '3', lineMilli: 0 })).toBe('next_goal · Goal 3');
    expect(lineText(1500, true)).toBe('+1.5');
  });
});
