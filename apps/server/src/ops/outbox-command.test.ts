import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../test/helpers/ops-harness.ts';
import { testBackends } from '../../test/helpers/test-database.ts';
import { outboxWriter } from '../lib/notify/outbox.repository.ts';

describe.each(testBackends())('ops outbox:list [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
    for (const [destination, body] of [
      ['+919000000001', 'first'],
      ['+919000000002', 'second'],
      ['+919000000001', 'third'],
    ] as const) {
      await outboxWriter(harness.database.db).insert({
        brandId: null,
        channel: 'sms',
        destination,
        subject: null,
        body,
      });
    }
  }, 60_000);
  afterAll(async () => {
    await harness?.database.close();
  });

  it('is listed in help', async () => {
    expect((await run('help')).out).toContain('outbox:list');
  });

  it('prints the newest messages, for one destination when given', async () => {
    const all = await run('outbox:list');
    expect(all.code).toBe(0);
    expect(JSON.parse(all.out).map((message: { body: string }) => message.body)).toEqual([
      'third',
      'second',
      'first',
    ]);
    const one = JSON.parse((await run('outbox:list', '+919000000001')).out);
    expect(one.map((message: { body: string }) => message.body)).toEqual(['third', 'first']);
    expect(one[0]).toMatchObject({ channel: 'sms', destination: '+919000000001', subject: null });
    const limited = JSON.parse((await run('outbox:list', '+919000000001', '1')).out);
    expect(limited.map((message: { body: string }) => message.body)).toEqual(['third']);
    expect(JSON.parse((await run('outbox:list', '+910000000000')).out)).toEqual([]);
  });

  it('refuses extra or bad arguments', async () => {
    for (const argv of [
      ['outbox:list', 'a', 'b'],
      ['outbox:list', '1', '2', '3'],
      ['outbox:list', '0'],
    ]) {
      const result = await run(...argv);
      expect(result.code).toBe(1);
      expect(result.err).toContain('usage: npm run ops -- outbox:list');
    }
  });
});
