import { randomUUID } from 'node:crypto';
import {
  type RewardClaimResult,
  type RewardList,
  rewardClaimResponse,
  rewardListResponse,
} from '@lotus/shared/rewards.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { expectIdempotent } from '../../../test/helpers/idempotency-check.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import { systemClock } from '../../lib/clock.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { RewardsService } from './rewards.service.ts';

type Member = Awaited<ReturnType<WalletFixture['member']>>;
const DAY_MS = 86_400_000;

describe.each(testBackends())('reward centre [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  let finance: string;
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
    member = await fx.member({ fundMinor: 50_000n });
    other = await fx.member();
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Grants through the back-office route; answers the new reward's id. */
  async function grant(
    username: string,
    amount: string,
    extra: { titleEn?: string; titleHi?: string; expiresAt?: string } = {},
  ): Promise<string> {
    const response = await test.app.inject({
      method: 'POST',
      url: '/wps/ops/rewards',
      headers: { ...auth(finance), 'idempotency-key': randomUUID() },
      payload: { username, titleEn: 'Weekly bonus', titleHi: 'साप्ताहिक बोनस', amount, ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.reward.id as string;
  }

  /** A reward that has already expired (granted two days ago, expired yesterday), written directly. */
  async function grantExpired(memberId: bigint, amountMinor = 700n): Promise<string> {
    const now = Date.now();
    const row = await test.database.db
      .insertInto('member_rewards')
      .values({
        brand_id: fx.brandId,
        member_id: memberId,
        title_en: 'Old reward',
        title_hi: 'पुराना इनाम',
        amount_minor: amountMinor,
        currency: 'INR',
        granted_at: new Date(now - 2 * DAY_MS),
        expires_at: new Date(now - DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id.toString();
  }

  const claim = (id: string, key: string = randomUUID(), token = member.token) =>
    test.app.inject({
      method: 'POST',
      url: `/wps/member/rewards/${id}/claim`,
      headers: { ...auth(token), 'idempotency-key': key },
    });

  async function list(status: string, token = member.token, extra = ''): Promise<RewardList> {
    const response = await test.app.inject({
      method: 'GET',
      url: `/wps/member/rewards?status=${status}${extra}`,
      headers: auth(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = rewardListResponse.parse(response.json());
    return body.value;
  }

  const countAudit = async (action: string, memberId: bigint) =>
    (
      await test.database.db
        .selectFrom('audit_log')
        .select(['id', 'operator_id', 'detail'])
        .where('action', '=', action)
        .where('member_id', '=', memberId)
        .execute()
    ).length;

  it('lists by status, newest first, with the title in the asked language and both titles', async () => {
    const someone = await fx.member();
    const first = await grant(someone.username, '10');
    const second = await grant(someone.username, '20.50', { titleEn: 'Second', titleHi: 'दूसरा' });
    const toClaim = await grant(someone.username, '5');
    const expired = await grantExpired(someone.id);
    expect((await claim(toClaim, randomUUID(), someone.token)).statusCode).toBe(200);

    const unclaimed = await list('unclaimed', someone.token);
    expect(unclaimed.list.map((reward) => reward.id)).toEqual([second, first]);
    expect(unclaimed).toMatchObject({ total: 2, page: 1, totalPages: 1, unclaimedCount: 2 });
    expect(unclaimed.list[0]).toMatchObject({
      title: 'Second',
      titleEn: 'Second',
      titleHi: 'दूसरा',
      amountMinor: '2050',
      amount: '20.50',
      currency: 'INR',
      expiresAt: null,
      claimedAt: null,
      status: 'unclaimed',
    });
    expect((await list('unclaimed', someone.token, '&language=hi')).list[0]?.title).toBe('दूसरा');

    const claimed = await list('claimed', someone.token);
    expect(claimed.list.map((reward) => [reward.id, reward.status])).toEqual([[toClaim, 'claimed']]);
    expect(claimed.list[0]?.claimedAt).not.toBeNull();
    expect(claimed.unclaimedCount).toBe(2);

    const gone = await list('expired', someone.token);
    expect(gone.list.map((reward) => [reward.id, reward.status])).toEqual([[expired, 'expired']]);

    // Default tab: unclaimed; page 2 is empty.
    expect((await list('unclaimed', someone.token, '&page=2')).list).toEqual([]);
    const count = await test.app.inject({
      method: 'GET',
      url: '/wps/member/rewards/count',
      headers: auth(someone.token),
    });
    expect(count.json().value).toEqual({ unclaimedCount: 2 });
  });

  it('claims: exactly the amount from the bonus account into the main wallet, recorded and audited', async () => {
    const id = await grant(member.username, '123.45');
    const before = await fx.main(member.id);
    const bonusBefore = await fx.ledger.systemBalance(fx.brandId, 'bonus');
    const response = await claim(id);
    expect(response.statusCode, response.body).toBe(200);
    const result: RewardClaimResult = rewardClaimResponse.parse(response.json()).value;
    expect(await fx.main(member.id)).toBe(before + 12_345n);
    expect(await fx.ledger.systemBalance(fx.brandId, 'bonus')).toBe(bonusBefore - 12_345n);
    expect(result.main.balanceMinor).toBe((before + 12_345n).toString());
    expect(result.reward).toMatchObject({ id, status: 'claimed', amount: '123.45' });

    const row = await test.database.db
      .selectFrom('member_rewards')
      .select(['claimed_at', 'claim_entry_id'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row.claim_entry_id?.toString()).toBe(result.entryId);
    const entry = await test.database.db
      .selectFrom('journal_entries')
      .select(['kind', 'idempotency_key'])
      .where('id', '=', BigInt(result.entryId))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ kind: 'reward', idempotency_key: `reward:${id}:claim` });

    // The account record shows it as a `reward`.
    const records = await test.app.inject({
      method: 'GET',
      url: '/wps/member/transactions?type=reward',
      headers: auth(member.token),
    });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json().value.list).toEqual([
      expect.objectContaining({ entryId: result.entryId, type: 'reward', amountMinor: '12345' }),
    ]);

    // The row is appended unsealed; the audit.seal job chains it.
    expect(await test.app.jobs.runNow('audit.seal')).toBe(true);
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select(['operator_id', 'detail', 'row_hash'])
      .where('action', '=', 'reward.claimed')
      .where('member_id', '=', member.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.operator_id).toBeNull();
    expect(audit[0]?.detail).toMatchObject({ by: 'member', rewardId: id, entryId: result.entryId });
    expect(audit[0]?.row_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('replays: 5× in a row and 5× at once with one key claim once; another reward under the key → 409', async () => {
    let current = await grant(member.username, '1.25');
    const spare = await grant(member.username, '2');
    await expectIdempotent({
      app: test.app,
      request: (key) => ({
        method: 'POST',
        url: `/wps/member/rewards/${current}/claim`,
        headers: { ...auth(member.token), 'idempotency-key': key },
      }),
      changed: (key) => ({
        method: 'POST',
        url: `/wps/member/rewards/${spare}/claim`,
        headers: { ...auth(member.token), 'idempotency-key': key },
      }),
      effect: () => fx.main(member.id),
      between: async () => {
        current = await grant(member.username, '1.25');
      },
    });
  });

  it('refuses a second claim under another key, also when fired at once', async () => {
    const id = await grant(member.username, '3');
    expect((await claim(id)).statusCode).toBe(200);
    const again = await claim(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('reward_already_claimed');

    const raced = await grant(member.username, '4');
    const before = await fx.main(member.id);
    // 50 at once (ARCHITECTURE §9): the claim is one guarded update under the reward row's lock.
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(raced)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(49).fill(409)]);
    expect(await fx.main(member.id)).toBe(before + 400n);
  });

  it('refuses an expired reward, another member’s reward and an unknown one', async () => {
    const expired = await grantExpired(member.id);
    const before = await fx.main(member.id);
    const refused = await claim(expired);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('reward_expired');

    const theirs = await grant(other.username, '9');
    const notMine = await claim(theirs);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('reward_not_found');
    const unknown = await claim('999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('reward_not_found');
    expect(await fx.main(member.id)).toBe(before);
    // Theirs is still theirs to claim.
    expect((await claim(theirs, randomUUID(), other.token)).statusCode).toBe(200);
  });

  it('an unexpired reward becomes unclaimable once its time has passed', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const id = await grant(member.username, '6', { expiresAt: soon });
    await test.database.db
      .updateTable('member_rewards')
      .set({ granted_at: new Date(Date.now() - 120_000), expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', BigInt(id))
      .execute();
    expect((await claim(id)).json().message).toBe('reward_expired');
  });

  it('needs the Idempotency-Key and a login', async () => {
    const id = await grant(member.username, '1');
    const noKey = await test.app.inject({
      method: 'POST',
      url: `/wps/member/rewards/${id}/claim`,
      headers: auth(member.token),
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('idempotency_key_required');
    const anonymous = await test.app.inject({ method: 'GET', url: '/wps/member/rewards' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses trial and type-4 accounts with in_need_true_account', async () => {
    const trial = await fx.member();
    const id = await grant(trial.username, '1');
    await fx.setTrial(trial.id, true);
    const guest = await fx.member({ type: 4 });
    for (const token of [trial.token, guest.token]) {
      for (const request of [
        { method: 'GET' as const, url: '/wps/member/rewards' },
        { method: 'GET' as const, url: '/wps/member/rewards/count' },
        {
          method: 'POST' as const,
          url: `/wps/member/rewards/${id}/claim`,
          headers: { 'idempotency-key': randomUUID() },
        },
      ]) {
        const response = await test.app.inject({
          ...request,
          headers: { ...auth(token), ...request.headers },
        });
        expect(response.statusCode, request.url).toBe(403);
        expect(response.json().message).toBe('in_need_true_account');
      }
    }
    // Nor are they granted any.
    const refused = await test.app.inject({
      method: 'POST',
      url: '/wps/ops/rewards',
      headers: { ...auth(finance), 'idempotency-key': randomUUID() },
      payload: { username: guest.username, titleEn: 'x', titleHi: 'x', amount: '1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('in_need_true_account');
  });

  describe('back office grant', () => {
    const post = (token: string, payload: Record<string, unknown>, key: string = randomUUID()) =>
      test.app.inject({
        method: 'POST',
        url: '/wps/ops/rewards',
        headers: { ...auth(token), 'idempotency-key': key },
        payload,
      });
    const valid = () => ({ username: other.username, titleEn: 'Gift', titleHi: 'उपहार', amount: '50' });

    it('is for finance and admin, audited, and idempotent', async () => {
      const support = await operatorTokenFor(test.app, test.database.db, 'support');
      const forbidden = await post(support, valid());
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe('operator_forbidden');
      const admin = await operatorTokenFor(test.app, test.database.db, 'admin');

      const rows = () =>
        test.database.db
          .selectFrom('member_rewards')
          .select('id')
          .where('member_id', '=', other.id)
          .execute()
          .then((found) => found.length);
      const auditBefore = await countAudit('reward.granted', other.id);
      await expectIdempotent({
        app: test.app,
        request: (key) => ({
          method: 'POST',
          url: '/wps/ops/rewards',
          headers: { ...auth(admin), 'idempotency-key': key },
          payload: valid(),
        }),
        changed: (key) => ({
          method: 'POST',
          url: '/wps/ops/rewards',
          headers: { ...auth(admin), 'idempotency-key': key },
          payload: { ...valid(), amount: '51' },
        }),
        effect: rows,
      });
      expect(await countAudit('reward.granted', other.id)).toBe(auditBefore + 2);
      const row = await test.database.db
        .selectFrom('member_rewards')
        .select(['granted_by', 'amount_minor', 'currency'])
        .where('member_id', '=', other.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.granted_by).not.toBeNull();
      expect(row).toMatchObject({ amount_minor: 5_000n, currency: 'INR' });
    });

    it.each([
      [{ amount: '0' }, 400, 'amount_invalid'],
      [{ amount: '-5' }, 400, 'amount_invalid'],
      [{ amount: '1.234' }, 400, 'amount_invalid'],
      [{ amount: 'ten' }, 400, 'amount_invalid'],
      [{ username: 'nobody_here' }, 404, 'not_found'],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 400, 'field_invalid'],
      [{ titleEn: 'x'.repeat(121) }, 400, 'invalid_request'],
      [{ titleHi: '   ' }, 400, 'invalid_request'],
    ])('refuses %o', async (change, status, code) => {
      const response = await post(finance, { ...valid(), ...change });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(code);
    });
  });

  describe('ops CLI reward:grant', () => {
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOpsCommand(argv, createOpsDeps(test.database.db), {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    it('is listed in the help', async () => {
      expect((await run('help')).out).toContain('reward:grant --member');
    });

    it('grants with an expiry, audited as the CLI', async () => {
      const someone = await fx.member();
      const result = await run(
        'reward:grant',
        '--member',
        someone.username,
        '--amount',
        '100.00',
        '--title-en',
        'Festival gift',
        '--title-hi',
        'त्योहार उपहार',
        '--expires-in-days',
        '3',
      );
      expect(result.code, result.err).toBe(0);
      const printed = JSON.parse(result.out);
      expect(printed).toMatchObject({
        username: someone.username,
        reward: { amount: '100.00', titleEn: 'Festival gift', status: 'unclaimed' },
      });
      const expires = new Date(printed.reward.expiresAt).getTime();
      expect(Math.abs(expires - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
      const audit = await test.database.db
        .selectFrom('audit_log')
        .select(['operator_id', 'ip', 'detail'])
        .where('action', '=', 'reward.granted')
        .where('member_id', '=', someone.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ operator_id: null, ip: 'cli', detail: { via: 'cli' } });
      expect((await list('unclaimed', someone.token)).unclaimedCount).toBe(1);
    });

    it.each([
      [['reward:grant', '--member', 'x'], 'usage: npm run ops -- reward:grant'],
      [['reward:grant', '--member', 'x', '--amount', '1', '--title-en', 'a', '--title-hi'], 'usage:'],
      [['reward:grant', '--colour', 'red'], 'usage:'],
    ])('prints its usage for %o', async (argv, text) => {
      const result = await run(...argv);
      expect(result.code).toBe(1);
      expect(result.err).toContain(text);
    });

    it('refuses a bad amount, expiry or member', async () => {
      const base = ['reward:grant', '--member', other.username, '--title-en', 'a', '--title-hi', 'b'];
      expect((await run(...base, '--amount', 'abc')).err).toContain('error:');
      expect((await run(...base, '--amount', '1', '--expires-in-days', '0')).code).toBe(1);
      const unknown = await run(
        ...base.map((arg) => (arg === other.username ? 'no_such_member' : arg)),
        '--amount',
        '1',
      );
      expect(unknown.code).toBe(1);
    });
  });

  it('countUnclaimed counts what can still be claimed', async () => {
    const service = new RewardsService({
      db: test.database.db,
      ledger: new LedgerService(test.database.db),
      clock: systemClock,
    });
    const someone = await fx.member();
    expect(await service.countUnclaimed(someone.id)).toBe(0);
    const a = await grant(someone.username, '1');
    await grant(someone.username, '2');
    await grantExpired(someone.id);
    expect(await service.countUnclaimed(someone.id)).toBe(2);
    await claim(a, randomUUID(), someone.token);
    expect(await service.countUnclaimed(someone.id)).toBe(1);
  });

  it('the header count (CSP_unreadCount) carries the unclaimed rewards, as the app wires it', async () => {
    const someone = await fx.member();
    const counts = async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/wps/relay/CSP_unreadCount',
        headers: auth(someone.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value as { messageCount: number; rewardCount: number };
    };
    expect((await counts()).rewardCount).toBe(0);
    const id = await grant(someone.username, '3');
    await grant(someone.username, '4');
    expect((await counts()).rewardCount).toBe(2);
    expect((await claim(id, randomUUID(), someone.token)).statusCode).toBe(200);
    expect((await counts()).rewardCount).toBe(1);
  });

  it('the demo seed gives demo_player one unclaimed welcome reward, once', async () => {
    const welcome = () =>
      test.database.db
        .selectFrom('member_rewards')
        .innerJoin('members', 'members.id', 'member_rewards.member_id')
        .select(['member_rewards.amount_minor', 'member_rewards.claimed_at', 'member_rewards.granted_by'])
        .where('members.username', '=', 'demo_player')
        .execute();
    expect(await welcome()).toEqual([{ amount_minor: 10_000n, claimed_at: null, granted_by: null }]);
    await seedDatabase(test.database.db);
    expect(await welcome()).toHaveLength(1);
  });
});
