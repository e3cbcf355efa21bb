import { describe, expect, it } from 'vitest';
import { keyedWinners } from './winner-keys.ts';

const win = (account: string) => ({
  vo: {
    account,
    gameName: 'Lotus Crash',
    vendor: 'LOTUS',
    amountMinor: '100',
    currencySymbol: 'P',
    wonAt: '2026-01-01T00:00:00.000Z',
  },
});

describe('keyedWinners', () => {
  it('gives identical wins distinct keys and keeps the order', () => {
    const keyed = keyedWinners([win('a***1'), win('b***2'), win('a***1')]);
    expect(keyed.map((entry) => entry.winner.vo.account)).toEqual(['a***1', 'b***2', 'a***1']);
    expect(new Set(keyed.map((entry) => entry.key)).size).toBe(3);
  });

  it('keeps a row’s key when the rows after it change', () => {
    const before = keyedWinners([win('a***1'), win('b***2')]);
    const after = keyedWinners([win('a***1'), win('c***3')]);
    expect(after[0]?.key).toBe(before[0]?.key);
  });
});
