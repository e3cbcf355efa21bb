import type { LotteryDraw } from '@lotus/shared/lottery.schema';

/** A public draw for the lottery's web tests. */
export function makeDraw(overrides: Partial<LotteryDraw> = {}): LotteryDraw {
  return {
    drawId: 'lott-5d-20261127-0001',
    gameCode: 'lott-5d',
    drawNo: '20261127-0001',
    opensAt: '2026-11-27T10:00:00.000Z',
    closesAt: '2026-11-27T10:00:55.000Z',
    drawsAt: '2026-11-27T10:01:00.000Z',
    status: 'settled',
    source: 'inhouse',
    seedHash: 'a'.repeat(64),
    seed: 'b'.repeat(64),
    result: { family: 'lott5d', digits: [1, 2, 3, 4, 5] },
    ...overrides,
  };
}

export const VN_NORTH_RESULT = {
  family: 'vn',
  variant: 'north',
  tiers: [
    { tier: 'special', numbers: ['12345'] },
    { tier: 'first', numbers: ['54321'] },
    { tier: 'second', numbers: ['11111', '22222'] },
    { tier: 'third', numbers: ['33333', '44444', '55555', '66666', '77777', '88888'] },
    { tier: 'fourth', numbers: ['1234', '2345', '3456', '4567'] },
    { tier: 'fifth', numbers: ['0001', '0002', '0003', '0004', '0005', '0006'] },
    { tier: 'sixth', numbers: ['101', '202', '303'] },
    { tier: 'seventh', numbers: ['07', '17', '27', '37'] },
  ],
};
