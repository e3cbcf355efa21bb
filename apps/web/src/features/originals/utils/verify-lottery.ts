import { serverSeedHash } from '@lotus/games/fair';
import {
  drawLotteryResult,
  isLotteryFamily,
  type LotteryResult,
  lotteryHeadline,
  lotteryResultProblem,
} from '@lotus/games/lottery/index';
import type { LotteryDraw } from '@lotus/shared/lottery.schema';

export type LotteryVerifyResult =
  | { ok: false; problem: 'notDrawn' | 'external' | 'result' }
  | {
      ok: true;
      computedHash: string;
      /** null when the draw published no hash. */
      hashMatches: boolean | null;
      result: LotteryResult;
      headline: string;
      resultMatches: boolean;
    };

/** The same JSON whatever the order of an object's keys (the server's jsonb reorders them). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonical(child)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Recomputes an in-house lottery draw in the browser (issue 20, docs/lottery.md "Sources") with the same
 * packages/games code the server draws with: the result from HMAC-SHA256(seed, "<drawId>:0:<cursor>"), and
 * SHA-256(seed) against the hash published before betting opened; then compares with the stored result.
 * An external draw (official results) has no seed to check.
 */
export function computeLotteryVerification(draw: LotteryDraw): LotteryVerifyResult {
  if (draw.source === 'external') return { ok: false, problem: 'external' };
  if (draw.seed === null || draw.result === null) return { ok: false, problem: 'notDrawn' };
  const family = String(draw.result.family ?? '');
  const variant =
    draw.result.variant === 'north' || draw.result.variant === 'south' ? draw.result.variant : '';
  if (!isLotteryFamily(family) || lotteryResultProblem(family, variant, draw.result) !== null) {
    return { ok: false, problem: 'result' };
  }
  const result = drawLotteryResult(family, variant, draw.seed, draw.drawId);
  const computedHash = serverSeedHash(draw.seed);
  return {
    ok: true,
    computedHash,
    hashMatches: draw.seedHash === null ? null : draw.seedHash === computedHash,
    result,
    headline: lotteryHeadline(result),
    resultMatches: canonical(result) === canonical(draw.result),
  };
}
