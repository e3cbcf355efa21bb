import { describe, expect, it } from 'vitest';
import { toNumber } from '../rational.ts';
import { chiSquareFits99 } from './chi-square.ts';
import {
  allSicBoRolls,
  rollSicBo,
  type SicBoBetKind,
  settleSicBo,
  sicBoExactRtp,
  validSicBoBet,
} from './sic-bo.ts';

const BETS: [SicBoBetKind, number[], string][] = [
  ['small', [], 'small / big'],
  ['odd', [], 'odd / even'],
  ...[4, 5, 6, 7, 8, 9, 10].map((t): [SicBoBetKind, number[], string] => [
    'total',
    [t],
    `total ${t} / ${21 - t}`,
  ]),
  ['any-triple', [], 'any triple'],
  ['triple', [1], 'specific triple'],
  ['double', [1], 'specific double'],
  ['combination', [1, 2], 'two-dice combination'],
  ['single', [1], 'single number'],
];

describe('sic bo', () => {
  it('exact RTP of every bet over the 216 rolls', () => {
    const lines = BETS.map(([kind, numbers, label]) => {
      const rtp = sicBoExactRtp(kind, numbers);
      return `${label}: RTP ${rtp.numerator}/${rtp.denominator} = ${(toNumber(rtp) * 100).toFixed(4)} %`;
    });
    // The figures docs/live-tables.md quotes.
    expect(lines.join('\n')).toMatchInlineSnapshot(`
      "small / big: RTP 35/36 = 97.2222 %
      odd / even: RTP 35/36 = 97.2222 %
      total 4 / 17: RTP 17/24 = 70.8333 %
      total 5 / 16: RTP 19/36 = 52.7778 %
      total 6 / 15: RTP 25/36 = 69.4444 %
      total 7 / 14: RTP 65/72 = 90.2778 %
      total 8 / 13: RTP 7/8 = 87.5000 %
      total 9 / 12: RTP 175/216 = 81.0185 %
      total 10 / 11: RTP 7/8 = 87.5000 %
      any triple: RTP 31/36 = 86.1111 %
      specific triple: RTP 181/216 = 83.7963 %
      specific double: RTP 22/27 = 81.4815 %
      two-dice combination: RTP 5/6 = 83.3333 %
      single number: RTP 199/216 = 92.1296 %"
    `);
    // Symmetric bets return the same.
    const same = (a: [SicBoBetKind, number[]], b: [SicBoBetKind, number[]]) =>
      expect(sicBoExactRtp(...a)).toEqual(sicBoExactRtp(...b));
    same(['small', []], ['big', []]);
    same(['odd', []], ['even', []]);
    for (let t = 4; t <= 10; t++) same(['total', [t]], ['total', [21 - t]]);
    for (let n = 2; n <= 6; n++) {
      same(['triple', [1]], ['triple', [n]]);
      same(['double', [1]], ['double', [n]]);
      same(['single', [1]], ['single', [n]]);
      same(['combination', [1, 2]], ['combination', [n, n === 6 ? 1 : 6]]);
    }
  });

  it('settles the pays of the table', () => {
    const bet = (kind: SicBoBetKind, numbers: number[]) => ({ kind, numbers, amountMinor: '10' });
    const pays = (dice: [number, number, number]) =>
      settleSicBo(
        [
          bet('small', []),
          bet('big', []),
          bet('odd', []),
          bet('even', []),
          bet('total', [4]),
          bet('any-triple', []),
          bet('triple', [2]),
          bet('double', [2]),
          bet('combination', [1, 2]),
          bet('single', [2]),
        ],
        dice,
      ).bets.map((b) => Number(b.payMinor));
    expect(pays([1, 1, 2])).toEqual([20, 0, 0, 20, 510, 0, 0, 0, 60, 20]);
    expect(pays([2, 2, 2])).toEqual([0, 0, 0, 0, 0, 310, 1810, 110, 0, 40]);
    expect(pays([6, 5, 2])).toEqual([0, 20, 20, 0, 0, 0, 0, 0, 0, 20]);
  });

  it('validates bets', () => {
    expect(validSicBoBet('total', [3])).toBe(false);
    expect(validSicBoBet('total', [17])).toBe(true);
    expect(validSicBoBet('combination', [2, 2])).toBe(false);
    expect(validSicBoBet('single', [7])).toBe(false);
    expect(validSicBoBet('small', [1])).toBe(false);
    expect(validSicBoBet('double', [6])).toBe(true);
  });

  it('100 000 rolls fit the totals 3–18 (χ² at 99 %)', () => {
    const ways = new Array<number>(19).fill(0);
    for (const [a, b, c] of allSicBoRolls()) ways[a + b + c] = (ways[a + b + c] ?? 0) + 1;
    const counts = new Array<number>(19).fill(0);
    for (let nonce = 0; nonce < 100_000; nonce++) {
      const [a, b, c] = rollSicBo({ serverSeed: 'c'.repeat(64), clientSeed: 'sic-bo-table', nonce });
      counts[a + b + c] = (counts[a + b + c] ?? 0) + 1;
    }
    const fit = chiSquareFits99(
      'sic bo totals',
      counts.slice(3),
      ways.slice(3).map((w) => w / 216),
    );
    expect(fit.ok, fit.report).toBe(true);
  });
});
