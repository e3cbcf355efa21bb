import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTO_RECEIPT_INTERVAL_MS, withdrawalsRoutes } from './withdrawals.routes.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

/** The server's own auto-receipt sweep: started when the app is ready, stopped when it closes. */
describe('auto-receipt timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function appWith(sweep: () => Promise<number>) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(withdrawalsRoutes({ autoReceiptDue: sweep } as unknown as WithdrawalsService));
    return app;
  }

  it('sweeps every minute while the app runs and not after it closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sweep = vi.fn(async () => 0);
    const app = await appWith(sweep);
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS * 2);
    expect(sweep).not.toHaveBeenCalled(); // not before ready
    await app.ready();
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS - 1);
    expect(sweep).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS * 3);
    expect(sweep).toHaveBeenCalledTimes(4);
    await app.close();
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS * 3);
    expect(sweep).toHaveBeenCalledTimes(4);
  });

  it('keeps sweeping after a failed sweep, and never runs two at once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let release: () => void = () => {};
    const sweep = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database restarting'))
      .mockImplementationOnce(() => new Promise<number>((resolve) => (release = () => resolve(1))))
      .mockResolvedValue(0);
    const app = await appWith(sweep);
    await app.ready();
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
    // The second sweep is still running: the next tick skips.
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(AUTO_RECEIPT_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(3);
    await app.close();
  });
});
