import { publicKeyResponse } from '@lotus/shared/auth.schema';
import { solveHumanChallenge } from '@lotus/shared/human-check';
import { type ReferralSummary, referralSummaryResponse } from '@lotus/shared/missions.schema';
import { sealPayload } from '@lotus/shared/sealed-payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { missionsFixture } from './missions.fixture.ts';
import { REFERRAL_JOB } from './referral.service.ts';

type Member = Awaited<ReturnType<WalletFixture['member']>>;

describe.each(testBackends())('referral [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  let mx: ReturnType<typeof missionsFixture>;
  let spki: string;
  let ip = 0;
  let names = 0;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    mx = missionsFixture(test.database.db, fx.brandId);
    const key = await test.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
    spki = publicKeyResponse.parse(key.json()).value.spki;
    // The registration's captcha has its own tests; here it is off.
    await test.database.db
      .updateTable('registration_field_rules')
      .set({ enabled: false, required: false })
      .where('field_key', '=', 'captcha')
      .execute();
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  async function summary(member: Member): Promise<ReferralSummary> {
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/referral',
      headers: auth(member.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return referralSummaryResponse.parse(response.json()).value;
  }

  /** Registers a new player through the real sealed registration with `referralCode`; answers the id. */
  async function registerWith(referralCode: string): Promise<{ id: bigint; username: string }> {
    names += 1;
    ip += 1;
    const username = `friend${process.pid % 1000}n${names}`;
    const challenge = await test.app.inject({ method: 'GET', url: '/wps/verification/human' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/wps/member/register',
      headers: { 'x-forwarded-for': `203.0.113.${ip}`, 'user-agent': 'vitest' },
      payload: await sealPayload(spki, {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        agreeTerms: true,
        confirmAge: true,
        humanVerification: await solveHumanChallenge(challenge.json().value),
        registerMethod: 'WEB',
        referralCode,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await test.database.db
      .selectFrom('members')
      .select(['id', 'referred_by_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return { id: row.id, username };
  }

  /** An approved deposit row with the entry that paid it (an adjustment stands in for the gateway's). */
  async function approvedDeposit(memberId: bigint, amountMinor: bigint): Promise<void> {
    const entryId = await fx.fund(memberId, amountMinor);
    const method = await test.database.db
      .selectFrom('payment_methods')
      .select('id')
      .where('brand_id', '=', fx.brandId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await test.database.db
      .insertInto('deposits')
      .values({
        brand_id: fx.brandId,
        member_id: memberId,
        method_id: method.id,
        amount_minor: amountMinor,
        currency: 'INR',
        status: 'approved',
        entry_id: entryId,
        decided_by: 'test',
        decided_at: new Date(),
      })
      .execute();
  }

  it('gives every real player a stable code of their own and the registration link', async () => {
    const member = await fx.member();
    const first = await summary(member);
    expect(first.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(first.path).toBe(`/register?referralCode=${first.code}`);
    expect(first).toMatchObject({ friends: [], friendCount: 0, totalEarned: '0.00' });
    expect(first.rule).toEqual({
      sharePercent: '10.00',
      minDepositMinor: '10000',
      minDeposit: '100.00',
      capMinor: '50000',
      cap: '500.00',
    });
    expect((await summary(member)).code).toBe(first.code);
    expect((await summary(await fx.member())).code).not.toBe(first.code);
  });

  it('records the referrer of a registration with the code; lists friends masked, with first deposit', async () => {
    const member = await fx.member();
    const { code } = await summary(member);
    const friend = await registerWith(code.toLowerCase());
    const second = await registerWith(code);
    const rows = await test.database.db
      .selectFrom('members')
      .select('referred_by_id')
      .where('id', 'in', [friend.id, second.id])
      .execute();
    expect(rows.map((row) => row.referred_by_id)).toEqual([member.id, member.id]);
    await approvedDeposit(friend.id, 20_000n);

    const value = await summary(member);
    expect(value.friendCount).toBe(2);
    expect(value.friends.map((row) => row.name).sort()).toEqual(
      [friend.username, second.username].map((name) => `${name.slice(0, 2)}***${name.slice(-1)}`).sort(),
    );
    expect(JSON.stringify(value)).not.toContain(friend.username);
    const masked = `${friend.username.slice(0, 2)}***${friend.username.slice(-1)}`;
    const shown = value.friends.find((row) => row.name === masked && row.firstDeposit);
    expect(shown).toMatchObject({ firstDeposit: true, earned: '0.00' });
    expect(value.friends.filter((row) => row.firstDeposit)).toHaveLength(1);
  });

  it('pays the share of each friend’s first deposit once, capped, however often the job runs', async () => {
    const member = await fx.member();
    const { code } = await summary(member);
    const small = await registerWith(code);
    const big = await registerWith(code);
    const under = await registerWith(code);
    const none = await registerWith(code);
    await approvedDeposit(small.id, 30_000n); // 10 % → ₹30
    await approvedDeposit(small.id, 900_000n); // not the first: ignored
    await approvedDeposit(big.id, 2_000_000n); // 10 % = ₹2,000, capped at ₹500
    await approvedDeposit(under.id, 5_000n); // under the ₹100 minimum
    expect(none.id).toBeDefined();

    await test.app.jobs.runNow(REFERRAL_JOB);
    await test.app.jobs.runNow(REFERRAL_JOB);
    const rewards = await mx.rewards(member.id, 'referral');
    expect(rewards.map((reward) => [reward.source_key, reward.amount_minor])).toEqual([
      [`referral:${small.id}`, 3_000n],
      [`referral:${big.id}`, 50_000n],
    ]);
    const value = await summary(member);
    expect(value.totalEarned).toBe('530.00');
    expect(value.friends.map((row) => row.earned).sort()).toEqual(['0.00', '0.00', '30.00', '500.00']);

    // The reward waits in the reward centre; its claim is a `referral` entry.
    const claim = await test.app.inject({
      method: 'POST',
      url: `/wps/member/rewards/${rewards[0]?.id}/claim`,
      headers: { ...auth(member.token), 'idempotency-key': `referral-claim-${member.id}` },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(await fx.entriesOfKind('referral')).toBeGreaterThanOrEqual(1);
  });

  it('answers activity_coming while the brand does not run referral, and pays nothing then', async () => {
    const member = await fx.member();
    const { code } = await summary(member);
    const friend = await registerWith(code);
    await approvedDeposit(friend.id, 50_000n);
    const setFlag = (enabled: boolean) =>
      test.database.db
        .updateTable('whitelabel_nodes')
        .set({ enabled })
        .where('brand_id', '=', fx.brandId)
        .where('mod_id', '=', 'REFERRAL3')
        .execute();
    await setFlag(false);
    try {
      const response = await test.app.inject({
        method: 'GET',
        url: '/wps/member/referral',
        headers: auth(member.token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('activity_coming');
      await test.app.jobs.runNow(REFERRAL_JOB);
      expect(await mx.rewards(member.id, 'referral')).toHaveLength(0);
    } finally {
      await setFlag(true);
    }
    await test.app.jobs.runNow(REFERRAL_JOB);
    expect(await mx.rewards(member.id, 'referral')).toHaveLength(1);
  });

  it('refuses visitors and trial accounts', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/wps/member/referral' })).statusCode).toBe(401);
    const trial = await fx.member();
    await fx.setTrial(trial.id, true);
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/referral',
      headers: auth(trial.token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('in_need_true_account');
  });
});
