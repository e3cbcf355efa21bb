import type { LotteryDraw, LotteryGameDetail, LotteryGameSummary } from '@lotus/shared/lottery.schema';

/** Games and draws as the engine's public reads answer them, for the lottery pages' tests. */
export function makeDraw(overrides: Partial<LotteryDraw> = {}): LotteryDraw {
  return {
    drawId: 'vn-fast-1-20261127-0100',
    gameCode: 'vn-fast-1',
    drawNo: '20261127-0100',
    opensAt: '2026-11-27T01:39:00.000Z',
    closesAt: new Date(Date.now() + 95_000).toISOString(),
    drawsAt: new Date(Date.now() + 100_000).toISOString(),
    status: 'open',
    source: 'inhouse',
    seedHash: 'a'.repeat(64),
    seed: null,
    result: null,
    ...overrides,
  };
}

export function makeGame(overrides: Partial<LotteryGameSummary> = {}): LotteryGameSummary {
  return {
    gameCode: 'vn-fast-1',
    name: 'VN Fast 1',
    family: 'vn',
    variant: 'north',
    region: 'FAST',
    source: 'inhouse',
    gameType: 'LOTT',
    everySeconds: 60,
    nextDraw: makeDraw(),
    lastResult: makeDraw({
      drawNo: '20261127-0099',
      drawId: 'vn-fast-1-20261127-0099',
      status: 'settled',
      result: { family: 'vn', variant: 'north', tiers: [{ tier: 'special', numbers: ['12345'] }] },
    }),
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<LotteryGameDetail> = {}): LotteryGameDetail {
  return {
    ...makeGame(),
    odds: [
      { betType: 'lo2', odds1e4: '985000', maxUnits: '26595000', declaredReturn: 0.95 },
      { betType: 'de', odds1e4: '950000', maxUnits: '950000', declaredReturn: 0.95 },
      { betType: 'xien2', odds1e4: '170000', maxUnits: '170000', declaredReturn: 0.95 },
      { betType: 'cang3', odds1e4: '9500000', maxUnits: '9500000', declaredReturn: 0.95 },
    ],
    limits: { minStakeMinor: '100', maxStakeMinor: '1000000', maxLines: 20, maxPayoutMinor: '50000000' },
    currency: 'INR',
    currencySymbol: '₹',
    ...overrides,
  };
}
