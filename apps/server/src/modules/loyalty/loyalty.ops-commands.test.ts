import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { rateBpOf } from '../ranks/rank-terms.service.ts';

describe('rebate rates as typed', () => {
  it('reads a percentage with up to two decimals, 0 to 10 %', () => {
    expect(rateBpOf('0.35')).toBe(35);
    expect(rateBpOf('1')).toBe(100);
    expect(rateBpOf('0.5')).toBe(50);
    expect(rateBpOf('10')).toBe(1_000);
    for (const bad of ['10.01', '-1', '0.355', 'abc', '']) expect(() => rateBpOf(bad)).toThrow();
  });
});

/** The operator CLI's loyalty commands (docs/loyalty.md) on the demo brand's ladder. */
describe.each(testBackends())('loyalty ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);
  const audited = (action: string) =>
    harness.database.db.selectFrom('audit_log').select(['detail']).where('action', '=', action).execute();

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  }, 60_000);
  afterAll(async () => {
    await harness?.database.close();
  });

  it("prints the brand's rule and ladder terms", async () => {
    const terms = await run('vip:terms');
    expect(terms.code, terms.err).toBe(0);
    const value = JSON.parse(terms.out) as {
      rule: string;
      ladder: { level: number; turnover30dMinor: string }[];
    };
    expect(value.rule).toBe('any');
    expect(value.ladder[3]).toMatchObject({ level: 3, turnover30dMinor: '5000000' });
  });

  it("changes a level's terms, a rebate rate and the rule, each audited as the CLI", async () => {
    const level = await run(
      'vip:level-set',
      '3',
      '--turnover',
      '60000',
      '--deposits',
      'none',
      '--monthly',
      '150.50',
    );
    expect(level.code, level.err).toBe(0);
    expect(JSON.parse(level.out)).toMatchObject({
      level: 3,
      turnover30dMinor: '6000000',
      depositsMinor: null,
      monthlyRewardMinor: '15050',
      upgradeBonusMinor: '30000',
    });
    expect(await audited('vip.level_terms_changed')).toHaveLength(1);

    const rate = await run('vip:rate-set', '3', 'live', '0.45');
    expect(rate.code, rate.err).toBe(0);
    expect(JSON.parse(rate.out)).toEqual({ level: 3, gameType: 'LIVE', rateBp: 45 });
    const rule = await run('vip:rule-set', 'all');
    expect(JSON.parse(rule.out)).toEqual({ rule: 'all' });
    const terms = JSON.parse((await run('vip:terms')).out) as {
      rule: string;
      ladder: { level: number; rebateRates: { gameType: string; rateBp: number }[] }[];
    };
    expect(terms.rule).toBe('all');
    expect(terms.ladder[3]?.rebateRates).toContainEqual({ gameType: 'LIVE', rateBp: 45 });
    expect((await audited('vip.rule_changed'))[0]?.detail).toMatchObject({ via: 'cli', rule: 'all' });
  });

  it('refuses what it cannot store, with a usage line or the reason', async () => {
    expect((await run('vip:level-set', '3')).code).toBe(1);
    expect((await run('vip:level-set', '3', '--monthly', 'none')).code).toBe(1);
    const missing = await run('vip:level-set', '42', '--monthly', '1');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no level 42');
    expect((await run('vip:rate-set', '3', 'POKER', '1')).err).toContain('unknown game type');
    expect((await run('vip:rate-set', '3', 'RNG', '11')).err).toContain('a percentage from 0 to 10');
    expect((await run('vip:level-set', '3', '--upgrade-bonus', '1.234')).err).toContain('not an amount');
    expect((await run('vip:rule-set', 'some')).err).toContain('any or all');
  });

  it('runs the two jobs at once', async () => {
    const ran = await run('loyalty:run');
    expect(ran.code, ran.err).toBe(0);
    expect(JSON.parse(ran.out)).toMatchObject({ vip: { upgraded: 0 }, rebates: { rebates: 0 } });
  });
});
