import type { LotteryFamilyCode } from '@lotus/shared/lottery.schema';
import { describe, expect, it } from 'vitest';
import { betSpecOf, entrySelection, gridSelection, oddsText, quickPick } from './bet-specs.ts';

function specOf(family: LotteryFamilyCode, betType: string) {
  const spec = betSpecOf(family, betType);
  if (!spec) throw new Error(`no spec for ${family} ${betType}`);
  return spec;
}

describe('lottery bet specs', () => {
  it('makes canonical selections: zero-padded, sorted and joined, position prefixed', () => {
    expect(gridSelection(['07'])).toBe('07');
    expect(gridSelection(['34', '12'])).toBe('12-34');
    expect(gridSelection(['big'], 'p3')).toBe('p3:big');
    expect(entrySelection(' 007 ', 3)).toBe('007');
    expect(entrySelection('07', 3)).toBeNull();
    expect(entrySelection('1a34', 4)).toBeNull();
  });

  it('offers the VN grid 00–99 for lô and đề, an entry for 3 càng, k numbers for xiên', () => {
    const lo = betSpecOf('vn', 'lo2');
    expect(lo).toMatchObject({ kind: 'grid', pick: 1 });
    expect(lo?.kind === 'grid' && [lo.values[0], lo.values[7], lo.values[99], lo.values.length]).toEqual([
      '00',
      '07',
      '99',
      100,
    ]);
    expect(betSpecOf('vn', 'cang3')).toEqual({ kind: 'entry', width: 3 });
    expect(betSpecOf('vn', 'xien3')).toMatchObject({ kind: 'grid', pick: 3 });
    expect(betSpecOf('keno', 'spot10')).toMatchObject({ kind: 'grid', pick: 10 });
    expect(betSpecOf('race10', 'dragon')).toMatchObject({ positions: ['p1', 'p2', 'p3', 'p4', 'p5'] });
    expect(betSpecOf('vn', 'nope')).toBeNull();
  });

  it('quick-picks only valid canonical selections', () => {
    let seed = 0.13;
    const random = () => {
      seed = (seed * 9301 + 0.49297) % 1;
      return seed;
    };
    for (let i = 0; i < 50; i += 1) {
      expect(quickPick(specOf('vn', 'xien2'), random)).toMatch(/^(\d\d)-(\d\d)$/);
      expect(quickPick(specOf('lott5d', 'bigsmall'), random)).toMatch(/^p[1-5]:(big|small)$/);
      expect(quickPick(specOf('sea4d', 'big'), random)).toMatch(/^\d{4}$/);
      const keno = quickPick(specOf('keno', 'spot5'), random).split('-');
      expect(new Set(keno).size).toBe(5);
      expect([...keno].sort()).toEqual(keno);
    }
  });

  it('shows odds as decimals rounded down', () => {
    expect(oddsText('985000')).toBe('98.50');
    expect(oddsText('19599')).toBe('1.95');
  });
});
