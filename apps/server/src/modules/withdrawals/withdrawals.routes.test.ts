import { randomUUID } from 'node:crypto';
import {
  payoutAccountsResponse,
  withdrawalListResponse,
  withdrawalResponse,
  withdrawPasswordStatusResponse,
} from '@lotus/shared/withdrawals.schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { expectIdempotent } from '../../../test/helpers/idempotency-check.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { sealFor } from '../../../test/helpers/login-helper.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { TINY_GIF, TINY_PNG } from '../../../test/helpers/tiny-images.ts';
import {
  type FixtureMember,
  PAY_PASSWORD,
  WithdrawalFixture,
} from '../../../test/helpers/withdrawal-fixture.ts';
import { manualClock } from '../../lib/clock.ts';
import { WithdrawPasswordService } from './withdraw-password.service.ts';
import { AUTO_RECEIPT_JOB } from './withdrawals-module.ts';

const RECEIPT_MINUTES = 10;
const MINUTE = 60_000;

describe.each(testBackends())('withdrawals [%s]', (backend) => {
  let test: TestApp;
  let fx: WithdrawalFixture;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = new WithdrawalFixture(test.app, test.database.db, clock);
    await fx.init();
    await test.database.db
      .updateTable('brands')
      .set({ withdrawal_receipt_minutes: RECEIPT_MINUTES })
      .where('id', '=', fx.brandId)
      .execute();
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const get = (url: string, member: FixtureMember) =>
    test.app.inject({ method: 'GET', url, headers: member.headers });
  const messageOf = (response: { json: () => unknown }) => (response.json() as { message: string }).message;
  const valueIn = <T>(response: { json: () => unknown }) => (response.json() as { value: T }).value;
  const withdrawalOf = (response: { json: () => unknown }) =>
    withdrawalResponse.parse(response.json()).value.withdrawal;

  const receipt = (
    member: FixtureMember,
    id: string,
    fields: Record<string, string>,
    files: { bytes: Buffer; type?: string }[] = [],
    key: string | null = randomUUID(),
  ): InjectOptions => {
    const body = multipartBody(
      fields,
      files.map((file) => ({
        field: 'proof',
        filename: 'proof.png',
        contentType: file.type ?? 'image/png',
        bytes: file.bytes,
      })),
    );
    return {
      method: 'POST',
      url: `/wps/member/withdrawals/${id}/receipt`,
      headers: { ...member.headers, ...body.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body.payload,
    };
  };

  describe('payment password', () => {
    it('is unset at first, set once with the login password, changed with the old one', async () => {
      const member = await fx.member();
      const status = await get('/wps/member/withdraw-password', member);
      expect(withdrawPasswordStatusResponse.parse(status.json()).value).toEqual({ isSet: false });

      const wrongLogin = await fx.setPayPassword(member, { loginPassword: 'nope', newPassword: 'Abc12345' });
      expect(wrongLogin.statusCode).toBe(400);
      expect(messageOf(wrongLogin)).toBe('old_password_error');

      for (const newPassword of ['short', 'has space 123', 'x'.repeat(21), 'Ab-12345']) {
        const bad = await fx.setPayPassword(member, { loginPassword: member.password, newPassword });
        expect(bad.statusCode, newPassword).toBe(400);
        expect(messageOf(bad)).toBe('field_invalid');
      }
      const sameAsLogin = await fx.setPayPassword(member, {
        loginPassword: member.password,
        newPassword: member.password,
      });
      expect(sameAsLogin.statusCode).toBe(400);
      expect(valueIn<{ check: string }>(sameAsLogin).check).toBe('same_as_login_password');

      const set = await fx.setPayPassword(member, {
        loginPassword: member.password,
        newPassword: 'First123',
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(withdrawPasswordStatusResponse.parse(set.json()).value).toEqual({ isSet: true });
      expect(valueIn(await get('/wps/member/withdraw-password', member))).toEqual({ isSet: true });

      const again = await fx.setPayPassword(member, {
        loginPassword: member.password,
        newPassword: 'Other123',
      });
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe('withdraw_password_already_set');

      const wrongOld = await fx.setPayPassword(member, { oldPassword: 'Wrong123', newPassword: 'Second12' });
      expect(wrongOld.statusCode).toBe(403);
      expect(messageOf(wrongOld)).toBe('withdraw_password_error');
      const changed = await fx.setPayPassword(member, { oldPassword: 'First123', newPassword: 'Second12' });
      expect(changed.statusCode, changed.body).toBe(200);

      const passwords = new WithdrawPasswordService(test.database.db, clock);
      await expect(passwords.verify(member.id, 'Second12')).resolves.toBeUndefined();
      await expect(passwords.verify(member.id, 'First123')).rejects.toMatchObject({
        code: 'withdraw_password_error',
      });
      const audit = await test.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('member_id', '=', member.id)
        .where('action', 'like', 'withdraw_password.%')
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['withdraw_password.set', 'withdraw_password.changed']);
    });

    it('refuses a change before one is set, unsealed bodies and payloads of the wrong shape', async () => {
      const member = await fx.member();
      const notSet = await fx.setPayPassword(member, { oldPassword: 'Abc12345', newPassword: 'Abc123456' });
      expect(notSet.statusCode).toBe(422);
      expect(messageOf(notSet)).toBe('withdraw_password_not_set');
      const plain = await test.app.inject({
        method: 'PUT',
        url: '/wps/member/withdraw-password',
        headers: member.headers,
        payload: { loginPassword: member.password, newPassword: 'Abc12345' },
      });
      expect(plain.statusCode).toBe(400);
      const extra = await fx.setPayPassword(member, {
        loginPassword: member.password,
        oldPassword: 'x',
        newPassword: 'Abc12345',
      });
      expect(extra.statusCode).toBe(400);
      expect(messageOf(extra)).toBe('invalid_request');
    });

    it('locks after five wrong answers in a row for 15 minutes, then counts afresh', async () => {
      const passwords = new WithdrawPasswordService(test.database.db, clock);
      const member = await fx.member();
      await expect(passwords.verify(member.id, 'Abc12345')).rejects.toMatchObject({
        code: 'withdraw_password_not_set',
      });
      await fx.setPayPassword(member, { loginPassword: member.password, newPassword: PAY_PASSWORD });
      await passwords.verify(member.id, 'Wrong1').catch(() => {});
      await passwords.verify(member.id, PAY_PASSWORD); // a right answer resets the count
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await expect(passwords.verify(member.id, `Wrong${attempt}`)).rejects.toMatchObject({
          code: 'withdraw_password_error',
          details: { remainingAttempts: 5 - attempt },
        });
      }
      await expect(passwords.verify(member.id, 'Wrong5')).rejects.toMatchObject({
        code: 'withdraw_password_locked',
      });
      await expect(passwords.verify(member.id, PAY_PASSWORD)).rejects.toMatchObject({
        code: 'withdraw_password_locked',
      });
      clock.advance(15 * MINUTE + 1000);
      await expect(passwords.verify(member.id, 'Wrong6')).rejects.toMatchObject({
        code: 'withdraw_password_error',
        details: { remainingAttempts: 4 },
      });
      await expect(passwords.verify(member.id, PAY_PASSWORD)).resolves.toBeUndefined();
      const row = await test.database.db
        .selectFrom('members')
        .select(['withdraw_password_failures', 'withdraw_password_locked_until'])
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ withdraw_password_failures: 0, withdraw_password_locked_until: null });
    });

    it('locks the withdrawal route after five wrong payment passwords', async () => {
      const member = await fx.readyMember(100_000n);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await fx.requestWithdrawal(member, {
          payoutAccountId: member.accountId,
          amount: '200',
          withdrawPassword: 'Wrong999',
        });
        expect(response.statusCode).toBe(attempt < 5 ? 403 : 423);
        expect(messageOf(response)).toBe(
          attempt < 5 ? 'withdraw_password_error' : 'withdraw_password_locked',
        );
      }
      const locked = await fx.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: '200' });
      expect(locked.statusCode).toBe(423);
      expect((await fx.balance(member.id)).heldMinor).toBe(0n);
      // The answer that locked is audited once, with the request's ip; answers refused while locked are not.
      const audit = await test.database.db
        .selectFrom('audit_log')
        .select(['ip', 'detail'])
        .where('member_id', '=', member.id)
        .where('action', '=', 'withdraw_password.locked')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ ip: '127.0.0.1', detail: { failures: 5 } });
    });
  });

  describe('payout accounts', () => {
    it('keeps one payee name, checks IFSC, masks numbers, allows five and deletes', async () => {
      const member = await fx.member();
      const bank = {
        kind: 'bank',
        provider: 'HDFC Bank',
        accountNumber: '50100012345678',
        ifsc: 'HDFC0001234',
      };
      const noPayee = await fx.addAccount(member, bank);
      expect(noPayee.statusCode).toBe(400);
      expect(valueIn<{ field: string }>(noPayee).field).toBe('payeeName');

      for (const ifsc of [undefined, 'HDFC1001234', 'HDF0001234', 'HDFC000123']) {
        const body: Record<string, string> = { ...bank, payeeName: 'Asha Verma' };
        if (ifsc === undefined) delete body.ifsc;
        else body.ifsc = ifsc;
        const response = await fx.addAccount(member, body);
        expect(response.statusCode, String(ifsc)).toBe(400);
        expect(messageOf(response)).toBe('field_invalid');
      }
      for (const body of [
        { ...bank, kind: 'card', payeeName: 'Asha Verma' },
        { ...bank, accountNumber: '12', payeeName: 'Asha Verma' },
        { ...bank, accountNumber: '1234 5678', payeeName: 'Asha Verma' },
        { ...bank, provider: '', payeeName: 'Asha Verma' },
      ]) {
        const response = await fx.addAccount(member, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(messageOf(response)).toBe('invalid_request');
      }

      const first = await fx.addAccount(member, { ...bank, ifsc: 'hdfc0001234', payeeName: 'Asha Verma' });
      expect(first.statusCode, first.body).toBe(200);
      const list = payoutAccountsResponse.parse(first.json()).value;
      expect(list.payeeName).toBe('Asha Verma');
      expect(list.accounts).toEqual([
        {
          id: expect.any(String),
          kind: 'bank',
          provider: 'HDFC Bank',
          accountNumberMasked: '****5678',
          ifsc: 'HDFC0001234',
          payeeName: 'Asha Verma',
        },
      ]);
      expect(first.body).not.toContain('50100012345678');

      const otherPayee = await fx.addAccount(member, {
        kind: 'ewallet',
        provider: 'Paytm',
        accountNumber: 'asha@paytm',
        payeeName: 'Someone Else',
      });
      expect(otherPayee.statusCode).toBe(400);
      expect(valueIn<{ field: string }>(otherPayee).field).toBe('payeeName');

      const ewallet = await fx.addAccount(member, {
        kind: 'ewallet',
        provider: 'Paytm',
        accountNumber: 'asha@paytm',
      });
      expect(ewallet.statusCode, ewallet.body).toBe(200);
      expect(payoutAccountsResponse.parse(ewallet.json()).value.accounts[1]).toMatchObject({
        kind: 'ewallet',
        ifsc: null,
        payeeName: 'Asha Verma',
        accountNumberMasked: '****aytm',
      });
      for (let index = 0; index < 3; index += 1) {
        const response = await fx.addAccount(member, {
          kind: 'ewallet',
          provider: 'UPI',
          accountNumber: `asha${index}@upi`,
          payeeName: 'Asha Verma',
        });
        expect(response.statusCode).toBe(200);
      }
      const sixth = await fx.addAccount(member, {
        kind: 'ewallet',
        provider: 'UPI',
        accountNumber: 'six@upi',
      });
      expect(sixth.statusCode).toBe(422);
      expect(messageOf(sixth)).toBe('payout_account_limit');

      const all = payoutAccountsResponse.parse(
        (await get('/wps/member/payout-accounts', member)).json(),
      ).value;
      expect(all.accounts).toHaveLength(5);
      const removeId = all.accounts[0]?.id ?? '';
      const removed = await test.app.inject({
        method: 'DELETE',
        url: `/wps/member/payout-accounts/${removeId}`,
        headers: member.headers,
      });
      expect(removed.statusCode).toBe(200);
      expect(payoutAccountsResponse.parse(removed.json()).value.accounts.map((a) => a.id)).not.toContain(
        removeId,
      );
      const removedAgain = await test.app.inject({
        method: 'DELETE',
        url: `/wps/member/payout-accounts/${removeId}`,
        headers: member.headers,
      });
      expect(removedAgain.statusCode).toBe(404);
      expect(messageOf(removedAgain)).toBe('payout_account_not_found');
      const afterDelete = await fx.addAccount(member, {
        kind: 'ewallet',
        provider: 'UPI',
        accountNumber: 'six@upi',
      });
      expect(afterDelete.statusCode).toBe(200);

      // Another member cannot remove it, and a bad id is a 400.
      const stranger = await fx.member();
      const foreign = await test.app.inject({
        method: 'DELETE',
        url: `/wps/member/payout-accounts/${all.accounts[1]?.id}`,
        headers: stranger.headers,
      });
      expect(foreign.statusCode).toBe(404);
      const badId = await test.app.inject({
        method: 'DELETE',
        url: '/wps/member/payout-accounts/abc',
        headers: stranger.headers,
      });
      expect(badId.statusCode).toBe(400);
    });

    it('refuses trial and type-4 accounts and visitors', async () => {
      for (const options of [{ isTrial: true }, { memberType: 4 }]) {
        const member = await fx.member(options);
        for (const response of [
          await get('/wps/member/payout-accounts', member),
          await get('/wps/member/withdraw-password', member),
          await get('/wps/member/withdrawals', member),
          await fx.requestWithdrawal(member, { payoutAccountId: '1', amount: '500' }),
        ]) {
          expect(response.statusCode).toBe(403);
          expect(messageOf(response)).toBe('in_need_true_account');
        }
      }
      const visitor = await test.app.inject({ method: 'GET', url: '/wps/member/withdrawals' });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('requesting a withdrawal', () => {
    it('holds the amount at once and lists it as pending', async () => {
      const member = await fx.readyMember(500_000n);
      const response = await fx.requestWithdrawal(member, {
        payoutAccountId: member.accountId,
        amount: '1500.50',
      });
      expect(response.statusCode, response.body).toBe(200);
      const withdrawal = withdrawalOf(response);
      expect(withdrawal).toEqual({
        id: expect.any(String),
        amountMinor: '150050',
        amount: '1500.50',
        status: 'pending',
        payoutAccount: { provider: 'State Bank of India', accountNumberMasked: '****9012' },
        createdAt: expect.any(String),
        decidedAt: null,
        rejectReason: null,
        receipt: null,
      });
      const balance = await fx.balance(member.id);
      expect(balance).toMatchObject({
        balanceMinor: 500_000n,
        heldMinor: 150_050n,
        availableMinor: 349_950n,
      });
      const wallet = await test.app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: member.headers,
      });
      expect(valueIn<{ balanceMinor: string }>(wallet).balanceMinor).toBe('349950');

      await fx.pendingWithdrawal(member, '200');
      const list = withdrawalListResponse.parse((await get('/wps/member/withdrawals', member)).json()).value;
      expect(list).toMatchObject({ pageNo: 1, pageSize: 20, total: 2, totalPages: 1 });
      expect(list.list.map((item) => item.amount)).toEqual(['200.00', '1500.50']);
      const page2 = withdrawalListResponse.parse(
        (await get('/wps/member/withdrawals?pageNo=2&pageSize=1', member)).json(),
      ).value;
      expect(page2).toMatchObject({ pageNo: 2, pageSize: 1, total: 2, totalPages: 2 });
      expect(page2.list.map((item) => item.id)).toEqual([withdrawal.id]);
      expect((await get('/wps/member/withdrawals?pageSize=500', member)).statusCode).toBe(400);

      // No cancel by the member.
      const cancel = await test.app.inject({
        method: 'DELETE',
        url: `/wps/member/withdrawals/${withdrawal.id}`,
        headers: member.headers,
      });
      expect(cancel.statusCode).toBe(404);
      const other = await fx.member();
      expect(
        withdrawalListResponse.parse((await get('/wps/member/withdrawals', other)).json()).value.total,
      ).toBe(0);
    });

    it('refuses bad input with 4xx and leaves nothing behind', async () => {
      const member = await fx.readyMember(100_000n);
      const cases: [{ amount: string; payoutAccountId?: string }, number, string][] = [
        [{ amount: 'abc' }, 400, 'amount_invalid'],
        [{ amount: '-5' }, 400, 'amount_invalid'],
        [{ amount: '1.234' }, 400, 'amount_invalid'],
        [{ amount: '0' }, 400, 'amount_invalid'],
        [{ amount: '1e5' }, 400, 'amount_invalid'],
        [{ amount: '99.99' }, 422, 'amount_below_minimum'],
        [{ amount: '100000.01' }, 422, 'amount_above_maximum'],
        [{ amount: '1000.01' }, 409, 'insufficient_funds'],
        [{ amount: '500', payoutAccountId: '999999' }, 404, 'payout_account_not_found'],
        [{ amount: '500', payoutAccountId: 'x1' }, 400, 'invalid_request'],
      ];
      for (const [payload, status, message] of cases) {
        const response = await fx.requestWithdrawal(member, {
          payoutAccountId: member.accountId,
          ...payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(status);
        expect(messageOf(response)).toBe(message);
      }
      const below = await fx.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: '50' });
      expect(valueIn(below)).toEqual({ min: '100.00' });

      const noKey = await fx.requestWithdrawal(
        member,
        { payoutAccountId: member.accountId, amount: '500' },
        null,
      );
      expect(noKey.statusCode).toBe(400);
      expect(messageOf(noKey)).toBe('idempotency_key_required');

      // Another member's payout account, and a removed one.
      const other = await fx.readyMember(0n);
      const foreign = await fx.requestWithdrawal(member, { payoutAccountId: other.accountId, amount: '500' });
      expect(foreign.statusCode).toBe(404);

      const noPassword = await fx.member();
      await fx.fund(noPassword.id, 100_000n);
      const account = await fx.addAccount(noPassword, {
        kind: 'ewallet',
        provider: 'UPI',
        accountNumber: 'np@upi',
        payeeName: 'No Password',
      });
      const accountId = payoutAccountsResponse.parse(account.json()).value.accounts[0]?.id ?? '';
      const notSet = await fx.requestWithdrawal(noPassword, { payoutAccountId: accountId, amount: '500' });
      expect(notSet.statusCode).toBe(422);
      expect(messageOf(notSet)).toBe('withdraw_password_not_set');

      expect(await fx.balance(member.id)).toMatchObject({ balanceMinor: 100_000n, heldMinor: 0n });
      const rows = await test.database.db
        .selectFrom('withdrawals')
        .select('id')
        .where('member_id', '=', member.id)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('is idempotent: one key, one withdrawal', async () => {
      const member = await fx.readyMember(1_000_000n);
      const count = async () =>
        (
          await test.database.db
            .selectFrom('withdrawals')
            .select('id')
            .where('member_id', '=', member.id)
            .execute()
        ).length;
      // A sealed body opens the same every time, so one sealed per amount serves every key.
      const sealed250 = await sealFor(test.app, {
        payoutAccountId: member.accountId,
        amount: '250',
        withdrawPassword: PAY_PASSWORD,
      });
      const sealed251 = await sealFor(test.app, {
        payoutAccountId: member.accountId,
        amount: '251',
        withdrawPassword: PAY_PASSWORD,
      });
      const withKey = (key: string, payload: unknown): InjectOptions => ({
        method: 'POST',
        url: '/wps/member/withdrawals',
        headers: { ...member.headers, 'idempotency-key': key },
        payload: payload as Record<string, string>,
      });
      await expectIdempotent({
        app: test.app,
        request: (key) => withKey(key, sealed250),
        changed: (key) => withKey(key, sealed251),
        effect: count,
      });
      const available = (await fx.balance(member.id)).availableMinor;
      expect(available).toBe(1_000_000n - 2n * 25_000n);
    });
  });

  describe('back office', () => {
    let finance: string;
    let support: string;
    let admin: string;
    beforeAll(async () => {
      finance = await operatorTokenFor(test.app, test.database.db, 'finance');
      support = await operatorTokenFor(test.app, test.database.db, 'support');
      admin = await operatorTokenFor(test.app, test.database.db, 'admin');
    });
    const opsGet = (token: string, url: string) =>
      test.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    type OpsView = {
      id: string;
      status: string;
      username: string;
      hasProof: boolean;
      payoutAccount: { accountNumber: string };
      receipt: {
        status: string;
        deadline: string | null;
        receivedMinor: string | null;
        remainderMinor: string | null;
        investigation: string | null;
      } | null;
    };
    const opsWithdrawal = (response: { json: () => unknown }) =>
      valueIn<{ withdrawal: OpsView }>(response).withdrawal;
    const pay = (id: string, token = finance, key: string | null = randomUUID()) =>
      fx.opsPost(token, `/wps/ops/withdrawals/${id}/pay`, undefined, key);
    const reject = (id: string, reason?: string, token = finance, key: string | null = randomUUID()) =>
      fx.opsPost(token, `/wps/ops/withdrawals/${id}/reject`, reason === undefined ? {} : { reason }, key);
    const investigate = (id: string, body: Record<string, string>, token = finance) =>
      fx.opsPost(token, `/wps/ops/withdrawals/${id}/investigation`, body);
    const memberView = async (member: FixtureMember, id: string) => {
      const list = withdrawalListResponse.parse(
        (await get('/wps/member/withdrawals?pageSize=100', member)).json(),
      );
      const found = list.value.list.find((item) => item.id === id);
      if (!found) throw new Error(`withdrawal ${id} not listed`);
      return found;
    };
    /** A member with a withdrawal of ₹1,000 paid out (receipt awaited). */
    const paidWithdrawal = async () => {
      const member = await fx.readyMember(300_000n);
      const id = await fx.pendingWithdrawal(member, '1000');
      const paid = await pay(id);
      if (paid.statusCode !== 200) throw new Error(`pay: ${paid.body}`);
      return { member, id };
    };

    it('lets only operators in, support read and finance act', async () => {
      const member = await fx.readyMember(300_000n);
      const id = await fx.pendingWithdrawal(member, '1000');
      expect((await test.app.inject({ method: 'GET', url: '/wps/ops/withdrawals' })).statusCode).toBe(401);
      expect((await opsGet(member.token, '/wps/ops/withdrawals')).statusCode).toBe(401);
      const listed = await opsGet(support, '/wps/ops/withdrawals?status=pending');
      expect(listed.statusCode).toBe(200);
      const row = valueIn<{ list: OpsView[] }>(listed).list.find((item) => item.id === id);
      expect(row).toMatchObject({ status: 'pending', username: member.username });
      expect(row?.payoutAccount.accountNumber).toBe('123456789012');
      expect((await opsGet(support, '/wps/ops/withdrawals?status=bogus')).statusCode).toBe(400);

      for (const response of [
        await pay(id, support),
        await reject(id, 'no', support),
        await investigate(id, { outcome: 'paid', reason: 'x' }, support),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(messageOf(response)).toBe('operator_forbidden');
      }
      const byMember = await fx.opsPost(member.token, `/wps/ops/withdrawals/${id}/pay`);
      expect(byMember.statusCode).toBe(401);
      const noKey = await pay(id, finance, null);
      expect(noKey.statusCode).toBe(400);
      expect(messageOf(noKey)).toBe('idempotency_key_required');
      expect((await pay('999999')).statusCode).toBe(404);
      // Admin always passes.
      expect((await pay(id, admin)).statusCode).toBe(200);
    });

    it('pays out: the hold leaves the wallet for clearing, the receipt is awaited until the deadline', async () => {
      const member = await fx.readyMember(300_000n);
      const id = await fx.pendingWithdrawal(member, '1000');
      const clearingBefore = await fx.clearingBalance();
      const paid = await pay(id);
      expect(paid.statusCode, paid.body).toBe(200);
      const view = opsWithdrawal(paid);
      expect(view.status).toBe('paid');
      expect(view.receipt).toMatchObject({ status: 'awaiting', receivedMinor: null, investigation: null });
      expect(new Date(view.receipt?.deadline ?? '').getTime()).toBe(
        clock.now().getTime() + RECEIPT_MINUTES * MINUTE,
      );
      expect(await fx.balance(member.id)).toMatchObject({
        balanceMinor: 200_000n,
        heldMinor: 0n,
        availableMinor: 200_000n,
      });
      expect(await fx.clearingBalance()).toBe(clearingBefore + 100_000n);
      const entry = await test.database.db
        .selectFrom('journal_entries')
        .select(['kind', 'created_by'])
        .where('idempotency_key', '=', `withdrawal:${id}:pay`)
        .executeTakeFirstOrThrow();
      expect(entry.kind).toBe('withdrawal');
      const audit = await fx.auditRows('withdrawal.paid', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.operator_id).not.toBeNull();
      expect(audit[0]?.member_id).toBe(member.id);

      const again = await pay(id);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe('withdrawal_not_pending');
      expect((await reject(id, 'late')).statusCode).toBe(409);
      expect((await memberView(member, id)).status).toBe('paid');
    });

    it('rejects with a reason: the hold is released and the member sees why', async () => {
      const member = await fx.readyMember(300_000n);
      const id = await fx.pendingWithdrawal(member, '1000');
      expect((await fx.balance(member.id)).availableMinor).toBe(200_000n);
      for (const reason of [undefined, '', '   ']) {
        const response = await reject(id, reason);
        expect(response.statusCode).toBe(400);
        expect(messageOf(response)).toBe('reason_required');
      }
      const tooLong = await reject(id, 'x'.repeat(501));
      expect(tooLong.statusCode).toBe(400);
      const rejected = await reject(id, 'Account name does not match');
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(await fx.balance(member.id)).toMatchObject({ balanceMinor: 300_000n, heldMinor: 0n });
      const view = await memberView(member, id);
      expect(view).toMatchObject({ status: 'rejected', rejectReason: 'Account name does not match' });
      expect(view.decidedAt).not.toBeNull();
      expect((await pay(id)).statusCode).toBe(409);
      const audit = await fx.auditRows('withdrawal.rejected', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.detail).toMatchObject({ reason: 'Account name does not match' });
    });

    it('takes "received" once, before the deadline only', async () => {
      const member = await fx.readyMember(300_000n);
      const pending = await fx.pendingWithdrawal(member, '500');
      const early = await test.app.inject(receipt(member, pending, { status: 'received' }));
      expect(early.statusCode).toBe(409);
      expect(messageOf(early)).toBe('withdrawal_not_awaiting_receipt');

      const { member: owner, id } = await paidWithdrawal();
      const stranger = await fx.readyMember(0n);
      expect((await test.app.inject(receipt(stranger, id, { status: 'received' }))).statusCode).toBe(404);
      const noKey = await test.app.inject(receipt(owner, id, { status: 'received' }, [], null));
      expect(noKey.statusCode).toBe(400);
      expect(messageOf(noKey)).toBe('idempotency_key_required');
      const json = await test.app.inject({
        method: 'POST',
        url: `/wps/member/withdrawals/${id}/receipt`,
        headers: { ...owner.headers, 'idempotency-key': randomUUID() },
        payload: { status: 'received' },
      });
      expect(json.statusCode).toBe(415);
      for (const fields of [{ status: 'maybe' }, { status: 'received', extra: '1' }, {}] as Record<
        string,
        string
      >[]) {
        const bad = await test.app.inject(receipt(owner, id, fields));
        expect(bad.statusCode, JSON.stringify(fields)).toBe(400);
      }

      // A form's empty amount input is no amount.
      const received = await test.app.inject(receipt(owner, id, { status: 'received', receivedAmount: '' }));
      expect(received.statusCode, received.body).toBe(200);
      expect(withdrawalOf(received).receipt).toMatchObject({
        status: 'received',
        receivedMinor: '100000',
        received: '1000.00',
        remainderMinor: '0',
        investigation: null,
      });
      const twice = await test.app.inject(
        receipt(owner, id, { status: 'not_received' }, [{ bytes: TINY_PNG }]),
      );
      expect(twice.statusCode).toBe(409);
      expect(messageOf(twice)).toBe('withdrawal_not_awaiting_receipt');
    });

    it('takes "not received" only with a proof image, opens an investigation, and refunds on it', async () => {
      const { member, id } = await paidWithdrawal();
      const noProof = await test.app.inject(receipt(member, id, { status: 'not_received' }));
      expect(noProof.statusCode).toBe(400);
      expect(messageOf(noProof)).toBe('proof_required');
      const gif = await test.app.inject(
        receipt(member, id, { status: 'not_received' }, [{ bytes: TINY_GIF }]),
      );
      expect(gif.statusCode).toBe(415);
      expect(messageOf(gif)).toBe('upload_type');
      const big = await test.app.inject(
        receipt(member, id, { status: 'not_received' }, [
          { bytes: Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]) },
        ]),
      );
      expect(big.statusCode).toBe(413);
      expect(messageOf(big)).toBe('upload_too_large');

      const answered = await test.app.inject(
        receipt(member, id, { status: 'not_received', note: 'Nothing arrived' }, [{ bytes: TINY_PNG }]),
      );
      expect(answered.statusCode, answered.body).toBe(200);
      expect(withdrawalOf(answered).receipt).toMatchObject({
        status: 'not_received',
        receivedMinor: '0',
        remainderMinor: '100000',
        investigation: 'open',
      });

      const own = await get(`/wps/member/withdrawals/${id}/proof`, member);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.rawPayload.equals(TINY_PNG)).toBe(true);
      expect((await get(`/wps/member/withdrawals/${id}/proof`, await fx.member())).statusCode).toBe(404);
      const opsProof = await opsGet(support, `/wps/ops/withdrawals/${id}/proof`);
      expect(opsProof.statusCode).toBe(200);
      expect(opsProof.rawPayload.equals(TINY_PNG)).toBe(true);
      const open = valueIn<{ list: OpsView[] }>(
        await opsGet(support, '/wps/ops/withdrawals?status=investigation'),
      );
      expect(open.list.find((item) => item.id === id)).toMatchObject({ hasProof: true });

      expect((await investigate(id, { outcome: 'refund' })).statusCode).toBe(400);
      expect(messageOf(await investigate(id, { outcome: 'refund', reason: ' ' }))).toBe('reason_required');
      expect((await investigate(id, { outcome: 'later', reason: 'x' })).statusCode).toBe(400);

      const before = await fx.balance(member.id);
      const clearing = await fx.clearingBalance();
      const refunded = await investigate(id, { outcome: 'refund', reason: 'Bank returned the transfer' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(opsWithdrawal(refunded).receipt?.investigation).toBe('closed');
      expect((await fx.balance(member.id)).balanceMinor).toBe(before.balanceMinor + 100_000n);
      expect(await fx.clearingBalance()).toBe(clearing - 100_000n);
      const again = await investigate(id, { outcome: 'refund', reason: 'again' });
      expect(again.statusCode).toBe(409);
      expect((await fx.balance(member.id)).balanceMinor).toBe(before.balanceMinor + 100_000n);
      const audit = await fx.auditRows('withdrawal.investigation_closed', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.detail).toMatchObject({ outcome: 'refund', refundedMinor: '100000' });
      expect((await memberView(member, id)).receipt?.investigation).toBe('closed');
    });

    it('takes "partly received" with an amount strictly inside the withdrawal; refunds the rest or closes as paid', async () => {
      const { member, id } = await paidWithdrawal();
      for (const receivedAmount of [undefined, '0', '1000', '1000.01', 'abc', '-1']) {
        const fields: Record<string, string> = { status: 'partly_received' };
        if (receivedAmount !== undefined) fields.receivedAmount = receivedAmount;
        const response = await test.app.inject(receipt(member, id, fields));
        expect(response.statusCode, String(receivedAmount)).toBe(400);
        expect(messageOf(response)).toBe('received_amount_invalid');
      }
      const withAmount = await test.app.inject(
        receipt(member, id, { status: 'received', receivedAmount: '5' }),
      );
      expect(withAmount.statusCode).toBe(400);
      const blankAmount = await test.app.inject(
        receipt(member, id, { status: 'partly_received', receivedAmount: ' ' }),
      );
      expect(messageOf(blankAmount)).toBe('received_amount_invalid');
      const partly = await test.app.inject(
        receipt(member, id, { status: 'partly_received', receivedAmount: '600.50' }),
      );
      expect(partly.statusCode, partly.body).toBe(200);
      expect(withdrawalOf(partly).receipt).toMatchObject({
        status: 'partly_received',
        receivedMinor: '60050',
        received: '600.50',
        remainderMinor: '39950',
        remainder: '399.50',
        investigation: 'open',
      });
      const before = (await fx.balance(member.id)).balanceMinor;
      const refund = await investigate(id, { outcome: 'refund', reason: 'Short payment confirmed' });
      expect(refund.statusCode).toBe(200);
      expect((await fx.balance(member.id)).balanceMinor).toBe(before + 39_950n);

      // "paid" closes without moving money.
      const second = await paidWithdrawal();
      await test.app.inject(
        receipt(second.member, second.id, { status: 'partly_received', receivedAmount: '10' }),
      );
      const balance = (await fx.balance(second.member.id)).balanceMinor;
      const closed = await investigate(second.id, {
        outcome: 'paid',
        reason: 'Bank statement shows full amount',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(opsWithdrawal(closed).receipt?.investigation).toBe('closed');
      expect((await fx.balance(second.member.id)).balanceMinor).toBe(balance);

      // No investigation open: refused.
      const third = await paidWithdrawal();
      expect((await investigate(third.id, { outcome: 'refund', reason: 'x' })).statusCode).toBe(409);
    });

    it('counts an unanswered receipt as received once the deadline passes, and then takes no answer', async () => {
      const { member, id } = await paidWithdrawal();
      const early = await paidWithdrawal();
      clock.advance(RECEIPT_MINUTES * MINUTE - 1000);
      await test.app.jobs.runNow(AUTO_RECEIPT_JOB);
      expect((await memberView(member, id)).receipt?.status).toBe('awaiting');
      clock.advance(2000);
      // Past the deadline the answer is refused even before the sweep has run: the deadline closes it.
      const late = await test.app.inject(receipt(early.member, early.id, { status: 'received' }));
      expect(late.statusCode).toBe(409);
      expect(messageOf(late)).toBe('withdrawal_not_awaiting_receipt');
      // Reads never write: until the job queue's sweep runs, the stored receipt is still awaited.
      expect((await memberView(member, id)).receipt?.status).toBe('awaiting');
      expect(await test.app.jobs.runNow(AUTO_RECEIPT_JOB)).toBe(true);
      expect((await memberView(member, id)).receipt).toMatchObject({
        status: 'auto_received',
        receivedMinor: '100000',
        remainderMinor: '0',
        investigation: null,
      });
      const afterwards = await test.app.inject(
        receipt(member, id, { status: 'not_received' }, [{ bytes: TINY_PNG }]),
      );
      expect(afterwards.statusCode).toBe(409);
      expect((await memberView(early.member, early.id)).receipt?.status).toBe('auto_received');
    });

    it('audits each receipt answer once (replay and refusal add none) and each automatic receipt', async () => {
      const answers: [string, Record<string, string>, { bytes: Buffer }[], string][] = [
        ['withdrawal.received', { status: 'received' }, [], '100000'],
        ['withdrawal.not_received', { status: 'not_received' }, [{ bytes: TINY_PNG }], '0'],
        ['withdrawal.partly_received', { status: 'partly_received', receivedAmount: '250' }, [], '25000'],
      ];
      for (const [action, fields, files, receivedMinor] of answers) {
        const { member, id } = await paidWithdrawal();
        const refused = await test.app.inject(receipt(member, id, { status: 'partly_received' }));
        expect(refused.statusCode).toBe(400);
        const key = randomUUID();
        for (let i = 0; i < 2; i += 1) {
          const response = await test.app.inject(receipt(member, id, fields, files, key));
          expect(response.statusCode, response.body).toBe(200);
        }
        const rows = await fx.auditRows(action, id);
        expect(rows, action).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          operator_id: null,
          member_id: member.id,
          detail: { by: 'member', amountMinor: '100000', receivedMinor, proof: files.length > 0 },
        });
      }
      const { member, id } = await paidWithdrawal();
      clock.advance(RECEIPT_MINUTES * MINUTE + 1000);
      await test.app.jobs.runNow(AUTO_RECEIPT_JOB);
      expect((await memberView(member, id)).receipt?.status).toBe('auto_received');
      await test.app.jobs.runNow(AUTO_RECEIPT_JOB); // a second sweep changes nothing and audits nothing
      const auto = await fx.auditRows('withdrawal.auto_received', id);
      expect(auto).toHaveLength(1);
      expect(auto[0]).toMatchObject({
        operator_id: null,
        member_id: member.id,
        detail: { by: 'system', amountMinor: '100000' },
      });
    });

    it('replays pay, reject and receipt under one key with one effect', async () => {
      let current = '';
      let owner: FixtureMember | null = null;
      const nextPending = async () => {
        const member = await fx.readyMember(300_000n);
        owner = member;
        current = await fx.pendingWithdrawal(member, '700');
      };
      await nextPending();
      const other = current;
      await nextPending();
      const payOptions = (key: string, id: string): InjectOptions => ({
        method: 'POST',
        url: `/wps/ops/withdrawals/${id}/pay`,
        headers: { authorization: `Bearer ${finance}`, 'idempotency-key': key },
      });
      await expectIdempotent({
        app: test.app,
        request: (key) => payOptions(key, current),
        changed: (key) => payOptions(key, other),
        effect: () => fx.clearingBalance(),
        between: nextPending,
      });

      await nextPending();
      const rejectOptions = (key: string, reason: string): InjectOptions => ({
        method: 'POST',
        url: `/wps/ops/withdrawals/${current}/reject`,
        headers: { authorization: `Bearer ${finance}`, 'idempotency-key': key },
        payload: { reason },
      });
      const rejected = async () =>
        (
          await test.database.db
            .selectFrom('withdrawals')
            .select('id')
            .where('status', '=', 'rejected')
            .execute()
        ).length;
      await expectIdempotent({
        app: test.app,
        request: (key) => rejectOptions(key, 'Duplicate request'),
        changed: (key) => rejectOptions(key, 'Another reason'),
        effect: rejected,
        between: nextPending,
      });

      // One member throughout: the receipt's idempotency scope is the member's.
      const payer = await fx.readyMember(1_000_000n);
      owner = payer;
      const nextPaid = async () => {
        current = await fx.pendingWithdrawal(payer, '300');
        const paid = await pay(current);
        if (paid.statusCode !== 200) throw new Error(`pay: ${paid.body}`);
      };
      await nextPaid();
      const answered = async () =>
        (
          await test.database.db
            .selectFrom('withdrawals')
            .select('id')
            .where('receipt_status', '=', 'received')
            .execute()
        ).length;
      const receiptWith = (key: string, status: string, receivedAmount?: string): InjectOptions => {
        if (!owner) throw new Error('no owner');
        // The multipart boundary is random per call; the fields, and so the request, are the same.
        const fields: Record<string, string> =
          receivedAmount === undefined ? { status } : { status, receivedAmount };
        return receipt(owner, current, fields, [], key);
      };
      await expectIdempotent({
        app: test.app,
        request: (key) => receiptWith(key, 'received'),
        changed: (key) => receiptWith(key, 'partly_received', '10'),
        effect: answered,
        between: nextPaid,
      });

      // Closing an investigation with a refund: one refund per key.
      const nextInvestigation = async () => {
        await nextPaid();
        const answer = await test.app.inject(
          receipt(payer, current, { status: 'not_received' }, [{ bytes: TINY_PNG }]),
        );
        if (answer.statusCode !== 200) throw new Error(`receipt: ${answer.body}`);
      };
      await nextInvestigation();
      const investigationOptions = (key: string, outcome: string): InjectOptions => ({
        method: 'POST',
        url: `/wps/ops/withdrawals/${current}/investigation`,
        headers: { authorization: `Bearer ${finance}`, 'idempotency-key': key },
        payload: { outcome, reason: 'Checked with the bank' },
      });
      await expectIdempotent({
        app: test.app,
        request: (key) => investigationOptions(key, 'refund'),
        changed: (key) => investigationOptions(key, 'paid'),
        effect: async () => (await fx.balance(payer.id)).balanceMinor,
        between: nextInvestigation,
      });
    });
  });
});
