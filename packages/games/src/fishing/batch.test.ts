import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_MAX_SHOTS, type BatchShot, batchShots, settleBatch } from './batch.ts';
import { FISHING_BULLETS_MINOR, resolveShot } from './shot.ts';

const shot = (nonce: number, atMs: number, bullet: number, payout: number): BatchShot => ({
  nonce,
  atMs,
  bulletMinor: String(bullet),
  payoutMinor: String(payout),
});

describe('fishing batches', () => {
  it('groups shots by the second that opens each batch, and adds them up', () => {
    const shots = [
      shot(7, 0, 100, 0),
      shot(8, 400, 100, 300),
      shot(9, 999, 200, 0),
      shot(10, 1000, 100, 0),
      shot(11, 2500, 50, 100),
      shot(12, 3499, 50, 0),
    ];
    const batches = batchShots(shots);
    expect(batches.map((b) => b.map((s) => s.nonce))).toEqual([[7, 8, 9], [10], [11, 12]]);
    expect(batches.map(settleBatch)).toEqual([
      {
        shots: 3,
        firstNonce: 7,
        lastNonce: 9,
        openedAtMs: 0,
        stakeMinor: '400',
        payoutMinor: '300',
        netMinor: '-100',
      },
      {
        shots: 1,
        firstNonce: 10,
        lastNonce: 10,
        openedAtMs: 1000,
        stakeMinor: '100',
        payoutMinor: '0',
        netMinor: '-100',
      },
      {
        shots: 2,
        firstNonce: 11,
        lastNonce: 12,
        openedAtMs: 2500,
        stakeMinor: '100',
        payoutMinor: '100',
        netMinor: '0',
      },
    ]);
    const rapid = Array.from({ length: 120 }, (_, i) => shot(i, i, 10, 0));
    expect(batchShots(rapid).map((b) => b.length)).toEqual([BATCH_MAX_SHOTS, BATCH_MAX_SHOTS, 20]);
  });

  it('refuses an empty batch, a gap or repeat of nonces, time going back, and bad amounts', () => {
    expect(() => settleBatch([])).toThrow(RangeError);
    expect(() => settleBatch([shot(1, 0, 10, 0), shot(3, 10, 10, 0)])).toThrow(RangeError);
    expect(() => settleBatch([shot(1, 0, 10, 0), shot(1, 10, 10, 0)])).toThrow(RangeError);
    expect(() => settleBatch([shot(1, 10, 10, 0), shot(2, 5, 10, 0)])).toThrow(RangeError);
    expect(() => settleBatch([shot(1, 0, 0, 0)])).toThrow(RangeError);
    expect(() => settleBatch([shot(1, 0, 10, -1)])).toThrow(RangeError);
  });

  it('the batches of real shots add up exactly to the shots (money neither made nor lost)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 1500 }),
            bullet: fc.constantFrom(...FISHING_BULLETS_MINOR),
            target: fc.constantFrom('minnow', 'clownfish', 'shark', 'golden-carp', 'bomb-crab'),
          }),
          { minLength: 1, maxLength: 200 },
        ),
        fc.nat({ max: 1_000_000 }),
        (fired, firstNonce) => {
          let at = 0;
          const shots = fired.map((f, i) => {
            at += f.gap;
            const nonce = firstNonce + i;
            const outcome = resolveShot(
              {
                bulletMinor: f.bullet.toString(),
                target: f.target,
                caught: f.target === 'bomb-crab' ? ['minnow'] : [],
              },
              { serverSeed: 'ba7c'.repeat(16), clientSeed: 'batch', nonce },
            );
            return { nonce, atMs: at, bulletMinor: outcome.bulletMinor, payoutMinor: outcome.payoutMinor };
          });
          const batches = batchShots(shots).map(settleBatch);
          const sum = (xs: string[]) => xs.reduce((a, x) => a + BigInt(x), 0n);
          expect(sum(batches.map((b) => b.stakeMinor))).toBe(sum(shots.map((s) => s.bulletMinor)));
          expect(sum(batches.map((b) => b.payoutMinor))).toBe(sum(shots.map((s) => s.payoutMinor)));
          expect(batches.reduce((n, b) => n + b.shots, 0)).toBe(shots.length);
          batches.forEach((b, i) => {
            const next = batches[i + 1];
            if (next) expect(next.firstNonce).toBe(b.lastNonce + 1);
            expect(BigInt(b.netMinor)).toBe(BigInt(b.payoutMinor) - BigInt(b.stakeMinor));
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
