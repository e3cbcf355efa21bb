import { describe, expect, it } from 'vitest';
import { stackColumns } from './stacked-bars.ts';

describe('income chart geometry', () => {
  it('stacks each day by kind, scaled to the largest column', () => {
    const chart = stackColumns(
      [
        { day: '2026-11-01', amounts: { a: '100', b: '300' } },
        { day: '2026-11-02', amounts: { a: '200' } },
        { day: '2026-11-03', amounts: {} },
      ],
      ['a', 'b'],
    );
    expect(chart.hasNegative).toBe(false);
    expect(chart.columns.map((column) => column.totalMinor)).toEqual([400n, 200n, 0n]);
    expect(chart.columns[0]?.segments).toEqual([
      { kind: 'a', start: 0, end: 0.25, minor: 100n },
      { kind: 'b', start: 0.25, end: 1, minor: 300n },
    ]);
    expect(chart.columns[1]?.segments).toEqual([{ kind: 'a', start: 0, end: 0.5, minor: 200n }]);
    expect(chart.columns[2]?.segments).toEqual([]);
  });

  it('draws a taken-back amount below the zero line', () => {
    const chart = stackColumns([{ day: '2026-11-01', amounts: { a: '300', b: '-100' } }], ['a', 'b']);
    expect(chart.hasNegative).toBe(true);
    expect(chart.columns[0]?.segments).toEqual([
      { kind: 'a', start: 0, end: 1, minor: 300n },
      { kind: 'b', start: 0, end: -0.3333, minor: -100n },
    ]);
  });

  it('keeps amounts beyond a float exactly until the ratio', () => {
    const huge = '900719925474099312345';
    const chart = stackColumns([{ day: '2026-11-01', amounts: { a: huge } }], ['a']);
    expect(chart.columns[0]?.totalMinor).toBe(BigInt(huge));
    expect(chart.columns[0]?.segments[0]?.end).toBe(1);
  });

  it('has nothing to scale when nothing was paid', () => {
    const chart = stackColumns([{ day: '2026-11-01', amounts: { a: '0' } }], ['a']);
    expect(chart.columns[0]?.segments).toEqual([]);
  });
});
