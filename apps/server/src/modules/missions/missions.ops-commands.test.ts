import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';

/** The operator CLI's missions and referral commands (docs/missions-referral.md) on the demo brand. */
describe.each(testBackends())('missions ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  }, 60_000);
  afterAll(async () => {
    await harness?.database.close();
  });

  const mission = (code: string, ...extra: string[]) =>
    run(
      'missions:set',
      code,
      '--period',
      'weekly',
      '--kind',
      'turnover',
      '--target',
      '2500',
      '--reward',
      '75.50',
      '--points',
      '40',
      '--title-en',
      'Bet ₹2,500 this week',
      '--title-hi',
      'इस सप्ताह ₹2,500 का दांव लगाएं',
      ...extra,
    );

  it('lists the seeded missions, adds one, changes it and switches it off (audited as the CLI)', async () => {
    const listed = JSON.parse((await run('missions:list')).out) as { code: string }[];
    expect(listed.map((row) => row.code)).toContain('daily-rounds');

    const added = await mission('weekly-turnover');
    expect(added.code, added.err).toBe(0);
    expect(JSON.parse(added.out)).toMatchObject({
      code: 'weekly-turnover',
      target: '250000',
      reward_minor: '7550',
      points: 40,
      active: true,
    });
    const off = await mission('weekly-turnover', '--active', 'off', '--sort', '9');
    expect(JSON.parse(off.out)).toMatchObject({ active: false, sort: 9 });
    const rows = JSON.parse((await run('missions:list')).out) as { code: string }[];
    expect(rows.filter((row) => row.code === 'weekly-turnover')).toHaveLength(1);
    const audit = await harness.db
      .selectFrom('audit_log')
      .select(['operator_id', 'detail'])
      .where('action', '=', 'mission.set')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.operator_id === null)).toBe(true);
  });

  it('refuses bad fields by name, and bad usage', async () => {
    const badKind = await run(
      'missions:set',
      'x',
      '--period',
      'daily',
      '--kind',
      'jump',
      '--target',
      '1',
      '--reward',
      '1',
      '--points',
      '1',
      '--title-en',
      'a',
      '--title-hi',
      'b',
    );
    expect(badKind.code).not.toBe(0);
    expect(badKind.err).toContain('kind must be one of');
    expect((await mission('Bad Code!')).err).toContain('code must be');
    expect((await run('missions:set', 'only-code')).code).not.toBe(0);
    expect((await mission('weekly-x', '--active', 'maybe')).code).not.toBe(0);
  });

  it("sets the brand's referral rule", async () => {
    const set = await run('referral:rule', '--share', '12.5', '--min', '200', '--cap', '1000');
    expect(set.code, set.err).toBe(0);
    expect(JSON.parse(set.out)).toEqual({ shareBps: 1250, minDepositMinor: '20000', capMinor: '100000' });
    const row = await harness.db.selectFrom('referral_rules').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ share_bps: 1250, min_deposit_minor: 20_000n, cap_minor: 100_000n });
    expect((await run('referral:rule', '--share', '101', '--min', '0', '--cap', '1')).err).toContain('share');
    expect((await run('referral:rule', '--share', '10')).code).not.toBe(0);
  });
});
