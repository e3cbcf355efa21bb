import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { WithdrawalFixture } from '../../../test/helpers/withdrawal-fixture.ts';
import { manualClock } from '../../lib/clock.ts';
import { excludeMember } from '../deposits/deposits-protection.fixture.ts';

/**
 * Player protection and withdrawals (issue 17): an exclusion never keeps a player's money — a pending
 * withdrawal of an excluded member still pays out — and a payout is counted on the member's day of
 * activity when it is paid (the moment the money leaves the wallet), not when it is asked for.
 */
describe.each(testBackends())('withdrawals: player protection [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: WithdrawalFixture;
  let finance: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = new WithdrawalFixture(test.app, test.database.db, clock);
    await fx.init();
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
  });
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const activity = (memberId: bigint) =>
    test.database.db
      .selectFrom('member_activity_days')
      .select(['withdrawn_minor', 'deposited_minor'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();

  it('pays out a pending withdrawal of a member who self-excluded since, and counts it when paid', async () => {
    const member = await fx.readyMember(5_000_00n);
    const id = await fx.pendingWithdrawal(member, '1200');
    expect(await activity(member.id)).toBeUndefined();
    await excludeMember(test.database.db, member.id, 'self_exclusion');
    const paid = await fx.opsPost(finance, `/wps/ops/withdrawals/${id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json() as { value: { withdrawal: { status: string } } }).value.withdrawal.status).toBe(
      'paid',
    );
    expect((await fx.balance(member.id)).balanceMinor).toBe(3_800_00n);
    expect(await activity(member.id)).toEqual({ withdrawn_minor: 1_200_00n, deposited_minor: 0n });
  });
});
