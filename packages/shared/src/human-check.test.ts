import { describe, expect, it } from 'vitest';
import { isHumanSolution, leadingZeroBits, solveHumanChallenge } from './human-check.ts';

describe('human check (proof of work)', () => {
  it('counts leading zero bits across bytes', () => {
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x20]))).toBe(10);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00]))).toBe(16);
  });

  it('finds a nonce the check accepts, and the check refuses a wrong or malformed one', async () => {
    const solution = await solveHumanChallenge({ challenge: 'abc123', difficulty: 8 });
    expect(await isHumanSolution('abc123', solution.nonce, 8)).toBe(true);
    expect(await isHumanSolution('other', solution.nonce, 8)).toBe(false);
    expect(await isHumanSolution('abc123', '-1', 0)).toBe(false);
    expect(await isHumanSolution('abc123', '1e3', 0)).toBe(false);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    await expect(solveHumanChallenge({ challenge: 'x', difficulty: 30 }, controller.signal)).rejects.toThrow(
      'closed',
    );
  });
});
