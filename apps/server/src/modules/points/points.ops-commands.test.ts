import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';

/**
 * The operator CLI's points commands (docs/points.md "Operator") on the seeded demo brand: six rewards, a
 * config, and 1,500 points for demo_player.
 */
describe.each(testBackends())('points ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  }, 60_000);
  afterAll(async () => {
    if (harness) await assertLedgerInvariants(harness.db);
    await harness?.database.close();
  });

  it('shows and replaces the config, lists, adds and edits rewards (audited as the CLI)', async () => {
    const shown = await run('points:config');
    expect(shown.code, shown.err).toBe(0);
    expect(JSON.parse(shown.out)).toMatchObject({
      convert: { points: '100', amount: '1.00' },
      expires: false,
    });

    const set = await run(
      'points:config',
      JSON.stringify({ convert: null, rates: [{ gameType: 'RNG', turnover: '5', points: '2' }] }),
    );
    expect(set.code, set.err).toBe(0);
    expect(JSON.parse(set.out)).toMatchObject({
      convert: null,
      rates: [{ gameType: 'RNG', turnover: '5.00', points: '2' }],
    });

    const listed = JSON.parse((await run('points:rewards')).out) as { id: string; kind: string }[];
    expect(listed.length).toBeGreaterThanOrEqual(6);
    expect(new Set(listed.map((reward) => reward.kind))).toEqual(new Set(['goods', 'cash']));

    const added = await run(
      'points:reward-add',
      JSON.stringify({ kind: 'goods', nameEn: 'Cap', nameHi: 'टोपी', points: '200', stock: 3 }),
    );
    expect(added.code, added.err).toBe(0);
    const cap = JSON.parse(added.out) as { id: string };
    const edited = await run('points:reward-edit', cap.id, JSON.stringify({ stock: 9 }));
    expect(JSON.parse(edited.out)).toMatchObject({ id: cap.id, stock: 9 });

    const audit = await harness.db
      .selectFrom('audit_log')
      .select(['action', 'operator_id', 'detail'])
      .where('action', 'like', 'points.%')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'points.config',
      'points.reward.create',
      'points.reward.edit',
    ]);
    expect(
      audit.every((row) => row.operator_id === null && (row.detail as { via?: string }).via === 'cli'),
    ).toBe(true);
  });

  it('runs the earn job, lists redemptions, and refuses bad arguments', async () => {
    const earned = await run('points:earn');
    expect(earned.code, earned.err).toBe(0);
    expect(JSON.parse(earned.out)).toHaveProperty('credited');
    const listed = await run('points:redemptions', 'in_process');
    expect(JSON.parse(listed.out)).toMatchObject({ page: 1 });
    expect((await run('points:redemptions', 'lost')).code).not.toBe(0);
    expect((await run('points:reward-add', '{"kind":"goods"}')).code).not.toBe(0);
    expect((await run('points:reward-add', 'not json')).code).not.toBe(0);
    expect((await run('points:reject', '1')).code).not.toBe(0);
    const missing = await run('points:approve', '999999999');
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain('points_redemption_not_found');
  });

  it('seeds 1,500 points for the demo player, once', async () => {
    const row = await harness.db
      .selectFrom('ledger_accounts as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select('a.balance_minor')
      .where('m.username', '=', 'demo_player')
      .where('a.kind', '=', 'member_points')
      .executeTakeFirstOrThrow();
    expect(row.balance_minor).toBe(1500n);
  });
});
