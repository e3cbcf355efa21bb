import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';

/**
 * The operator CLI's contract commands (docs/agent-contracts.md "Operator side") on the demo accounts:
 * demo_agent is a top agent, demo_sub_agent its sub-agent.
 */
describe.each(testBackends())('agent contract ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  }, 60_000);
  afterAll(async () => {
    await harness?.database.close();
  });

  it('sets a top contract, lists and shows it, and ends it (audited as the CLI)', async () => {
    const set = await run(
      'contracts:set-top',
      'demo_agent',
      'dividend',
      '25',
      '--period',
      'weekly',
      'launch',
      'deal',
    );
    expect(set.code, set.err).toBe(0);
    const contract = JSON.parse(set.out) as { id: string; status: string; rateBps: number; period: string };
    expect(contract).toMatchObject({ status: 'accepted', rateBps: 2500, period: 'weekly' });

    const listed = await run('contracts:list', 'demo_agent');
    expect(JSON.parse(listed.out).list.map((row: { id: string }) => row.id)).toContain(contract.id);
    const shown = await run('contracts:show', contract.id);
    expect(JSON.parse(shown.out)).toMatchObject({ contract: { id: contract.id }, settlements: [] });

    const ended = await run('contracts:end', contract.id, 'end', 'of', 'trial');
    expect(JSON.parse(ended.out)).toMatchObject({ status: 'ended', endReason: 'by_operator' });
    const audit = await harness.db
      .selectFrom('audit_log')
      .select(['action', 'operator_id', 'detail'])
      .where('action', 'in', ['agent_contract.top_set', 'agent_contract.ended'])
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['agent_contract.ended', 'agent_contract.top_set']);
    expect(
      audit.every((row) => row.operator_id === null && (row.detail as { via?: string }).via === 'cli'),
    ).toBe(true);
  });

  it('refuses a sub-agent, a bad kind or rate, and a period never settled', async () => {
    const sub = await run('contracts:set-top', 'demo_sub_agent', 'daily_salary', '1', 'reason');
    expect(sub.code).not.toBe(0);
    expect(sub.err).toContain('contract_not_top_agent');
    expect((await run('contracts:set-top', 'demo_agent', 'weekly_bonus', '1', 'reason')).code).not.toBe(0);
    expect((await run('contracts:set-top', 'demo_agent', 'daily_salary', '1')).code).not.toBe(0);
    const rerun = await run('contracts:rerun', '1', '2026-01-01T00:00:00Z');
    expect(rerun.code).not.toBe(0);
  });
});
