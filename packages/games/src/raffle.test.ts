import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDraws, type Hmac } from './fair.ts';
import { drawRafflePrize, rafflePrizeTableProblem } from './raffle.ts';

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const seed = 'cd'.repeat(32);
const table = [
  { amountMinor: '100', weight: 70 },
  { amountMinor: '1000', weight: 25 },
  { amountMinor: '10000', weight: 5 },
];

describe('drawRafflePrize', () => {
  it('is one int(total weight) of fair.ts draws over "raffle:<ticket>", walked over the table', () => {
    for (let ticket = 1; ticket <= 200; ticket++) {
      const pick = createDraws({ serverSeed: seed, clientSeed: 'raffle', nonce: ticket }).int(100);
      const expected = pick < 70 ? 0 : pick < 95 ? 1 : 2;
      expect(drawRafflePrize(seed, ticket, table).index).toBe(expected);
    }
  });

  it('gives the same prize with node:crypto HMAC as with the package HMAC', () => {
    for (let ticket = 1; ticket <= 50; ticket++) {
      expect(drawRafflePrize(seed, ticket, table, nodeHmac)).toEqual(drawRafflePrize(seed, ticket, table));
    }
  });

  it('follows the weights over many tickets', () => {
    const counts = [0, 0, 0];
    for (let ticket = 1; ticket <= 20_000; ticket++) {
      const drawn = drawRafflePrize(seed, ticket, table, nodeHmac).index;
      counts[drawn] = (counts[drawn] ?? 0) + 1;
    }
    expect(counts[0] ?? 0).toBeGreaterThan(13_600);
    expect(counts[0] ?? 0).toBeLessThan(14_400);
    expect(counts[2] ?? 0).toBeGreaterThan(800);
    expect(counts[2] ?? 0).toBeLessThan(1_200);
  });

  it('refuses tables it cannot draw from', () => {
    expect(rafflePrizeTableProblem([])).toBe('empty');
    expect(rafflePrizeTableProblem([{ amountMinor: '1', weight: 0 }])).toBe('weight');
    expect(rafflePrizeTableProblem([{ amountMinor: '-1', weight: 1 }])).toBe('amount');
    expect(rafflePrizeTableProblem([{ amountMinor: '0', weight: 1 }])).toBeNull();
    expect(() => drawRafflePrize(seed, 0, table)).toThrow(RangeError);
  });
});
