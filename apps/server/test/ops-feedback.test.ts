import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackService } from '../src/modules/feedback/feedback.service.ts';
import { createOpsHarness, type OpsHarness } from './helpers/ops-harness.ts';
import { testBackends } from './helpers/test-database.ts';
import { TINY_PNG } from './helpers/tiny-images.ts';

describe.each(testBackends())('ops feedback:list [%s]', (backend) => {
  let harness: OpsHarness;
  let feedback: FeedbackService;
  const run = (...argv: string[]) => harness.run(...argv);

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
    ({ feedback } = harness);
  });
  afterAll(async () => {
    await harness?.database.close();
  });

  it('is listed in help', async () => {
    expect((await run('help')).out).toContain('feedback:list');
  });

  it('prints no tickets for a brand that has none', async () => {
    const result = await run('feedback:list');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ brand: 'lotus', tickets: [] });
  });

  it('prints the newest tickets first, with image details but not their bytes', async () => {
    const first = await feedback.submit({
      host: 'localhost',
      ip: '203.0.113.9',
      fields: {
        questionType: 'withdrawal',
        content: 'My withdrawal is still pending.',
        contact: '+91 98765 43210',
      },
      images: [TINY_PNG],
    });
    const second = await feedback.submit({
      host: 'localhost',
      ip: '203.0.113.10',
      fields: { questionType: 'other', content: 'The dark theme looks great, thanks!' },
      images: [],
    });
    const result = await run('feedback:list');
    expect(result.code).toBe(0);
    const { brand, tickets } = JSON.parse(result.out);
    expect(brand).toBe('lotus');
    expect(tickets.map((ticket: { id: string }) => ticket.id)).toEqual([
      String(second.ticketId),
      String(first.ticketId),
    ]);
    expect(tickets[1]).toMatchObject({
      questionType: 'withdrawal',
      content: 'My withdrawal is still pending.',
      contact: '+91 98765 43210',
      ip: '203.0.113.9',
      status: 'open',
      images: [{ mime: 'image/png', sizeBytes: TINY_PNG.length }],
    });
    expect(tickets[1].images[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.out).not.toContain('bytes');

    const limited = JSON.parse((await run('feedback:list', '1')).out);
    expect(limited.tickets).toHaveLength(1);
    const open = JSON.parse((await run('feedback:list', 'open', '5')).out);
    expect(open.tickets).toHaveLength(2);
    expect(JSON.parse((await run('feedback:list', 'closed')).out).tickets).toEqual([]);
  });

  it('explains bad arguments and unknown brands', async () => {
    const status = await run('feedback:list', 'pending');
    expect(status.code).toBe(1);
    expect(status.err).toContain('status must be one of open, answered, closed');
    const limit = await run('feedback:list', '0');
    expect(limit.code).toBe(1);
    expect(limit.err).toContain('limit');
    expect((await run('feedback:list', 'open', 'closed')).err).toContain(
      'usage: npm run ops -- feedback:list',
    );
    expect((await run('feedback:list', '1', '2', '3')).code).toBe(1);
    const brand = await run('feedback:list', '--brand', 'nope');
    expect(brand.code).toBe(1);
    expect(brand.err).toContain('no brand with code "nope"');
  });
});
