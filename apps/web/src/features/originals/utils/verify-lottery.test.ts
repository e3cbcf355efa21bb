import { serverSeedHash } from '@lotus/games/fair';
import { drawLotteryResult } from '@lotus/games/lottery/index';
import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import { describe, expect, it } from 'vitest';
import { computeLotteryVerification } from './verify-lottery.ts';

const seed = '0123456789abcdef'.repeat(4);
const drawId = 'vn-fast-1-20261127-0042';

function drawnDraw(overrides: Partial<LotteryDraw> = {}): LotteryDraw {
  const { family, ...rest } = drawLotteryResult('vn', 'north', seed, drawId);
  return {
    drawId,
    gameCode: 'vn-fast-1',
    drawNo: '20261127-0042',
    opensAt: '2026-11-27T10:00:00.000Z',
    closesAt: '2026-11-27T10:00:55.000Z',
    drawsAt: '2026-11-27T10:01:00.000Z',
    status: 'drawn',
    source: 'inhouse',
    seedHash: serverSeedHash(seed),
    seed,
    // The server's jsonb may order keys differently: the comparison does not care.
    result: JSON.parse(JSON.stringify({ ...rest, family })),
    ...overrides,
  };
}

describe('computeLotteryVerification', () => {
  it('recomputes the result and the hash of an in-house draw', () => {
    const verified = computeLotteryVerification(drawnDraw());
    expect(verified).toMatchObject({ ok: true, hashMatches: true, resultMatches: true });
    if (!verified.ok) throw new Error('expected ok');
    expect(verified.headline).toMatch(/^[0-9]{5}$/);
  });

  it('flags a hash or a result that does not match', () => {
    const other = drawLotteryResult('vn', 'north', 'f'.repeat(64), drawId);
    expect(computeLotteryVerification(drawnDraw({ seedHash: 'e'.repeat(64) }))).toMatchObject({
      ok: true,
      hashMatches: false,
      resultMatches: true,
    });
    expect(computeLotteryVerification(drawnDraw({ result: other }))).toMatchObject({
      ok: true,
      hashMatches: true,
      resultMatches: false,
    });
  });

  it('explains what cannot be verified', () => {
    expect(computeLotteryVerification(drawnDraw({ source: 'external' }))).toEqual({
      ok: false,
      problem: 'external',
    });
    expect(computeLotteryVerification(drawnDraw({ seed: null, result: null, status: 'open' }))).toEqual({
      ok: false,
      problem: 'notDrawn',
    });
    expect(computeLotteryVerification(drawnDraw({ result: { family: 'nope' } }))).toEqual({
      ok: false,
      problem: 'result',
    });
  });
});
