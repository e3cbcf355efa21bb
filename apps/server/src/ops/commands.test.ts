import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../test/helpers/ops-harness.ts';
import { testBackends } from '../../test/helpers/test-database.ts';
import type { SystemService } from '../modules/system/system.service.ts';
import { parseArgs } from './commands.ts';

describe.each(testBackends())('ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  let system: SystemService;
  const run = (...argv: string[]) => harness.run(...argv);

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
    ({ system } = harness);
  });
  afterAll(async () => {
    await harness?.database.close();
  });

  const status = (ip: string) => system.getStatus({ ip, host: 'localhost' });

  it('lists its commands', async () => {
    const help = await run('help');
    expect(help.code).toBe(0);
    for (const command of ['brand:get', 'brand:set', 'flag:set']) expect(help.out).toContain(command);
    expect((await run()).out).toContain('usage: npm run ops');
  });

  it('prints the brand with its effective flags', async () => {
    const result = await run('brand:get');
    expect(result.code).toBe(0);
    const brand = JSON.parse(result.out);
    expect(brand).toMatchObject({ code: 'lotus', maintenance: false, regionRestriction: true });
    expect(brand.flags).toMatchObject({ FREEPLAY3: true, REGMOBVERF3: false });
  });

  it('switches maintenance on and off, visible to the status call', async () => {
    expect((await run('brand:set', 'maintenance', 'true')).code).toBe(0);
    expect((await status('127.0.0.1')).status).toBe(1);
    expect((await run('brand:set', 'maintenance', 'off')).out).toBe('lotus: maintenance = false');
    expect((await status('127.0.0.1')).status).toBe(0);
  });

  it('changes the restricted countries and the region switch', async () => {
    expect((await run('brand:set', 'restrictedCountries', 'in, ph')).out).toBe(
      'lotus: restrictedCountries = [\n  "IN",\n  "PH"\n]',
    );
    expect((await status('49.36.0.1')).status).toBe(2);
    expect((await run('brand:set', 'regionRestriction', 'false')).code).toBe(0);
    expect((await status('49.36.0.1')).status).toBe(0);
    expect((await run('brand:set', 'restrictedCountries', 'US,GB,FR,NL,AU,SG')).code).toBe(0);
    expect((await run('brand:set', 'regionRestriction', 'true')).code).toBe(0);
    expect((await status('8.8.8.8')).status).toBe(2);
  });

  it('changes languages and the home-page guard', async () => {
    expect((await run('brand:set', 'supportedLanguages', 'EN,HI,TH')).code).toBe(0);
    expect((await run('brand:set', 'defaultLanguage', 'th')).code).toBe(0);
    expect((await run('brand:set', 'loggedInToHomePage', 'true')).code).toBe(0);
    const brand = JSON.parse((await run('brand:get')).out);
    expect(brand).toMatchObject({
      defaultLanguage: 'TH',
      supportedLanguages: ['EN', 'HI', 'TH'],
      loggedInToHomePage: true,
    });
    await run('brand:set', 'defaultLanguage', 'EN');
    await run('brand:set', 'supportedLanguages', 'EN,HI');
    await run('brand:set', 'loggedInToHomePage', 'false');
  });

  it.each([
    [['brand:set', 'maintenance', 'maybe'], 'maintenance must be true or false'],
    [['brand:set', 'restrictedCountries', 'US,XX'], 'not ISO 3166-1 alpha-2 country codes: XX'],
    [['brand:set', 'defaultLanguage', 'JA'], 'defaultLanguage must be one of the supported languages'],
    [['brand:set', 'supportedLanguages', 'HI'], 'must include the default language EN'],
    [['brand:set', 'supportedLanguages', 'EN,QQ'], 'not in the language catalogue: QQ'],
    [['brand:set', 'colour', 'red'], 'unknown setting "colour"'],
    [['brand:set', 'maintenance'], 'usage: npm run ops -- brand:set'],
    [['brand:get', '--brand', 'nope'], 'no brand with code "nope"'],
    [['flag:set', 'NOPE3', 'on'], 'has no whitelabel node "NOPE3"'],
    [['flag:set', 'FREEPLAY3', 'sometimes'], 'FREEPLAY3 must be true or false'],
    [['frobnicate'], 'unknown command "frobnicate"'],
  ])('refuses %j with exit 1 and a clear message', async (argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect(result.out).toBe('');
  });

  it('switches whitelabel flags, with a disabled module turning its flags off', async () => {
    expect((await run('flag:set', 'regmobverf3', 'on')).out).toBe('lotus: REGMOBVERF3 = on (effective)');
    expect((await run('flag:set', 'REGISTER3', 'off', '--brand', 'lotus')).code).toBe(0);
    const flags = JSON.parse((await run('brand:get')).out).flags;
    expect(flags).toMatchObject({
      REGISTER3: false,
      REGMOBVERF3: false,
      USERNAMEREG3: false,
      FREEPLAY3: true,
    });
    await run('flag:set', 'REGISTER3', 'on');
    await run('flag:set', 'REGMOBVERF3', 'off');
  });

  it('parses --brand in both spellings', () => {
    expect(parseArgs(['brand:get', '--brand', 'x'])).toEqual({ positional: ['brand:get'], brand: 'x' });
    expect(parseArgs(['--brand=y', 'flag:set', 'A', 'on'])).toEqual({
      positional: ['flag:set', 'A', 'on'],
      brand: 'y',
    });
  });
});
