import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

/**
 * The replay check every money route gets (issue 5 "Done when"; docs/wallet-contract.md "Idempotency"):
 * one key sent 5× in a row and, with a second key, 5× at once has exactly one effect each time and the
 * same answer every time; the first key with another body is refused with 409 idempotency_key_reused and
 * changes nothing.
 */
export type IdempotentCase = {
  app: FastifyInstance;
  /** The request, carrying `key` in its `Idempotency-Key` header. Must succeed (200) the first time. */
  request: (key: string) => InjectOptions;
  /** The same call with another body under the same key. */
  changed: (key: string) => InjectOptions;
  /**
   * A number that moves by the same amount with every effect (e.g. a balance in minor units, a count of
   * rows or journal entries); it must move when the call takes effect.
   */
  effect: () => Promise<bigint | number>;
  /** Resets whatever a second effect needs (e.g. funds a wallet again); runs between the two rounds. */
  between?: () => Promise<void>;
};

function answerOf(response: { json: () => unknown }): unknown {
  return (response.json() as { value?: unknown }).value;
}

export async function expectIdempotent(check: IdempotentCase): Promise<void> {
  const before = BigInt(await check.effect());

  const rowKey = `idem-row-${randomUUID()}`;
  const first = await check.app.inject(check.request(rowKey));
  expect(first.statusCode, first.body).toBe(200);
  const afterOne = BigInt(await check.effect());
  const delta = afterOne - before;
  expect(delta, 'the first request must have an effect').not.toBe(0n);
  for (let i = 0; i < 4; i += 1) {
    const again = await check.app.inject(check.request(rowKey));
    expect(again.statusCode, again.body).toBe(200);
    expect(answerOf(again)).toEqual(answerOf(first));
  }
  expect(BigInt(await check.effect()), '5× in a row: one effect').toBe(afterOne);

  await check.between?.();
  const base = BigInt(await check.effect());
  const burstKey = `idem-burst-${randomUUID()}`;
  const burst = await Promise.all(Array.from({ length: 5 }, () => check.app.inject(check.request(burstKey))));
  for (const response of burst) expect(response.statusCode, response.body).toBe(200);
  const answers = burst.map(answerOf);
  for (const answer of answers) expect(answer).toEqual(answers[0]);
  expect(BigInt(await check.effect()), '5× at once: one effect').toBe(base + delta);

  const settled = BigInt(await check.effect());
  const reused = await check.app.inject(check.changed(rowKey));
  expect(reused.statusCode, reused.body).toBe(409);
  expect((reused.json() as { message?: string }).message).toBe('idempotency_key_reused');
  expect(BigInt(await check.effect()), 'a refused request changes nothing').toBe(settled);
}
