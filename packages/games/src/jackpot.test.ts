import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from './fair.ts';
import { jackpotDraw } from './jackpot.ts';

const inputs = { serverSeed: 'a'.repeat(64), clientSeed: 'player-seed', nonce: 7 };
const nodeHmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

describe('jackpotDraw', () => {
  it('is the same with the pure HMAC and node:crypto, and reproducible', () => {
    const a = jackpotDraw(inputs, 100n, 1_000_000n);
    const b = jackpotDraw(inputs, 100n, 1_000_000n, nodeHmac);
    expect(a).toEqual(b);
    expect(a.value).toBeGreaterThanOrEqual(0n);
    expect(a.value).toBeLessThan(1_000_000n);
  });

  it('reads its own stream, not the game’s', () => {
    const first = hmacSha256(inputs.serverSeed, `${inputs.clientSeed}:${inputs.nonce}:jackpot:0`);
    let expected = 0n;
    for (let i = 0; i < 8; i++) expected = (expected << 8n) | BigInt(first[i] ?? 0);
    expect(jackpotDraw(inputs, 1n, 1n << 63n).value).toBe(expected % (1n << 63n));
  });

  it('wins every round with one chance in 1, and in proportion to the stake', () => {
    expect(jackpotDraw(inputs, 1n, 1n).won).toBe(true);
    let wins = 0;
    for (let nonce = 0; nonce < 4000; nonce++) {
      if (jackpotDraw({ ...inputs, nonce }, 250n, 1000n, nodeHmac).won) wins++;
    }
    // p = 0.25: 1000 expected, σ ≈ 27.
    expect(wins).toBeGreaterThan(880);
    expect(wins).toBeLessThan(1120);
  });
});
