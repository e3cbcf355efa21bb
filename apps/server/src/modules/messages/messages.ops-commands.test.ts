import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { hashPassword } from '../../lib/password.ts';

describe.each(testBackends())('message ops command [%s]', (backend) => {
  let ops: OpsHarness;
  let brandId: bigint;

  beforeAll(async () => {
    ops = await createOpsHarness(backend);
    brandId = (
      await ops.db.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirstOrThrow()
    ).id;
    await ops.db
      .insertInto('members')
      .values({
        brand_id: brandId,
        username: 'cli_msg_member',
        password_hash: await hashPassword('Cli-2026-pass'),
      })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await ops?.database.close();
  });

  it('is listed in help', async () => {
    const help = await ops.run('help');
    expect(help.out).toContain('message:send --to <username|all> --title <text> --body <html>');
  });

  it('sends to one member, sanitised, audited as the CLI', async () => {
    const sent = await ops.run(
      'message:send',
      '--to',
      'cli_msg_member',
      '--title',
      'Hello from ops',
      '--body=<p>Hi<script>x()</script></p>',
    );
    expect(sent.code, sent.err).toBe(0);
    const value = JSON.parse(sent.out) as { id: string; username: string | null };
    expect(value.username).toBe('cli_msg_member');
    const row = await ops.db
      .selectFrom('platform_messages')
      .selectAll()
      .where('id', '=', BigInt(value.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Hello from ops', body: '<p>Hi</p>', created_by: null });
    const audit = await ops.db
      .selectFrom('audit_log')
      .select(['operator_id', 'ip', 'detail'])
      .where('action', '=', 'message.sent')
      .execute();
    expect(
      audit.find((entry) => String((entry.detail as { messageId?: unknown }).messageId) === value.id),
    ).toMatchObject({ operator_id: null, ip: 'cli', detail: { via: 'cli', broadcast: false } });
  });

  it('broadcasts with --to all', async () => {
    const sent = await ops.run('message:send', '--to', 'all', '--title', 'Everyone', '--body', 'News');
    expect(sent.code, sent.err).toBe(0);
    const value = JSON.parse(sent.out) as { id: string; username: string | null };
    expect(value.username).toBeNull();
    const row = await ops.db
      .selectFrom('platform_messages')
      .select(['member_id', 'brand_id'])
      .where('id', '=', BigInt(value.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ member_id: null, brand_id: brandId });
  });

  it('refuses bad arguments and unknown members', async () => {
    for (const argv of [
      ['message:send'],
      ['message:send', '--to', 'all', '--title', 'No body'],
      ['message:send', '--to', 'all', '--title', 't', '--body', 'b', 'extra'],
      ['message:send', '--to', 'all', '--title', '', '--body', 'b'],
      ['message:send', '--to', 'all', '--title', 't', '--body'],
    ]) {
      const run = await ops.run(...argv);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.err).toContain('usage: npm run ops -- message:send');
    }
    const missing = await ops.run('message:send', '--to', 'nobody_here', '--title', 't', '--body', 'b');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no member');
    const brand = await ops.run(
      'message:send',
      '--to',
      'all',
      '--title',
      't',
      '--body',
      'b',
      '--brand',
      'none',
    );
    expect(brand.code).toBe(1);
  });
});
