import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../test/helpers/ops-harness.ts';
import { testBackends } from '../../test/helpers/test-database.ts';

/** `brand:set loginCaptcha …` and `brand:set passwordMaxAgeDays …` (docs/accounts-contract.md). */
describe.each(testBackends())('ops account settings [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);
  const stored = () =>
    harness.database.db
      .selectFrom('brands')
      .select(['login_captcha', 'password_max_age_days'])
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  });
  afterAll(async () => {
    await harness?.database.close();
  });

  it('lists the new keys in the help', async () => {
    const help = await run('help');
    expect(help.out).toContain('loginCaptcha');
    expect(help.out).toContain('passwordMaxAgeDays');
  });

  it('sets the login captcha mode', async () => {
    expect((await stored()).login_captcha).toBe('after_failures');
    for (const mode of ['always', 'off', 'after_failures'] as const) {
      const result = await run('brand:set', 'loginCaptcha', mode.toUpperCase());
      expect(result.code).toBe(0);
      expect(result.out).toBe(`lotus: loginCaptcha = "${mode}"`);
      expect((await stored()).login_captcha).toBe(mode);
    }
    expect(JSON.parse((await run('brand:get')).out)).toMatchObject({ loginCaptcha: 'after_failures' });
  });

  it('refuses unknown captcha modes', async () => {
    for (const value of ['sometimes', 'true', '']) {
      const result = await run('brand:set', 'loginCaptcha', value);
      expect(result.code).toBe(1);
      expect(result.err).toContain('loginCaptcha must be one of off, after_failures, always');
    }
    expect((await stored()).login_captcha).toBe('after_failures');
  });

  it('sets and clears the maximum password age', async () => {
    expect((await stored()).password_max_age_days).toBeNull();
    const set = await run('brand:set', 'passwordMaxAgeDays', '90');
    expect(set.code).toBe(0);
    expect(set.out).toBe('lotus: passwordMaxAgeDays = 90');
    expect((await stored()).password_max_age_days).toBe(90);
    expect((await run('brand:set', 'passwordMaxAgeDays', '3650')).code).toBe(0);
    expect((await stored()).password_max_age_days).toBe(3650);
    const cleared = await run('brand:set', 'passwordMaxAgeDays', 'None');
    expect(cleared.code).toBe(0);
    expect(cleared.out).toBe('lotus: passwordMaxAgeDays = null');
    expect((await stored()).password_max_age_days).toBeNull();
  });

  it('refuses ages outside 1..3650 days and non-numbers', async () => {
    await run('brand:set', 'passwordMaxAgeDays', '30');
    for (const value of ['0', '3651', '-5', '1.5', 'ninety', '1e3', '']) {
      const result = await run('brand:set', 'passwordMaxAgeDays', value);
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        'passwordMaxAgeDays must be a whole number of days from 1 to 3650, or none',
      );
    }
    expect((await stored()).password_max_age_days).toBe(30);
  });
});
