import { randomUUID } from 'node:crypto';
import { errorEnvelope } from '@lotus/shared/envelope';
import {
  operatorLoginResponse,
  operatorMeResponse,
  walletAdjustmentResponse,
} from '@lotus/shared/operators.schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { expectIdempotent } from '../../../test/helpers/idempotency-check.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { loginAs } from '../../../test/helpers/login-helper.ts';
import { createTestOperator, operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

describe.each(testBackends())('operator routes [%s]', (backend) => {
  let test: TestApp;
  // Starts at the real time: the login throttle counts audit rows stamped by the database clock.
  const clock = manualClock();
  let brandId: bigint;
  let brandCode: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    const brand = await test.database.db
      .selectFrom('brands')
      .select(['id', 'code'])
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    brandId = brand.id;
    brandCode = brand.code;
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const login = (body: Record<string, unknown>, ip = '198.51.100.1') =>
    test.app.inject({
      method: 'POST',
      url: '/wps/ops/session',
      payload: body,
      headers: { 'x-forwarded-for': ip },
    });
  const me = (token: string) =>
    test.app.inject({ method: 'GET', url: '/wps/ops/me', headers: bearer(token) });
  const auditRows = (action: string) =>
    test.database.db
      .selectFrom('audit_log')
      .select(['operator_id', 'member_id', 'ip', 'detail', 'brand_id'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  describe('login', () => {
    it('answers a token, the role and the absolute expiry, and records operator.login', async () => {
      const operator = await createTestOperator(test.database.db, 'finance');
      const response = await login({
        brand: brandCode,
        username: operator.username,
        password: operator.password,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { value } = operatorLoginResponse.parse(response.json());
      expect(value.role).toBe('finance');
      expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(value.expiresAt).getTime()).toBe(clock.now().getTime() + 8 * 3_600_000);
      // Only the SHA-256 of the token is stored.
      const stored = await test.database.db
        .selectFrom('operator_sessions')
        .select('token_hash')
        .where('operator_id', '=', operator.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0]?.token_hash).not.toContain(value.token);
      const audit = (await auditRows('operator.login')).filter((row) => row.operator_id === operator.id);
      expect(audit).toEqual([
        {
          operator_id: operator.id,
          member_id: null,
          ip: '198.51.100.1',
          brand_id: brandId,
          detail: { username: operator.username, role: 'finance' },
        },
      ]);
    });

    it('logs in on the brand of the host when no brand code is given', async () => {
      const operator = await createTestOperator(test.database.db, 'support');
      const response = await login({ username: operator.username, password: operator.password });
      expect(response.statusCode, response.body).toBe(200);
      expect(operatorLoginResponse.parse(response.json()).value.role).toBe('support');
    });

    it('answers unknown username and wrong password alike, and records each failure', async () => {
      const operator = await createTestOperator(test.database.db, 'admin');
      const unknown = await login({ brand: brandCode, username: 'nobody_here', password: operator.password });
      const wrong = await login({
        brand: brandCode,
        username: operator.username,
        password: 'wrong-password-1',
      });
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: 'operator_login_failed', value: null });
      }
      const failures = await auditRows('operator.login_failed');
      expect(failures.map((row) => row.detail)).toEqual(
        expect.arrayContaining([{ username: 'nobody_here' }, { username: operator.username }]),
      );
      expect(JSON.stringify(failures.map((row) => row.detail))).not.toContain('wrong-password-1');
    });

    it('refuses a disabled operator with the same answer', async () => {
      const operator = await createTestOperator(test.database.db, 'admin');
      await test.database.db
        .updateTable('operators')
        .set({ status: 'disabled' })
        .where('id', '=', operator.id)
        .execute();
      const response = await login({
        brand: brandCode,
        username: operator.username,
        password: operator.password,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'operator_login_failed' });
    });

    it('refuses an unknown brand code and malformed bodies with 4xx', async () => {
      const unknownBrand = await login({
        brand: 'no-such-brand',
        username: 'someone',
        password: 'whatever-123',
      });
      expect(unknownBrand.statusCode).toBe(404);
      expect(unknownBrand.json()).toMatchObject({ message: 'brand_not_found' });
      for (const body of [{}, { username: 'x' }, { username: 5, password: 'y' }]) {
        const response = await login(body);
        expect(response.statusCode).toBe(400);
        expect(errorEnvelope.parse(response.json()).message).toBe('invalid_request');
      }
    });

    // Must run before any test moves the clock: failures are stamped by the database's own clock.
    it('throttles a username from one address after 5 failures for 15 minutes', async () => {
      const operator = await createTestOperator(test.database.db, 'finance');
      const ip = '203.0.113.9';
      for (let i = 0; i < 5; i += 1) {
        const response = await login(
          { brand: brandCode, username: operator.username, password: 'nope-nope-1' },
          ip,
        );
        expect(response.statusCode).toBe(401);
      }
      const right = { brand: brandCode, username: operator.username, password: operator.password };
      const throttled = await login(right, ip);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toMatchObject({ message: 'too_many_requests' });
      // Another address is not affected, and neither is another username from this one.
      expect((await login(right, '203.0.113.10')).statusCode).toBe(200);
      const other = await createTestOperator(test.database.db, 'finance');
      expect(
        (await login({ brand: brandCode, username: other.username, password: other.password }, ip))
          .statusCode,
      ).toBe(200);
      clock.advance(14 * 60_000);
      expect((await login(right, ip)).statusCode).toBe(429);
      clock.advance(2 * 60_000);
      expect((await login(right, ip)).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('GET /wps/ops/me answers the operator behind the token', async () => {
      const operator = await createTestOperator(test.database.db, 'support');
      const token = operatorLoginResponse.parse(
        (await login({ brand: brandCode, username: operator.username, password: operator.password })).json(),
      ).value.token;
      const response = await me(token);
      expect(response.statusCode).toBe(200);
      expect(operatorMeResponse.parse(response.json()).value).toEqual({
        operatorId: operator.id.toString(),
        username: operator.username,
        role: 'support',
        brandId: brandId.toString(),
      });
    });

    it('ends a session after 30 minutes without use', async () => {
      const token = await operatorTokenFor(test.app, test.database.db, 'support');
      clock.advance(29 * 60_000);
      expect((await me(token)).statusCode).toBe(200);
      // The use above restarted the idle time.
      clock.advance(29 * 60_000);
      expect((await me(token)).statusCode).toBe(200);
      clock.advance(30 * 60_000);
      const expired = await me(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'not_logged_in' });
    });

    it('ends a session 8 hours after login however often it is used', async () => {
      const token = await operatorTokenFor(test.app, test.database.db, 'finance');
      for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
        clock.advance(20 * 60_000);
        expect((await me(token)).statusCode).toBe(200);
      }
      clock.advance(20 * 60_000);
      expect((await me(token)).statusCode).toBe(401);
    });

    it('DELETE /wps/ops/session ends the session and records operator.logout', async () => {
      const token = await operatorTokenFor(test.app, test.database.db, 'support');
      const operatorId = BigInt(operatorMeResponse.parse((await me(token)).json()).value.operatorId);
      const response = await test.app.inject({
        method: 'DELETE',
        url: '/wps/ops/session',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'ok', value: null });
      expect((await me(token)).statusCode).toBe(401);
      expect(
        (await test.app.inject({ method: 'DELETE', url: '/wps/ops/session', headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
      const audit = (await auditRows('operator.logout')).filter((row) => row.operator_id === operatorId);
      expect(audit).toHaveLength(1);
    });

    it('refuses a disabled operator at once, even with a live token', async () => {
      const operator = await createTestOperator(test.database.db, 'admin');
      const token = operatorLoginResponse.parse(
        (await login({ brand: brandCode, username: operator.username, password: operator.password })).json(),
      ).value.token;
      expect((await me(token)).statusCode).toBe(200);
      await test.database.db
        .updateTable('operators')
        .set({ status: 'disabled' })
        .where('id', '=', operator.id)
        .execute();
      expect((await me(token)).statusCode).toBe(401);
    });
  });

  describe('POST /wps/ops/members/:username/adjust', () => {
    const ledger = () => new LedgerService(test.database.db);

    async function newMember(): Promise<{ id: bigint; username: string }> {
      const username = `adj_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const row = await test.database.db
        .insertInto('members')
        .values({
          brand_id: brandId,
          username,
          password_hash: await hashPassword('member-password-1', { N: 2 ** 10, r: 8, p: 1 }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, username };
    }
    const balanceOf = async (memberId: bigint) => (await ledger().balanceOf(memberId)).balanceMinor;

    const adjust = (
      token: string,
      username: string,
      body: Record<string, unknown>,
      key: string | null = randomUUID(),
    ): InjectOptions => ({
      method: 'POST',
      url: `/wps/ops/members/${username}/adjust`,
      headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body,
    });

    it('credits and debits the main wallet against the house, with an audit row in the same transaction', async () => {
      const token = await operatorTokenFor(test.app, test.database.db, 'finance');
      const operatorId = BigInt(operatorMeResponse.parse((await me(token)).json()).value.operatorId);
      const member = await newMember();

      const credit = await test.app.inject(
        adjust(token, member.username, { amount: '100', reason: 'goodwill' }),
      );
      expect(credit.statusCode, credit.body).toBe(200);
      const credited = walletAdjustmentResponse.parse(credit.json()).value;
      expect(credited).toMatchObject({
        username: member.username,
        amountMinor: '10000',
        amount: '100.00',
        balanceMinor: '10000',
        balance: '100.00',
        currency: 'INR',
      });

      const debit = await test.app.inject(
        adjust(token, member.username.toUpperCase(), { amount: '-50.25', reason: 'correction' }),
      );
      expect(debit.statusCode, debit.body).toBe(200);
      expect(walletAdjustmentResponse.parse(debit.json()).value).toMatchObject({
        amountMinor: '-5025',
        balanceMinor: '4975',
      });
      expect(await balanceOf(member.id)).toBe(4975n);

      const entry = await test.database.db
        .selectFrom('journal_entries')
        .select(['kind', 'memo', 'created_by'])
        .where('id', '=', BigInt(credited.entryId))
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ kind: 'adjustment', memo: 'goodwill', created_by: `operator:${operatorId}` });
      const postings = await test.database.db
        .selectFrom('journal_postings')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'journal_postings.account_id')
        .select(['journal_postings.account_id', 'ledger_accounts.kind', 'journal_postings.amount_minor'])
        .where('entry_id', '=', BigInt(credited.entryId))
        .orderBy('amount_minor')
        .execute();
      const main = (await ledger().memberMainAccount(member.id)).id;
      // The house posting lands in a slot of the brand's house pool (migration 0017).
      expect(postings).toEqual([
        { account_id: expect.any(BigInt), kind: 'house', amount_minor: -10000n },
        { account_id: main, kind: 'member_main', amount_minor: 10000n },
      ]);

      const audit = (await auditRows('wallet.adjusted')).filter((row) => row.member_id === member.id);
      expect(audit).toEqual([
        {
          operator_id: operatorId,
          member_id: member.id,
          ip: '127.0.0.1',
          brand_id: brandId,
          detail: { entryId: credited.entryId, amountMinor: '10000', reason: 'goodwill' },
        },
        expect.objectContaining({
          detail: expect.objectContaining({ amountMinor: '-5025', reason: 'correction' }),
        }),
      ]);
    });

    it('refuses a debit below zero with insufficient_funds and changes nothing', async () => {
      const token = await operatorTokenFor(test.app, test.database.db, 'admin');
      const member = await newMember();
      await test.app.inject(adjust(token, member.username, { amount: '10', reason: 'seed' }));
      const before = await auditRows('wallet.adjusted');
      const response = await test.app.inject(
        adjust(token, member.username, { amount: '-10.01', reason: 'too much' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: 'insufficient_funds' });
      expect(await balanceOf(member.id)).toBe(1000n);
      expect(await auditRows('wallet.adjusted')).toHaveLength(before.length);
    });

    it('refuses bad input with 4xx codes', async () => {
      const token = await operatorTokenFor(test.app, test.database.db, 'finance');
      const member = await newMember();
      const cases: [Record<string, unknown>, string | null, number, string][] = [
        [{ amount: '10' }, randomUUID(), 400, 'reason_required'],
        [{ amount: '10', reason: '   ' }, randomUUID(), 400, 'reason_required'],
        [{ amount: '0', reason: 'x' }, randomUUID(), 400, 'amount_invalid'],
        [{ amount: '-0.00', reason: 'x' }, randomUUID(), 400, 'amount_invalid'],
        [{ amount: '1e3', reason: 'x' }, randomUUID(), 400, 'amount_invalid'],
        [{ amount: '10.001', reason: 'x' }, randomUUID(), 400, 'amount_invalid'],
        [{ amount: '--5', reason: 'x' }, randomUUID(), 400, 'amount_invalid'],
        [{ amount: 10, reason: 'x' }, randomUUID(), 400, 'invalid_request'],
        [{ amount: '10', reason: 'x' }, null, 400, 'idempotency_key_required'],
      ];
      for (const [body, key, status, code] of cases) {
        const response = await test.app.inject(adjust(token, member.username, body, key));
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json()).toMatchObject({ success: false, message: code });
      }
      const unknown = await test.app.inject(adjust(token, 'no_such_member', { amount: '1', reason: 'x' }));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: 'not_found' });
      expect(await balanceOf(member.id)).toBe(0n);
    });

    it('refuses support operators, member tokens and anonymous callers', async () => {
      const member = await newMember();
      const support = await operatorTokenFor(test.app, test.database.db, 'support');
      const forbidden = await test.app.inject(adjust(support, member.username, { amount: '5', reason: 'x' }));
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ message: 'operator_forbidden' });
      const anonymous = await test.app.inject({
        method: 'POST',
        url: `/wps/ops/members/${member.username}/adjust`,
        payload: { amount: '5', reason: 'x' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(anonymous.statusCode).toBe(401);
      const memberToken = await loginAs(test.app, 'demo_player', demoAccount('demo_player').password);
      const asMember = await test.app.inject(
        adjust(memberToken, member.username, { amount: '5', reason: 'x' }),
      );
      expect(asMember.statusCode).toBe(401);
      expect(asMember.json()).toMatchObject({ message: 'not_logged_in' });
      expect(await balanceOf(member.id)).toBe(0n);
    });

    it('has one effect per Idempotency-Key (5× in a row, 5× at once) and refuses a changed body', async () => {
      const token = await operatorTokenFor(test.app, test.database.db, 'finance');
      const member = await newMember();
      await expectIdempotent({
        app: test.app,
        request: (key) => adjust(token, member.username, { amount: '25.50', reason: 'replay check' }, key),
        changed: (key) => adjust(token, member.username, { amount: '26', reason: 'replay check' }, key),
        effect: () => balanceOf(member.id),
      });
      expect(await balanceOf(member.id)).toBe(5100n);
      // Another operator's identical key is a different scope: it takes effect.
      const other = await operatorTokenFor(test.app, test.database.db, 'admin');
      const key = randomUUID();
      await test.app.inject(adjust(token, member.username, { amount: '1', reason: 'scope' }, key));
      await test.app.inject(adjust(other, member.username, { amount: '1', reason: 'scope' }, key));
      expect(await balanceOf(member.id)).toBe(5300n);
    });

    it("reaches only members of the operator's own brand", async () => {
      const db = test.database.db;
      const {
        id: _id,
        created_at: _created,
        is_default: _default,
        ...demoBrand
      } = await db.selectFrom('brands').selectAll().where('id', '=', brandId).executeTakeFirstOrThrow();
      const other = await db
        .insertInto('brands')
        .values({
          ...demoBrand,
          code: 'ops-other',
          name: 'Other',
          maintenance_message: JSON.stringify(demoBrand.maintenance_message),
          category_rules: JSON.stringify([]),
          protection_help_links: JSON.stringify([]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await operatorTokenFor(test.app, db, 'finance', other.id);
      expect(operatorMeResponse.parse((await me(token)).json()).value.brandId).toBe(other.id.toString());
      const member = await newMember();
      const response = await test.app.inject(adjust(token, member.username, { amount: '1', reason: 'x' }));
      expect(response.statusCode).toBe(404);
      expect(await balanceOf(member.id)).toBe(0n);
    });
  });
});
