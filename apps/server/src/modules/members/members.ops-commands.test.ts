import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';

/**
 * `member:status` from the CLI (its effect on sessions and games: auth/session-revocation.routes.test.ts).
 * Here: the arguments, an unknown member, an unchanged status, and the audit of a change.
 */
describe.each(testBackends())('member ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);
  const statusOf = async (username: string) =>
    (
      await harness.db
        .selectFrom('members')
        .select('status')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  }, 60_000);
  afterAll(async () => {
    await harness?.database.close();
  });

  it('lists member:status in help and refuses bad arguments with its usage', async () => {
    expect((await run('help')).out).toContain('member:status');
    for (const argv of [
      ['member:status'],
      ['member:status', 'demo_player'],
      ['member:status', 'demo_player', 'banned'],
    ]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).not.toBe(0);
      expect(result.err).toContain('member:status <username>');
    }
    expect(await statusOf('demo_player')).toBe('active');
  });

  it('refuses an unknown member and changes nothing', async () => {
    const result = await run('member:status', 'nobody_at_all', 'locked');
    expect(result.code).not.toBe(0);
    expect(result.err).toContain('no member "nobody_at_all"');
  });

  it('locks, reports an unchanged status, and re-activates, auditing each change', async () => {
    const locked = await run('member:status', 'demo_player', 'locked', 'chargeback');
    expect(locked.code, locked.err).toBe(0);
    expect(JSON.parse(locked.out)).toMatchObject({
      username: 'demo_player',
      status: 'locked',
      changed: true,
    });
    expect(await statusOf('demo_player')).toBe('locked');
    const again = await run('member:status', 'demo_player', 'locked');
    expect(JSON.parse(again.out)).toMatchObject({ changed: false, revoked: null });
    const back = await run('member:status', 'DEMO_PLAYER', 'active');
    expect(JSON.parse(back.out)).toMatchObject({ status: 'active', changed: true, revoked: null });
    expect(await statusOf('demo_player')).toBe('active');
    const audit = await harness.db
      .selectFrom('audit_log')
      .select(['detail', 'operator_id', 'ip'])
      .where('action', '=', 'member.status_changed')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.detail)).toEqual([
      { from: 'active', to: 'locked', reason: 'chargeback', via: 'cli' },
      { from: 'locked', to: 'active', reason: null, via: 'cli' },
    ]);
    expect(audit.every((row) => row.operator_id === null && row.ip === 'cli')).toBe(true);
  });
});
