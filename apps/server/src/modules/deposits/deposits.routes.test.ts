import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import {
  createDepositResponse,
  depositListResponse,
  depositMethodsResponse,
  gatewayCallbackResponse,
  operatorDepositActionResponse,
  operatorDepositListResponse,
} from '@lotus/shared/deposits.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import { formatMoney } from '@lotus/shared/money';
import type { InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { expectIdempotent } from '../../../test/helpers/idempotency-check.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { type MultipartFile, multipartBody } from '../../../test/helpers/multipart.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { TINY_GIF, TINY_JPEG, TINY_PNG } from '../../../test/helpers/tiny-images.ts';
import type { Database } from '../../db/schema.ts';
import { depositMember } from './deposits-protection.fixture.ts';
import { signBody } from './payment-gateway.ts';

const SIMULATOR_SECRET = 'deposits-test-simulator-secret-0001';
const proofFile = (bytes: Buffer, contentType = 'image/png'): MultipartFile => ({
  field: 'proof',
  filename: 'utr.png',
  contentType,
  bytes,
});

const newMember = depositMember;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const failure = (response: { json: () => unknown }) => errorEnvelope.parse(response.json());

/** A port nothing listens on now, for a server whose own address must be configured before it listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}

describe.each(testBackends())('deposits routes [%s]', (backend) => {
  let test: TestApp;
  let db: Kysely<Database>;
  /** The simulator calls back to this configured origin (GATEWAY_SIMULATOR_CALLBACK_BASE_URL), never Host. */
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    test = await buildTestApp({
      backend,
      config: {
        gatewaySimulator: { secret: SIMULATOR_SECRET, callbackBaseUrl: `http://127.0.0.1:${port}` },
      },
    });
    db = test.database.db;
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  /** Sends each request and expects its status and error code. */
  type Refusal = { request: InjectOptions; status: number; code: string };
  const expectRefusals = async (cases: Refusal[]) => {
    for (const entry of cases) {
      const response = await test.app.inject(entry.request);
      expect(response.statusCode, `${entry.code}: ${response.body}`).toBe(entry.status);
      expect(failure(response).message).toBe(entry.code);
    }
  };
  /** The fields, files and Idempotency-Key (null: none) of a deposit request. */
  type DepositForm = [fields: Record<string, string>, files?: MultipartFile[], key?: string | null];
  const createRequest = (
    token: string,
    ...[fields, files = [], key = randomUUID()]: DepositForm
  ): InjectOptions => {
    const { payload, headers } = multipartBody(fields, files);
    return {
      method: 'POST',
      url: '/wps/payments/deposits',
      headers: { ...headers, ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload,
    };
  };
  const create = async (
    token: string,
    fields: Record<string, string>,
    files: MultipartFile[] = [],
    key?: string | null,
  ) => test.app.inject(createRequest(token, fields, files, key));
  const createOk = async (token: string, fields: Record<string, string>, files: MultipartFile[] = []) => {
    const response = await create(token, fields, files);
    expect(response.statusCode, response.body).toBe(200);
    return createDepositResponse.parse(response.json()).value;
  };
  const bankDeposit = (token: string, amount = '1500', files: MultipartFile[] = []) =>
    createOk(token, { method: 'bank', amount, reference: `UTR${randomUUID().slice(0, 10)}` }, files);
  const gatewayDeposit = (token: string, amount = '500') => createOk(token, { method: 'sim-upi', amount });

  const balanceOf = async (memberId: bigint): Promise<bigint> => {
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'member_main')
      .executeTakeFirst();
    return row?.balance_minor ?? 0n;
  };
  const brandSymbol = async () =>
    (
      await db
        .selectFrom('brands')
        .select('currency_symbol')
        .where('is_default', '=', true)
        .executeTakeFirstOrThrow()
    ).currency_symbol;
  const depositRow = (id: string) =>
    db.selectFrom('deposits').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

  const callbackRequest = (
    body: string,
    options: { method?: string; signature?: string | null } = {},
  ): InjectOptions => ({
    method: 'POST',
    url: `/wps/payments/gateway/${options.method ?? 'sim-upi'}/callback`,
    headers: {
      'content-type': 'application/json',
      ...(options.signature === null
        ? {}
        : { 'x-lotus-signature': options.signature ?? signBody(SIMULATOR_SECRET, body) }),
    },
    payload: body,
  });
  const callbackBody = (orderId: string, fields: Partial<Record<string, string>> = {}) =>
    JSON.stringify({
      orderId,
      gatewayTxnId: `txn-${randomUUID()}`,
      amount: '500.00',
      status: 'success',
      ...fields,
    });

  describe('methods', () => {
    it("lists the brand's methods with limits, bank details and names in the asked language", async () => {
      const member = await newMember(db);
      const response = await test.app.inject({
        method: 'GET',
        url: '/wps/payments/deposit/methods',
        headers: bearer(member.token),
      });
      expect(response.statusCode).toBe(200);
      const { value } = depositMethodsResponse.parse(response.json());
      expect(value.currency).toBe('INR');
      expect(value.currencySymbol).toBe(await brandSymbol());
      expect(value.methods.map((method) => method.code)).toEqual(['bank', 'sim-upi']);
      const [bank, upi] = value.methods;
      expect(bank).toMatchObject({
        kind: 'bank_transfer',
        minMinor: '10000',
        min: '100.00',
        maxMinor: '20000000',
        max: '200000.00',
      });
      expect(bank?.bank?.ifsc).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
      expect(bank?.bank?.accountNumber).not.toBe('');
      expect(upi).toMatchObject({ kind: 'gateway', min: '100.00', max: '50000.00' });
      expect(upi?.bank).toBeUndefined();

      const hindi = await test.app.inject({
        method: 'GET',
        url: '/wps/payments/deposit/methods?language=HI',
        headers: bearer(member.token),
      });
      const hindiNames = depositMethodsResponse
        .parse(hindi.json())
        .value.methods.map((method) => method.name);
      expect(hindiNames[0]).toContain('बैंक');
      expect(hindiNames[0]).not.toBe(bank?.name);
    });

    it('uses the member language when none is asked', async () => {
      const member = await newMember(db, { language: 'HI' });
      const response = await test.app.inject({
        method: 'GET',
        url: '/wps/payments/deposit/methods',
        headers: bearer(member.token),
      });
      expect(depositMethodsResponse.parse(response.json()).value.methods[0]?.name).toContain('बैंक');
    });

    it('refuses visitors, trial and type-4 accounts', async () => {
      const anonymous = await test.app.inject({ method: 'GET', url: '/wps/payments/deposit/methods' });
      expect(anonymous.statusCode).toBe(401);
      for (const options of [{ isTrial: true }, { memberType: 4 }]) {
        const member = await newMember(db, options);
        for (const request of [
          { method: 'GET' as const, url: '/wps/payments/deposit/methods' },
          { method: 'GET' as const, url: '/wps/payments/deposits' },
        ]) {
          const response = await test.app.inject({ ...request, headers: bearer(member.token) });
          expect(response.statusCode).toBe(403);
          expect(failure(response).message).toBe('in_need_true_account');
        }
        const created = await create(member.token, { method: 'bank', amount: '500', reference: 'UTR123456' });
        expect(created.statusCode).toBe(403);
        expect(failure(created).message).toBe('in_need_true_account');
      }
      expect(await db.selectFrom('deposits').select('id').execute()).toEqual([]);
    });
  });

  describe('create', () => {
    it('creates a pending bank-transfer deposit with its reference and proof picture', async () => {
      const member = await newMember(db);
      const { deposit, redirectUrl } = await createOk(
        member.token,
        { method: 'bank', amount: '1500.50', reference: 'HDFCN52026112112345' },
        [proofFile(TINY_PNG)],
      );
      expect(redirectUrl).toBeNull();
      expect(deposit).toMatchObject({
        method: 'bank',
        kind: 'bank_transfer',
        amountMinor: '150050',
        amount: '1500.50',
        status: 'pending',
        reference: 'HDFCN52026112112345',
        decidedAt: null,
        rejectReason: null,
      });
      const row = await depositRow(deposit.id);
      expect(row.proof_type).toBe('image/png');
      expect(Buffer.from(row.proof_image ?? new Uint8Array())).toEqual(TINY_PNG);
      expect(row.member_id).toBe(member.id);
      expect(await balanceOf(member.id)).toBe(0n);

      // The owner may see the proof; another member may not.
      const own = await test.app.inject({
        method: 'GET',
        url: `/wps/payments/deposits/${deposit.id}/proof`,
        headers: bearer(member.token),
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.rawPayload).toEqual(TINY_PNG);
      const stranger = await newMember(db);
      const other = await test.app.inject({
        method: 'GET',
        url: `/wps/payments/deposits/${deposit.id}/proof`,
        headers: bearer(stranger.token),
      });
      expect(other.statusCode).toBe(404);
    });

    it('takes a JPEG proof by its content whatever type was declared, and no proof at all', async () => {
      const member = await newMember(db);
      const withJpeg = await bankDeposit(member.token, '200', [proofFile(TINY_JPEG, 'application/pdf')]);
      expect((await depositRow(withJpeg.deposit.id)).proof_type).toBe('image/jpeg');
      const without = await bankDeposit(member.token, '200');
      expect((await depositRow(without.deposit.id)).proof_image).toBeNull();
    });

    it('creates a gateway deposit and answers the pay page of the simulator', async () => {
      const member = await newMember(db);
      const { deposit, redirectUrl } = await gatewayDeposit(member.token, '750');
      expect(deposit).toMatchObject({
        method: 'sim-upi',
        kind: 'gateway',
        status: 'pending',
        reference: null,
      });
      const url = new URL(redirectUrl ?? '');
      expect(url.pathname).toBe('/sim/gateway/pay');
      expect(url.searchParams.get('order')).toBe(deposit.id);
      expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
    });

    it('applies the limits of each method', async () => {
      const member = await newMember(db);
      const cases = [
        { method: 'bank', amount: '99.99', code: 'amount_below_minimum', value: { min: '100.00' } },
        { method: 'bank', amount: '200000.01', code: 'amount_above_maximum', value: { max: '200000.00' } },
        { method: 'sim-upi', amount: '50000.01', code: 'amount_above_maximum', value: { max: '50000.00' } },
        { method: 'sim-upi', amount: '1', code: 'amount_below_minimum', value: { min: '100.00' } },
      ];
      for (const entry of cases) {
        const response = await create(member.token, {
          method: entry.method,
          amount: entry.amount,
          reference: 'UTR1234567',
        });
        expect(response.statusCode, entry.amount).toBe(422);
        expect(response.json()).toEqual({ success: false, message: entry.code, value: entry.value });
      }
      // The bounds themselves are allowed.
      await bankDeposit(member.token, '100');
      await bankDeposit(member.token, '200000');
      await gatewayDeposit(member.token, '50000.00');
    });

    it('refuses bad input with a 4xx and an error code, creating nothing', async () => {
      const member = await newMember(db);
      const ok = { method: 'bank', amount: '500', reference: 'UTR1234567' };
      // A case: the status and error code expected for a form (fields, files, key) sent by the member.
      const refused = (status: number, code: string, ...form: DepositForm) => ({
        request: createRequest(member.token, ...form),
        status,
        code,
      });
      const cases: Refusal[] = [
        refused(400, 'amount_invalid', { ...ok, amount: 'abc' }),
        refused(400, 'amount_invalid', { ...ok, amount: '-500' }),
        refused(400, 'amount_invalid', { ...ok, amount: '5e3' }),
        refused(400, 'amount_invalid', { ...ok, amount: '500.001' }),
        refused(400, 'amount_invalid', { ...ok, amount: '1,500' }),
        refused(400, 'invalid_request', { method: 'bank', reference: 'UTR1234567' }),
        refused(400, 'invalid_request', { amount: '500', reference: 'UTR1234567' }),
        refused(422, 'payment_method_unavailable', { ...ok, method: 'crypto' }),
        refused(400, 'deposit_reference_required', { method: 'bank', amount: '500' }),
        refused(400, 'deposit_reference_required', { ...ok, reference: '   ' }),
        refused(400, 'invalid_request', { ...ok, reference: 'UTR12' }),
        refused(400, 'invalid_request', { ...ok, reference: 'UTR 123 456' }),
        refused(400, 'invalid_request', { ...ok, reference: 'U'.repeat(65) }),
        refused(400, 'invalid_request', { ...ok, extra: 'x' }),
        refused(415, 'upload_type', ok, [proofFile(TINY_GIF, 'image/png')]),
        refused(415, 'upload_type', ok, [proofFile(Buffer.from('%PDF-1.4 not a picture'))]),
        refused(400, 'invalid_request', ok, [{ ...proofFile(TINY_PNG), field: 'image' }]),
        refused(400, 'upload_too_many', ok, [proofFile(TINY_PNG), proofFile(TINY_PNG)]),
        refused(413, 'upload_too_large', ok, [
          proofFile(Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)])),
        ]),
        refused(400, 'invalid_request', { method: 'sim-upi', amount: '500' }, [proofFile(TINY_PNG)]),
        refused(400, 'idempotency_key_required', ok, [], null),
        {
          request: {
            method: 'POST',
            url: '/wps/payments/deposits',
            headers: { ...bearer(member.token), 'idempotency-key': randomUUID() },
            payload: ok,
          },
          status: 415,
          code: 'unsupported_media_type',
        },
      ];
      await expectRefusals(cases);
      const anonymous = await test.app.inject({ ...createRequest(member.token, ok), headers: {} });
      expect(anonymous.statusCode).toBe(401);
      const rows = await db.selectFrom('deposits').select('id').where('member_id', '=', member.id).execute();
      expect(rows).toEqual([]);
    });

    it('creates one deposit per Idempotency-Key (5× in a row, 5× at once, another body → 409)', async () => {
      const member = await newMember(db);
      const count = async () =>
        (await db.selectFrom('deposits').select('id').where('member_id', '=', member.id).execute()).length;
      await expectIdempotent({
        app: test.app,
        request: (key) =>
          createRequest(
            member.token,
            { method: 'bank', amount: '900', reference: 'UTR7777777' },
            [proofFile(TINY_PNG)],
            key,
          ),
        changed: (key) =>
          createRequest(
            member.token,
            { method: 'bank', amount: '901', reference: 'UTR7777777' },
            [proofFile(TINY_PNG)],
            key,
          ),
        effect: count,
      });
      // Another picture under the same key is another request too.
      const key = randomUUID();
      const first = await create(
        member.token,
        { method: 'bank', amount: '900', reference: 'UTR8888888' },
        [proofFile(TINY_PNG)],
        key,
      );
      expect(first.statusCode).toBe(200);
      const before = await count();
      const otherPicture = await create(
        member.token,
        { method: 'bank', amount: '900', reference: 'UTR8888888' },
        [proofFile(TINY_JPEG)],
        key,
      );
      expect(otherPicture.statusCode).toBe(409);
      expect(failure(otherPicture).message).toBe('idempotency_key_reused');
      expect(await count()).toBe(before);
    });
  });

  describe('list', () => {
    it("pages the member's own deposits, newest first", async () => {
      const member = await newMember(db);
      const other = await newMember(db);
      const first = await bankDeposit(member.token, '100');
      const second = await gatewayDeposit(member.token, '200');
      const third = await bankDeposit(member.token, '300');
      await bankDeposit(other.token, '400');
      const page = async (query: string) => {
        const response = await test.app.inject({
          method: 'GET',
          url: `/wps/payments/deposits${query}`,
          headers: bearer(member.token),
        });
        expect(response.statusCode).toBe(200);
        return depositListResponse.parse(response.json()).value;
      };
      const all = await page('');
      expect(all.list.map((deposit) => deposit.id)).toEqual([third, second, first].map((d) => d.deposit.id));
      expect(all).toMatchObject({ pageNo: 1, pageSize: 20, total: 3, totalPages: 1 });
      const secondPage = await page('?pageNo=2&pageSize=2');
      expect(secondPage.list.map((deposit) => deposit.id)).toEqual([first.deposit.id]);
      expect(secondPage).toMatchObject({ total: 3, totalPages: 2 });
      expect(all.list[1]).toMatchObject({ methodName: 'UPI (instant)', kind: 'gateway', amount: '200.00' });

      const bad = await test.app.inject({
        method: 'GET',
        url: '/wps/payments/deposits?pageSize=1000',
        headers: bearer(member.token),
      });
      expect(bad.statusCode).toBe(400);
      expect(failure(bad).message).toBe('invalid_request');
    });
  });

  describe('back office', () => {
    const opsPost = (token: string, url: string, payload?: unknown, key: string | null = randomUUID()) =>
      test.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const auditOf = (depositId: string, action: string) =>
      db
        .selectFrom('audit_log')
        .select(['operator_id', 'member_id', 'detail', 'action'])
        .where('action', '=', action)
        .where(({ eb, ref }) => eb(ref('detail', '->>').key('depositId' as never), '=', depositId))
        .execute();

    it('lists deposits to support and finance, filtered by status, never to members', async () => {
      const member = await newMember(db);
      const { deposit } = await bankDeposit(member.token, '321', [proofFile(TINY_PNG)]);
      const support = await operatorTokenFor(test.app, db, 'support');
      const response = await test.app.inject({
        method: 'GET',
        url: '/wps/ops/deposits?status=pending&pageSize=100',
        headers: bearer(support),
      });
      expect(response.statusCode).toBe(200);
      const { value } = operatorDepositListResponse.parse(response.json());
      const listed = value.list.find((entry) => entry.id === deposit.id);
      expect(listed).toMatchObject({
        status: 'pending',
        amount: '321.00',
        hasProof: true,
        member: { id: member.id.toString() },
      });
      expect(value.list.every((entry) => entry.status === 'pending')).toBe(true);

      const proof = await test.app.inject({
        method: 'GET',
        url: `/wps/ops/deposits/${deposit.id}/proof`,
        headers: bearer(support),
      });
      expect(proof.statusCode).toBe(200);
      expect(proof.rawPayload).toEqual(TINY_PNG);

      for (const headers of [{}, bearer(member.token)]) {
        const refused = await test.app.inject({ method: 'GET', url: '/wps/ops/deposits', headers });
        expect(refused.statusCode).toBe(401);
      }
      const badStatus = await test.app.inject({
        method: 'GET',
        url: '/wps/ops/deposits?status=lost',
        headers: bearer(support),
      });
      expect(badStatus.statusCode).toBe(400);
    });

    it('lets finance approve (one deposit entry, audited) and refuses support', async () => {
      const member = await newMember(db);
      const { deposit } = await bankDeposit(member.token, '2500');
      const support = await operatorTokenFor(test.app, db, 'support');
      const refused = await opsPost(support, `/wps/ops/deposits/${deposit.id}/approve`);
      expect(refused.statusCode).toBe(403);
      expect(failure(refused).message).toBe('operator_forbidden');
      const refusedReject = await opsPost(support, `/wps/ops/deposits/${deposit.id}/reject`, {
        reason: 'no',
      });
      expect(refusedReject.statusCode).toBe(403);
      expect(await balanceOf(member.id)).toBe(0n);

      const finance = await operatorTokenFor(test.app, db, 'finance');
      const missingKey = await opsPost(finance, `/wps/ops/deposits/${deposit.id}/approve`, undefined, null);
      expect(failure(missingKey).message).toBe('idempotency_key_required');
      const approved = await opsPost(finance, `/wps/ops/deposits/${deposit.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      const { value } = operatorDepositActionResponse.parse(approved.json());
      expect(value.deposit).toMatchObject({ id: deposit.id, status: 'approved', rejectReason: null });
      expect(value.deposit.decidedBy).toMatch(/^operator:\d+$/);
      expect(await balanceOf(member.id)).toBe(250_000n);

      const row = await depositRow(deposit.id);
      expect(row.entry_id?.toString()).toBe(value.deposit.entryId);
      const entry = await db
        .selectFrom('journal_entries')
        .select(['kind', 'idempotency_key'])
        .where('id', '=', row.entry_id ?? 0n)
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ kind: 'deposit', idempotency_key: `deposit:${deposit.id}:approve` });
      const postings = await db
        .selectFrom('journal_postings')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'journal_postings.account_id')
        .select(['ledger_accounts.kind', 'journal_postings.amount_minor'])
        .where('journal_postings.entry_id', '=', row.entry_id ?? 0n)
        .orderBy('journal_postings.amount_minor')
        .execute();
      expect(postings).toEqual([
        { kind: 'deposits_clearing', amount_minor: -250_000n },
        { kind: 'member_main', amount_minor: 250_000n },
      ]);

      const audit = await auditOf(deposit.id, 'deposit.approved');
      expect(audit).toHaveLength(1);
      expect(audit[0]?.operator_id).not.toBeNull();
      expect(audit[0]?.member_id).toBe(member.id);

      // Decided once: approving or rejecting again (new key) is refused and moves nothing.
      const again = await opsPost(finance, `/wps/ops/deposits/${deposit.id}/approve`);
      expect(again.statusCode).toBe(409);
      expect(failure(again).message).toBe('deposit_not_pending');
      const rejectAfter = await opsPost(finance, `/wps/ops/deposits/${deposit.id}/reject`, {
        reason: 'late',
      });
      expect(failure(rejectAfter).message).toBe('deposit_not_pending');
      expect(await balanceOf(member.id)).toBe(250_000n);

      const admin = await operatorTokenFor(test.app, db, 'admin');
      const other = await bankDeposit(member.token, '100');
      const byAdmin = await opsPost(admin, `/wps/ops/deposits/${other.deposit.id}/approve`);
      expect(byAdmin.statusCode).toBe(200);
      expect(await balanceOf(member.id)).toBe(260_000n);

      const unknown = await opsPost(finance, '/wps/ops/deposits/999999999/approve');
      expect(unknown.statusCode).toBe(404);
      const badId = await opsPost(finance, '/wps/ops/deposits/abc/approve');
      expect(badId.statusCode).toBe(400);
    });

    it('lets finance reject with a reason the member sees (audited, no money)', async () => {
      const member = await newMember(db);
      const { deposit } = await bankDeposit(member.token, '700');
      const finance = await operatorTokenFor(test.app, db, 'finance');
      for (const payload of [{}, { reason: '   ' }]) {
        const blank = await opsPost(finance, `/wps/ops/deposits/${deposit.id}/reject`, payload);
        expect(blank.statusCode).toBe(400);
        expect(failure(blank).message).toBe('reason_required');
      }
      const rejected = await opsPost(finance, `/wps/ops/deposits/${deposit.id}/reject`, {
        reason: 'UTR not found in the statement',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(operatorDepositActionResponse.parse(rejected.json()).value.deposit).toMatchObject({
        status: 'rejected',
        rejectReason: 'UTR not found in the statement',
        entryId: null,
      });
      const list = await test.app.inject({
        method: 'GET',
        url: '/wps/payments/deposits',
        headers: bearer(member.token),
      });
      const mine = depositListResponse.parse(list.json()).value.list[0];
      expect(mine).toMatchObject({
        id: deposit.id,
        status: 'rejected',
        rejectReason: 'UTR not found in the statement',
      });
      expect(mine?.decidedAt).not.toBeNull();
      expect(await balanceOf(member.id)).toBe(0n);
      const audit = await auditOf(deposit.id, 'deposit.rejected');
      expect(audit).toHaveLength(1);
      expect(audit[0]?.detail).toMatchObject({ reason: 'UTR not found in the statement' });
      const approveAfter = await opsPost(finance, `/wps/ops/deposits/${deposit.id}/approve`);
      expect(failure(approveAfter).message).toBe('deposit_not_pending');
    });

    it('approves once per Idempotency-Key (5× in a row, 5× at once, another deposit → 409)', async () => {
      const member = await newMember(db);
      const finance = await operatorTokenFor(test.app, db, 'finance');
      let current = (await bankDeposit(member.token, '1000')).deposit.id;
      const spare = (await bankDeposit(member.token, '1000')).deposit.id;
      await expectIdempotent({
        app: test.app,
        request: (key) => ({
          method: 'POST',
          url: `/wps/ops/deposits/${current}/approve`,
          headers: { ...bearer(finance), 'idempotency-key': key },
        }),
        changed: (key) => ({
          method: 'POST',
          url: `/wps/ops/deposits/${spare}/approve`,
          headers: { ...bearer(finance), 'idempotency-key': key },
        }),
        effect: () => balanceOf(member.id),
        between: async () => {
          current = (await bankDeposit(member.token, '1000')).deposit.id;
        },
      });
      expect(await balanceOf(member.id)).toBe(200_000n);
      expect((await depositRow(spare)).status).toBe('pending');
      const audits = await db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'deposit.approved')
        .where('member_id', '=', member.id)
        .execute();
      expect(audits).toHaveLength(2);
    });

    it('rejects once per Idempotency-Key (5× in a row, 5× at once, another reason → 409)', async () => {
      const member = await newMember(db);
      const finance = await operatorTokenFor(test.app, db, 'finance');
      let current = (await bankDeposit(member.token, '1000')).deposit.id;
      const rejectWith = (id: unknown, key: string, reason: string) => ({
        method: 'POST' as const,
        url: `/wps/ops/deposits/${id}/reject`,
        headers: { ...bearer(finance), 'idempotency-key': key },
        payload: { reason },
      });
      const rejected = async () =>
        (
          await db
            .selectFrom('deposits')
            .select('id')
            .where('member_id', '=', member.id)
            .where('status', '=', 'rejected')
            .execute()
        ).length;
      await expectIdempotent({
        app: test.app,
        request: (key) => rejectWith(current, key, 'UTR not found in the statement'),
        changed: (key) => rejectWith(current, key, 'another reason'),
        effect: rejected,
        between: async () => {
          current = (await bankDeposit(member.token, '1000')).deposit.id;
        },
      });
      expect(await rejected()).toBe(2);
      expect(await balanceOf(member.id)).toBe(0n);
    });
  });

  describe('gateway callback', () => {
    /** The gateway decisions audited for one deposit (issue 7), as `[action, detail]`. */
    const gatewayAudits = async (depositId: string) =>
      (
        await db
          .selectFrom('audit_log')
          .select(['action', 'operator_id', 'member_id', 'ip', 'detail'])
          .where('action', 'like', 'deposit.gateway_%')
          .where(({ eb, ref }) => eb(ref('detail', '->>').key('depositId' as never), '=', depositId))
          .orderBy('id')
          .execute()
      ).map((row) => [row.action, row.detail]);

    it('approves on a correctly signed success and answers a replay the same, once', async () => {
      const member = await newMember(db);
      const { deposit } = await gatewayDeposit(member.token, '500');
      const body = callbackBody(deposit.id);
      const first = await test.app.inject(callbackRequest(body));
      expect(first.statusCode, first.body).toBe(200);
      expect(gatewayCallbackResponse.parse(first.json()).value).toEqual({
        orderId: deposit.id,
        status: 'approved',
      });
      expect(await balanceOf(member.id)).toBe(50_000n);
      const row = await depositRow(deposit.id);
      expect(row.gateway_txn_id).toBe(JSON.parse(body).gatewayTxnId);
      expect(row.decided_by).toBe('gateway:sim-upi');

      const replay = await test.app.inject(callbackRequest(body));
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(await balanceOf(member.id)).toBe(50_000n);

      // Another transaction for a decided order moves nothing.
      const another = await test.app.inject(callbackRequest(callbackBody(deposit.id)));
      expect(another.statusCode).toBe(409);
      expect(failure(another).message).toBe('deposit_not_pending');
      expect(await balanceOf(member.id)).toBe(50_000n);
      // Audited once with its effect: the replay and the refused second transaction add nothing.
      expect(await gatewayAudits(deposit.id)).toEqual([
        [
          'deposit.gateway_approved',
          {
            by: 'gateway:sim-upi',
            depositId: deposit.id,
            gatewayTxnId: JSON.parse(body).gatewayTxnId,
            amountMinor: '50000',
            reportedAmount: '500.00',
            entryId: String(row.entry_id),
          },
        ],
      ]);
    });

    it('refuses a bad or missing signature (checked over the raw bytes)', async () => {
      const member = await newMember(db);
      const { deposit } = await gatewayDeposit(member.token, '500');
      const body = callbackBody(deposit.id);
      const reformatted = JSON.stringify(JSON.parse(body), null, 2);
      const attempts: InjectOptions[] = [
        callbackRequest(body, { signature: null }),
        callbackRequest(body, { signature: 'sha256=00' }),
        callbackRequest(body, { signature: signBody('another-secret-entirely', body) }),
        callbackRequest(body, { signature: signBody(SIMULATOR_SECRET, body).toUpperCase() }),
        // Same JSON, other bytes: the signature no longer matches.
        callbackRequest(reformatted, { signature: signBody(SIMULATOR_SECRET, body) }),
        { ...callbackRequest(body), payload: body.replace('500.00', '5000.00') },
      ];
      for (const attempt of attempts) {
        const response = await test.app.inject(attempt);
        expect(response.statusCode, response.body).toBe(401);
        expect(failure(response).message).toBe('gateway_signature_invalid');
      }
      expect((await depositRow(deposit.id)).status).toBe('pending');
      expect(await gatewayAudits(deposit.id)).toEqual([]);
      // The reformatted body with its own signature is fine: the bytes signed are the bytes sent.
      const exact = await test.app.inject(callbackRequest(reformatted));
      expect(exact.statusCode, exact.body).toBe(200);
      expect(await balanceOf(member.id)).toBe(50_000n);
    });

    it('fails the deposit on an amount mismatch or a failed payment, moving no money', async () => {
      const member = await newMember(db);
      const mismatch = (await gatewayDeposit(member.token, '500')).deposit;
      const response = await test.app.inject(
        callbackRequest(callbackBody(mismatch.id, { amount: '5000.00' })),
      );
      expect(response.statusCode).toBe(200);
      expect(gatewayCallbackResponse.parse(response.json()).value).toEqual({
        orderId: mismatch.id,
        status: 'failed',
      });
      const row = await depositRow(mismatch.id);
      expect(row).toMatchObject({ status: 'failed', reject_reason: 'amount mismatch', entry_id: null });

      const declined = (await gatewayDeposit(member.token, '500')).deposit;
      const failed = await test.app.inject(callbackRequest(callbackBody(declined.id, { status: 'failed' })));
      expect(gatewayCallbackResponse.parse(failed.json()).value.status).toBe('failed');
      expect((await depositRow(declined.id)).status).toBe('failed');
      expect(await balanceOf(member.id)).toBe(0n);
      expect((await gatewayAudits(mismatch.id)).map(([action]) => action)).toEqual([
        'deposit.gateway_amount_mismatch',
      ]);
      expect(await gatewayAudits(declined.id)).toEqual([
        [
          'deposit.gateway_failed',
          expect.objectContaining({ by: 'gateway:sim-upi', depositId: declined.id, entryId: null }),
        ],
      ]);
    });

    it('answers 4xx for unknown methods and orders and malformed bodies', async () => {
      const member = await newMember(db);
      const bank = (await bankDeposit(member.token, '500')).deposit;
      const gateway = (await gatewayDeposit(member.token, '500')).deposit;
      const cases: Refusal[] = [
        {
          request: callbackRequest(callbackBody(gateway.id), { method: 'nope' }),
          status: 404,
          code: 'not_found',
        },
        {
          request: callbackRequest(callbackBody(bank.id), { method: 'bank' }),
          status: 404,
          code: 'not_found',
        },
        { request: callbackRequest(callbackBody(bank.id)), status: 404, code: 'not_found' },
        { request: callbackRequest(callbackBody('999999999')), status: 404, code: 'not_found' },
        { request: callbackRequest('{"orderId":'), status: 400, code: 'invalid_json' },
        {
          request: callbackRequest(JSON.stringify({ orderId: gateway.id, status: 'success' })),
          status: 400,
          code: 'invalid_request',
        },
        {
          request: callbackRequest(callbackBody(gateway.id, { status: 'maybe' })),
          status: 400,
          code: 'invalid_request',
        },
        {
          request: callbackRequest(callbackBody(gateway.id, { gatewayTxnId: 'has space' })),
          status: 400,
          code: 'invalid_request',
        },
        {
          request: { ...callbackRequest('orderId=1'), headers: { 'content-type': 'text/html' } },
          status: 415,
          code: 'unsupported_media_type',
        },
      ];
      await expectRefusals(cases);
      expect((await depositRow(gateway.id)).status).toBe('pending');
      expect((await depositRow(bank.id)).status).toBe('pending');
    });

    it('credits once per gateway transaction id (5× in a row, 5× at once, another body → 409)', async () => {
      const member = await newMember(db);
      let current = (await gatewayDeposit(member.token, '500')).deposit.id;
      const spare = (await gatewayDeposit(member.token, '500')).deposit.id;
      const body = (orderId: string, key: string) =>
        JSON.stringify({ orderId, gatewayTxnId: key, amount: '500.00', status: 'success' });
      await expectIdempotent({
        app: test.app,
        request: (key) => callbackRequest(body(current, key)),
        changed: (key) => callbackRequest(body(spare, key)),
        effect: () => balanceOf(member.id),
        between: async () => {
          current = (await gatewayDeposit(member.token, '500')).deposit.id;
        },
      });
      expect(await balanceOf(member.id)).toBe(100_000n);
      expect((await depositRow(spare)).status).toBe('pending');
    });
  });

  describe('gateway simulator', () => {
    const payPath = (redirectUrl: string | null) => {
      const url = new URL(redirectUrl ?? '');
      return `${url.pathname}${url.search}`;
    };

    it('shows a plain pay page in English or Hindi, with no script', async () => {
      const member = await newMember(db);
      const { deposit, redirectUrl } = await gatewayDeposit(member.token, '1234.50');
      const page = await test.app.inject({ method: 'GET', url: payPath(redirectUrl) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain(formatMoney(123_450n, await brandSymbol()));
      expect(page.body).toContain(`#${deposit.id}`);
      expect(page.body).toContain('action="/sim/gateway/complete"');
      expect(page.body).toContain('value="pay"');
      expect(page.body).toContain('value="fail"');
      expect(page.body).not.toMatch(/<script/i);
      expect(page.body).not.toMatch(/\son[a-z]+=/i);

      const hindi = await test.app.inject({
        method: 'GET',
        url: payPath(redirectUrl).replace('lang=en', 'lang=hi'),
      });
      expect(hindi.body).toContain('भुगतान करें');
      expect(hindi.body).toContain('<html lang="hi">');
    });

    it('refuses pages for links the platform did not sign', async () => {
      const member = await newMember(db);
      const { deposit, redirectUrl } = await gatewayDeposit(member.token, '500');
      const url = new URL(redirectUrl ?? '');
      const bank = (await bankDeposit(member.token, '500')).deposit;
      const forged = [
        `/sim/gateway/pay?order=${deposit.id}&sig=${'0'.repeat(64)}`,
        `/sim/gateway/pay?order=${Number(deposit.id) + 1000}&sig=${url.searchParams.get('sig')}`,
        `/sim/gateway/pay?order=${deposit.id}`,
        `/sim/gateway/pay?order=${bank.id}&sig=${'a'.repeat(64)}`,
      ];
      for (const path of forged) {
        const response = await test.app.inject({ method: 'GET', url: path });
        expect([400, 404], `${path}: ${response.statusCode}`).toContain(response.statusCode);
      }
      const complete = await test.app.inject({
        method: 'POST',
        url: '/sim/gateway/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `order=${deposit.id}&sig=${'0'.repeat(64)}&outcome=pay`,
      });
      expect(complete.statusCode).toBe(404);
      expect((await depositRow(deposit.id)).status).toBe('pending');
    });

    it('pays and fails through a real signed HTTP callback, then returns to the deposit page', async () => {
      await test.app.listen({ port, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${port}`;
      const member = await newMember(db);

      const complete = async (redirectUrl: string | null, outcome: 'pay' | 'fail') => {
        const url = new URL(redirectUrl ?? '');
        const form = new URLSearchParams({
          order: url.searchParams.get('order') ?? '',
          sig: url.searchParams.get('sig') ?? '',
          lang: 'en',
          outcome,
        });
        return fetch(`${base}/sim/gateway/complete`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          redirect: 'manual',
        });
      };

      const paid = await gatewayDeposit(member.token, '800');
      const payResponse = await complete(paid.redirectUrl, 'pay');
      expect(payResponse.status).toBe(303);
      expect(payResponse.headers.get('location')).toBe(`/member/depositv2?deposit=${paid.deposit.id}`);
      expect((await depositRow(paid.deposit.id)).status).toBe('approved');
      expect(await balanceOf(member.id)).toBe(80_000n);
      // A double click sends the same callback: same answer, no second credit.
      expect((await complete(paid.redirectUrl, 'pay')).status).toBe(303);
      expect(await balanceOf(member.id)).toBe(80_000n);

      const declined = await gatewayDeposit(member.token, '300');
      const failResponse = await complete(declined.redirectUrl, 'fail');
      expect(failResponse.status).toBe(303);
      expect((await depositRow(declined.deposit.id)).status).toBe('failed');
      expect(await balanceOf(member.id)).toBe(80_000n);

      // Issue 14, 7b: the callback goes to the configured origin whatever Host the browser sent (it was built
      // from Host, so a request could make the server POST to any host and port).
      const aimed = await gatewayDeposit(member.token, '200');
      const aimedUrl = new URL(aimed.redirectUrl ?? '');
      const aimedResponse = await test.app.inject({
        method: 'POST',
        url: '/sim/gateway/complete',
        headers: { host: 'attacker.invalid:6379', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          order: aimedUrl.searchParams.get('order') ?? '',
          sig: aimedUrl.searchParams.get('sig') ?? '',
          outcome: 'pay',
        }).toString(),
      });
      expect(aimedResponse.statusCode).toBe(303);
      expect((await depositRow(aimed.deposit.id)).status).toBe('approved');
      expect(await balanceOf(member.id)).toBe(100_000n);

      // A decided order's page says so instead of offering the buttons.
      const page = await test.app.inject({ method: 'GET', url: payPath(paid.redirectUrl) });
      expect(page.body).not.toContain('value="pay"');
      expect(page.body).toContain('/member/depositv2?deposit=');
    });
  });
});

describe.each(testBackends())('deposits without the gateway simulator [%s]', (backend) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  it('offers no simulator method, refuses it, and mounts no simulator routes', async () => {
    const member = await newMember(test.database.db);
    const methods = await test.app.inject({
      method: 'GET',
      url: '/wps/payments/deposit/methods',
      headers: bearer(member.token),
    });
    expect(depositMethodsResponse.parse(methods.json()).value.methods.map((method) => method.code)).toEqual([
      'bank',
    ]);
    const { payload, headers } = multipartBody({ method: 'sim-upi', amount: '500' });
    const created = await test.app.inject({
      method: 'POST',
      url: '/wps/payments/deposits',
      headers: { ...headers, ...bearer(member.token), 'idempotency-key': randomUUID() },
      payload,
    });
    expect(created.statusCode).toBe(422);
    expect(failure(created).message).toBe('payment_method_unavailable');
    for (const request of [
      { method: 'GET' as const, url: `/sim/gateway/pay?order=1&sig=${'0'.repeat(64)}` },
      { method: 'POST' as const, url: '/sim/gateway/complete', payload: {} },
    ]) {
      const response = await test.app.inject({ ...request, headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
      expect(failure(response).message).toBe('not_found');
      // A browser asking for the page gets the web app's fallback, never the simulator.
      const page = await test.app.inject({ ...request, headers: { accept: 'text/html' } });
      expect(page.body).not.toContain('Payment gateway simulator');
    }
    const body = JSON.stringify({ orderId: '1', gatewayTxnId: 't-1', amount: '500.00', status: 'success' });
    const callback = await test.app.inject({
      method: 'POST',
      url: '/wps/payments/gateway/sim-upi/callback',
      headers: { 'content-type': 'application/json', 'x-lotus-signature': signBody(SIMULATOR_SECRET, body) },
      payload: body,
    });
    expect(callback.statusCode).toBe(422);
    expect(failure(callback).message).toBe('payment_method_unavailable');
  });
});
