import { randomUUID } from 'node:crypto';
import { memberInfoResponse } from '@lotus/shared/auth.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import {
  agentTransferResponse,
  consolidatedFundsResponse,
  merchantWalletResponse,
  walletRecallResponse,
  walletTransferResponse,
} from '@lotus/shared/wallet.schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { expectIdempotent } from '../../../test/helpers/idempotency-check.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { sealFor } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';

const PAY = 'Pay123456';

describe.each(testBackends())('wallet transfers [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    await fx.addVendor('ALPHA', { EN: 'Alpha Games', HI: 'अल्फा गेम्स' });
    await fx.addVendor('ZED', { EN: 'Beta Live' });
    await fx.addVendor('OFF', { EN: 'Old Vendor' }, { enabled: false });
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (
    url: string,
    token: string,
    payload: unknown,
    key: string | null = randomUUID(),
  ): InjectOptions => ({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as InjectOptions['payload'],
  });
  const call = (options: InjectOptions) => test.app.inject(options);
  const failure = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const transfer = (token: string, payload: unknown, key?: string | null) =>
    call(post('/wps/relay/GCS_walletTransfer', token, payload, key));
  const recall = (token: string, payload: unknown, key?: string | null) =>
    call(post('/wps/relay/GCS_walletRecall', token, payload, key));
  /** The member's audit rows of one action (issue 7: written in the money transaction, so once per key). */
  const audits = (memberId: bigint, action: string) =>
    test.database.db
      .selectFrom('audit_log')
      .select(['operator_id', 'ip', 'detail'])
      .where('member_id', '=', memberId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  describe('merchant wallet and consolidated funds', () => {
    it('say whether the brand keeps one wallet', async () => {
      const { token } = await fx.member();
      const ask = () => call({ method: 'GET', url: '/wps/relay/GCS_merchantWallet', headers: bearer(token) });
      expect(merchantWalletResponse.parse((await ask()).json()).value).toEqual({
        isSingle: false,
        currency: 'INR',
        currencySymbol: '₹',
      });
      await fx.setSingleWallet(true);
      try {
        expect(merchantWalletResponse.parse((await ask()).json()).value.isSingle).toBe(true);
      } finally {
        await fx.setSingleWallet(false);
      }
      expect((await call({ method: 'GET', url: '/wps/relay/GCS_merchantWallet' })).statusCode).toBe(401);
    });

    it('lists main and vendor wallets sorted by name, in the asked language, with their total', async () => {
      const { id, token } = await fx.member({ fundMinor: 50_000n });
      const ask = (query = '') =>
        call({ method: 'GET', url: `/wps/member/info/funds/consolidated${query}`, headers: bearer(token) });
      const first = consolidatedFundsResponse.parse((await ask()).json()).value;
      expect(first.main).toEqual({ balanceMinor: '50000', balance: '500.00' });
      // Enabled catalogue vendors by display name; the disabled one is not offered.
      expect(first.vendors.map((vendor) => [vendor.vendor, vendor.name, vendor.balanceMinor])).toEqual([
        ['ALPHA', 'Alpha Games', '0'],
        ['ZED', 'Beta Live', '0'],
        // The demo's in-house vendors (the PVP rooms and the live tables since issue 22, the lottery engine
        // since 20, the studio, the sportsbook since 21).
        ['PVP', 'Lotus Cards', '0'],
        ['LIVE', 'Lotus Live', '0'],
        ['LOTTO', 'Lotus Lottery', '0'],
        ['LOTUS', 'Lotus Originals', '0'],
        ['SPORTSBOOK', 'Lotus Sports', '0'],
      ]);
      expect(first.totalMinor).toBe('50000');

      expect((await transfer(token, { vendor: 'ZED', direction: 'in', amount: '120.50' })).statusCode).toBe(
        200,
      );
      const after = consolidatedFundsResponse.parse((await ask('?language=hi')).json()).value;
      expect(after.main.balanceMinor).toBe('37950');
      expect(after.vendors.find((vendor) => vendor.vendor === 'ZED')).toMatchObject({
        balanceMinor: '12050',
        balance: '120.50',
      });
      expect(after.vendors.find((vendor) => vendor.vendor === 'ALPHA')?.name).toBe('अल्फा गेम्स');
      expect(after).toMatchObject({
        totalMinor: '50000',
        total: '500.00',
        currency: 'INR',
        currencySymbol: '₹',
      });

      // A single-wallet brand lists only the vendor wallets that still hold a row for the member.
      await fx.setSingleWallet(true);
      try {
        const single = consolidatedFundsResponse.parse((await ask()).json()).value;
        expect(single.vendors.map((vendor) => vendor.vendor)).toEqual(['ZED']);
      } finally {
        await fx.setSingleWallet(false);
      }
      expect(await fx.vendorBalance(id, 'ZED')).toBe(12_050n);
      expect((await ask('?language=english')).statusCode).toBe(400);
    });
  });

  describe('GCS_walletTransfer', () => {
    it('moves money main → vendor and back in one vendor_transfer entry each', async () => {
      const { id, token } = await fx.member({ fundMinor: 100_000n });
      const entries = await fx.entriesOfKind('vendor_transfer');
      const moved = await transfer(token, { vendor: 'ALPHA', direction: 'in', amount: '250' });
      expect(moved.statusCode, moved.body).toBe(200);
      const value = walletTransferResponse.parse(moved.json()).value;
      expect(value.main).toEqual({ balanceMinor: '75000', balance: '750.00' });
      expect(value.vendor).toEqual({ vendor: 'ALPHA', balanceMinor: '25000', balance: '250.00' });
      expect(await fx.entriesOfKind('vendor_transfer')).toBe(entries + 1);

      const back = walletTransferResponse.parse(
        (await transfer(token, { vendor: 'ALPHA', direction: 'out', amount: '0.05' })).json(),
      ).value;
      expect(back.main.balanceMinor).toBe('75005');
      expect(back.vendor.balanceMinor).toBe('24995');
      expect(await fx.main(id)).toBe(75_005n);
      expect(await fx.vendorBalance(id, 'ALPHA')).toBe(24_995n);
    });

    it('refuses bad input with 4xx codes and moves nothing', async () => {
      const { id, token } = await fx.member({ fundMinor: 10_000n });
      const cases: [unknown, string | null, number, string][] = [
        [{ vendor: 'ALPHA', direction: 'in', amount: '10' }, null, 400, 'idempotency_key_required'],
        [
          { vendor: 'ALPHA', direction: 'in', amount: '10' },
          'bad key with spaces',
          400,
          'idempotency_key_required',
        ],
        [{ vendor: 'ALPHA', direction: 'in', amount: 'abc' }, randomUUID(), 400, 'amount_invalid'],
        [{ vendor: 'ALPHA', direction: 'in', amount: '0' }, randomUUID(), 400, 'amount_invalid'],
        [{ vendor: 'ALPHA', direction: 'in', amount: '-5' }, randomUUID(), 400, 'amount_invalid'],
        [{ vendor: 'ALPHA', direction: 'in', amount: '1.234' }, randomUUID(), 400, 'amount_invalid'],
        [{ vendor: 'ALPHA', direction: 'in', amount: 10 }, randomUUID(), 400, 'invalid_request'],
        [{ vendor: 'ALPHA', direction: 'sideways', amount: '10' }, randomUUID(), 400, 'invalid_request'],
        [{ vendor: 'AL PHA', direction: 'in', amount: '10' }, randomUUID(), 400, 'invalid_request'],
        [{ vendor: 'ALPHA', direction: 'in', amount: '10', extra: 1 }, randomUUID(), 400, 'invalid_request'],
        [{ vendor: 'NOPE', direction: 'in', amount: '10' }, randomUUID(), 404, 'vendor_unknown'],
        [{ vendor: 'OFF', direction: 'in', amount: '10' }, randomUUID(), 404, 'vendor_unknown'],
        [{ vendor: 'ALPHA', direction: 'in', amount: '100.01' }, randomUUID(), 409, 'insufficient_funds'],
        [{ vendor: 'ALPHA', direction: 'out', amount: '1' }, randomUUID(), 409, 'insufficient_funds'],
      ];
      for (const [payload, key, status, code] of cases) {
        const response = await transfer(token, payload, key);
        expect([response.statusCode, failure(response).message], JSON.stringify(payload)).toEqual([
          status,
          code,
        ]);
      }
      expect(await fx.main(id)).toBe(10_000n);
      expect(
        (await call({ ...post('/wps/relay/GCS_walletTransfer', 'nobody', {}), headers: {} })).statusCode,
      ).toBe(401);
    });

    it('brings money back from a vendor the brand switched off', async () => {
      const { id, token } = await fx.member({ fundMinor: 10_000n });
      await fx.addVendor('GONE', { EN: 'Gone Soon' });
      expect((await transfer(token, { vendor: 'GONE', direction: 'in', amount: '40' })).statusCode).toBe(200);
      await test.database.db
        .updateTable('vendors')
        .set({ enabled: false })
        .where('vassalage', '=', 'GONE')
        .execute();
      expect((await transfer(token, { vendor: 'GONE', direction: 'in', amount: '1' })).statusCode).toBe(404);
      expect((await transfer(token, { vendor: 'GONE', direction: 'out', amount: '40' })).statusCode).toBe(
        200,
      );
      expect(await fx.main(id)).toBe(10_000n);
    });

    it('is refused in single-wallet mode and for trial and type-4 accounts', async () => {
      const { id, token } = await fx.member({ fundMinor: 10_000n });
      const body = { vendor: 'ALPHA', direction: 'in', amount: '10' };
      await fx.setSingleWallet(true);
      try {
        const single = await transfer(token, body);
        expect([single.statusCode, failure(single).message]).toEqual([422, 'wallet_single_mode']);
      } finally {
        await fx.setSingleWallet(false);
      }
      await fx.setTrial(id, true);
      const trial = await transfer(token, body);
      expect([trial.statusCode, failure(trial).message]).toEqual([403, 'in_need_true_account']);
      await fx.setTrial(id, false);
      await fx.setType(id, 4);
      const guest = await transfer(token, body);
      expect([guest.statusCode, failure(guest).message]).toEqual([403, 'in_need_true_account']);
      await fx.setType(id, 0);
      expect(await fx.main(id)).toBe(10_000n);
    });

    it('has one effect per Idempotency-Key', async () => {
      const { id, token } = await fx.member({ fundMinor: 100_000n });
      await expectIdempotent({
        app: test.app,
        request: (key) =>
          post(
            '/wps/relay/GCS_walletTransfer',
            token,
            { vendor: 'ALPHA', direction: 'in', amount: '7.5' },
            key,
          ),
        changed: (key) =>
          post(
            '/wps/relay/GCS_walletTransfer',
            token,
            { vendor: 'ALPHA', direction: 'in', amount: '8' },
            key,
          ),
        effect: () => fx.main(id),
      });
    });

    it('audits each transfer once (wallet.transferred), not its replay nor a refused one', async () => {
      const { id, token } = await fx.member({ fundMinor: 10_000n });
      const key = randomUUID();
      const body = { vendor: 'ALPHA', direction: 'in', amount: '12.5' };
      expect((await transfer(token, body, key)).statusCode).toBe(200);
      expect((await transfer(token, body, key)).statusCode).toBe(200);
      const refused = await transfer(token, { vendor: 'ALPHA', direction: 'out', amount: '99' });
      expect(failure(refused).message).toBe('insufficient_funds');
      const rows = await audits(id, 'wallet.transferred');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        operator_id: null,
        ip: '127.0.0.1',
        detail: { by: 'member', vendor: 'ALPHA', direction: 'in', amountMinor: '1250' },
      });
    });
  });

  describe('GCS_walletRecall', () => {
    it('answers zero when there is nothing to recall', async () => {
      const { id, token } = await fx.member({ fundMinor: 1_000n });
      const response = await recall(token, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(walletRecallResponse.parse(response.json()).value).toEqual({
        recalledMinor: '0',
        recalled: '0.00',
        main: { balanceMinor: '1000', balance: '10.00' },
      });
      // Also without any body at all.
      const bare = await call({
        method: 'POST',
        url: '/wps/relay/GCS_walletRecall',
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      });
      expect(bare.statusCode, bare.body).toBe(200);
      expect(await fx.main(id)).toBe(1_000n);
    });

    it('returns every vendor wallet, or only the one named, to main', async () => {
      const { id, token } = await fx.member({ fundMinor: 90_000n });
      for (const vendor of ['ALPHA', 'ZED', 'LOTUS']) {
        expect((await transfer(token, { vendor, direction: 'in', amount: '100' })).statusCode).toBe(200);
      }
      expect(await fx.main(id)).toBe(60_000n);
      const one = walletRecallResponse.parse((await recall(token, { vendor: 'ZED' })).json()).value;
      expect(one).toEqual({
        recalledMinor: '10000',
        recalled: '100.00',
        main: { balanceMinor: '70000', balance: '700.00' },
      });
      expect(await fx.vendorBalance(id, 'ZED')).toBe(0n);

      const entries = await fx.entriesOfKind('vendor_transfer');
      const all = walletRecallResponse.parse((await recall(token, {})).json()).value;
      expect(all.recalledMinor).toBe('20000');
      expect(all.main.balanceMinor).toBe('90000');
      expect(await fx.entriesOfKind('vendor_transfer')).toBe(entries + 1);
      expect(await fx.vendorBalance(id, 'ALPHA')).toBe(0n);
      expect(await fx.vendorBalance(id, 'LOTUS')).toBe(0n);
    });

    it('refuses an unknown vendor, a missing key and trial accounts', async () => {
      const { id, token } = await fx.member();
      const unknown = await recall(token, { vendor: 'NOPE' });
      expect([unknown.statusCode, failure(unknown).message]).toEqual([404, 'vendor_unknown']);
      const noKey = await recall(token, {}, null);
      expect([noKey.statusCode, failure(noKey).message]).toEqual([400, 'idempotency_key_required']);
      const bad = await recall(token, { vendor: 42 });
      expect([bad.statusCode, failure(bad).message]).toEqual([400, 'invalid_request']);
      await fx.setTrial(id, true);
      const trial = await recall(token, {});
      expect([trial.statusCode, failure(trial).message]).toEqual([403, 'in_need_true_account']);
    });

    it('has one effect per Idempotency-Key', async () => {
      const { id, token } = await fx.member({ fundMinor: 100_000n });
      const fill = async () => {
        expect((await transfer(token, { vendor: 'ALPHA', direction: 'in', amount: '30' })).statusCode).toBe(
          200,
        );
        expect((await transfer(token, { vendor: 'ZED', direction: 'in', amount: '20' })).statusCode).toBe(
          200,
        );
      };
      await fill();
      await expectIdempotent({
        app: test.app,
        request: (key) => post('/wps/relay/GCS_walletRecall', token, {}, key),
        changed: (key) => post('/wps/relay/GCS_walletRecall', token, { vendor: 'ALPHA' }, key),
        effect: () => fx.main(id),
        between: fill,
      });
    });

    it('audits a recall that moved money once (wallet.recalled), an empty or refused one not', async () => {
      const { id, token } = await fx.member({ fundMinor: 10_000n });
      expect((await recall(token, {})).statusCode).toBe(200);
      expect(await audits(id, 'wallet.recalled')).toHaveLength(0);
      expect((await transfer(token, { vendor: 'ZED', direction: 'in', amount: '40' })).statusCode).toBe(200);
      const key = randomUUID();
      expect((await recall(token, {}, key)).statusCode).toBe(200);
      expect((await recall(token, {}, key)).statusCode).toBe(200);
      expect((await recall(token, { vendor: 'NOPE' })).statusCode).toBe(404);
      const rows = await audits(id, 'wallet.recalled');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        ip: '127.0.0.1',
        detail: { by: 'member', vendor: null, amountMinor: '4000', wallets: 1 },
      });
    });
  });

  describe('agent transfers', () => {
    /** agent → sub (agent, type 2) → player; plus an unrelated player and an agent of another tree. */
    let agent: Awaited<ReturnType<WalletFixture['member']>>;
    let sub: Awaited<ReturnType<WalletFixture['member']>>;
    let player: Awaited<ReturnType<WalletFixture['member']>>;
    let stranger: Awaited<ReturnType<WalletFixture['member']>>;

    beforeAll(async () => {
      agent = await fx.member({ type: 1, paymentPassword: PAY, fundMinor: 500_000n });
      sub = await fx.member({ type: 2, upline: agent.id, paymentPassword: PAY, fundMinor: 100_000n });
      player = await fx.member({ type: 0, upline: sub.id, paymentPassword: PAY, fundMinor: 100_000n });
      stranger = await fx.member({ type: 0, paymentPassword: PAY, fundMinor: 100_000n });
    });

    const sealedPost = async (
      url: string,
      token: string,
      payload: unknown,
      key: string | null = randomUUID(),
    ) => post(url, token, await sealFor(test.app, payload), key);
    const upline = async (token: string, payload: unknown, key?: string | null) =>
      call(await sealedPost('/wps/member/transfer/upline', token, payload, key));
    const downline = async (token: string, payload: unknown, key?: string | null) =>
      call(await sealedPost('/wps/agent/transfer/downline', token, payload, key));

    it('member/info offers the upline transfer only to real accounts with an upline', async () => {
      const info = async (token: string) =>
        memberInfoResponse.parse(
          (await call({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).json(),
        ).value.toUpline;
      expect(await info(player.token)).toBe(true);
      expect(await info(stranger.token)).toBe(false);
      expect(await info(agent.token)).toBe(false);
      await fx.setTrial(player.id, true);
      try {
        expect(await info(player.token)).toBe(false);
      } finally {
        await fx.setTrial(player.id, false);
      }
    });

    it('moves money to the own upline in one agent_transfer entry', async () => {
      const before = [await fx.main(player.id), await fx.main(sub.id)];
      const entries = await fx.entriesOfKind('agent_transfer');
      const response = await upline(player.token, { amount: '150.25', withdrawPassword: PAY });
      expect(response.statusCode, response.body).toBe(200);
      const value = agentTransferResponse.parse(response.json()).value;
      expect(value).toMatchObject({ amountMinor: '15025', amount: '150.25', to: sub.username });
      expect(value.main.balanceMinor).toBe(String((before[0] ?? 0n) - 15_025n));
      expect(await fx.main(sub.id)).toBe((before[1] ?? 0n) + 15_025n);
      expect(await fx.entriesOfKind('agent_transfer')).toBe(entries + 1);
    });

    it('refuses an upline transfer without an upline, with a wrong or unset password, or from a trial', async () => {
      const none = await upline(stranger.token, { amount: '1', withdrawPassword: PAY });
      expect([none.statusCode, failure(none).message]).toEqual([403, 'transfer_not_allowed']);
      const wrong = await upline(player.token, { amount: '1', withdrawPassword: 'Wrong12345' });
      expect([wrong.statusCode, failure(wrong).message]).toEqual([403, 'withdraw_password_error']);
      const unset = await fx.member({ upline: sub.id, fundMinor: 1_000n });
      const notSet = await upline(unset.token, { amount: '1', withdrawPassword: PAY });
      expect([notSet.statusCode, failure(notSet).message]).toEqual([422, 'withdraw_password_not_set']);
      const bad = await upline(player.token, { amount: 'lots', withdrawPassword: PAY });
      expect([bad.statusCode, failure(bad).message]).toEqual([400, 'amount_invalid']);
      const short = await upline(player.token, { amount: '1000000', withdrawPassword: PAY });
      expect([short.statusCode, failure(short).message]).toEqual([409, 'insufficient_funds']);
      const shape = await upline(player.token, { amount: '1' });
      expect([shape.statusCode, failure(shape).message]).toEqual([400, 'invalid_request']);
      const unsealed = await call(
        post('/wps/member/transfer/upline', player.token, { amount: '1', withdrawPassword: PAY }),
      );
      expect(unsealed.statusCode).toBe(400);
      const noKey = await upline(player.token, { amount: '1', withdrawPassword: PAY }, null);
      expect([noKey.statusCode, failure(noKey).message]).toEqual([400, 'idempotency_key_required']);
      await fx.setTrial(player.id, true);
      try {
        const trial = await upline(player.token, { amount: '1', withdrawPassword: PAY });
        expect([trial.statusCode, failure(trial).message]).toEqual([403, 'in_need_true_account']);
      } finally {
        await fx.setTrial(player.id, false);
      }
      // One wrong answer does not lock the password: the right one still works.
      expect((await upline(player.token, { amount: '1', withdrawPassword: PAY })).statusCode).toBe(200);
    });

    it('lets an agent pay a direct downline member only', async () => {
      const before = await fx.main(sub.id);
      const ok = await downline(agent.token, {
        username: sub.username.toUpperCase(),
        amount: '99',
        withdrawPassword: PAY,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(agentTransferResponse.parse(ok.json()).value).toMatchObject({
        to: sub.username,
        amountMinor: '9900',
      });
      expect(await fx.main(sub.id)).toBe(before + 9_900n);

      const refused: [typeof agent, string][] = [
        [agent, player.username], // two levels down
        [agent, stranger.username], // another tree
        [agent, 'no_such_member'],
        [agent, agent.username], // itself
        [sub, agent.username], // its upline is not a downline
        [player, sub.username], // not an agent at all
      ];
      for (const [from, username] of refused) {
        const response = await downline(from.token, { username, amount: '1', withdrawPassword: PAY });
        expect([response.statusCode, failure(response).message], `${from.username} → ${username}`).toEqual([
          403,
          'transfer_not_allowed',
        ]);
      }
      const fromSub = await downline(sub.token, {
        username: player.username,
        amount: '1',
        withdrawPassword: PAY,
      });
      expect(fromSub.statusCode, fromSub.body).toBe(200);
      const wrong = await downline(agent.token, {
        username: sub.username,
        amount: '1',
        withdrawPassword: 'Nope12345',
      });
      expect([wrong.statusCode, failure(wrong).message]).toEqual([403, 'withdraw_password_error']);
    });

    it('refuses a downline that is a trial account and an agent that is one', async () => {
      await fx.setTrial(sub.id, true);
      try {
        const toTrial = await downline(agent.token, {
          username: sub.username,
          amount: '1',
          withdrawPassword: PAY,
        });
        expect([toTrial.statusCode, failure(toTrial).message]).toEqual([403, 'transfer_not_allowed']);
      } finally {
        await fx.setTrial(sub.id, false);
      }
      await fx.setType(agent.id, 4);
      try {
        const guest = await downline(agent.token, {
          username: sub.username,
          amount: '1',
          withdrawPassword: PAY,
        });
        expect([guest.statusCode, failure(guest).message]).toEqual([403, 'in_need_true_account']);
      } finally {
        await fx.setType(agent.id, 1);
      }
    });

    it('audits each agent transfer once (transfer.upline / .downline), not a replay nor a refusal', async () => {
      const count = async (memberId: bigint, action: string) => (await audits(memberId, action)).length;
      const before = [await count(player.id, 'transfer.upline'), await count(sub.id, 'transfer.downline')];
      const up = await sealFor(test.app, { amount: '2', withdrawPassword: PAY });
      const upKey = randomUUID();
      for (let i = 0; i < 2; i += 1) {
        expect((await call(post('/wps/member/transfer/upline', player.token, up, upKey))).statusCode).toBe(
          200,
        );
      }
      const wrong = await upline(player.token, { amount: '1', withdrawPassword: 'Wrong12345' });
      expect(failure(wrong).message).toBe('withdraw_password_error');
      const down = await sealFor(test.app, { username: player.username, amount: '3', withdrawPassword: PAY });
      const downKey = randomUUID();
      for (let i = 0; i < 2; i += 1) {
        expect((await call(post('/wps/agent/transfer/downline', sub.token, down, downKey))).statusCode).toBe(
          200,
        );
      }
      const stray = await downline(sub.token, {
        username: stranger.username,
        amount: '1',
        withdrawPassword: PAY,
      });
      expect(failure(stray).message).toBe('transfer_not_allowed');
      expect([await count(player.id, 'transfer.upline'), await count(sub.id, 'transfer.downline')]).toEqual([
        (before[0] ?? 0) + 1,
        (before[1] ?? 0) + 1,
      ]);
      const last = (await audits(sub.id, 'transfer.downline')).at(-1);
      expect(last).toMatchObject({
        ip: '127.0.0.1',
        detail: { by: 'member', toMemberId: String(player.id), to: player.username, amountMinor: '300' },
      });
    });

    it('has one effect per Idempotency-Key, upline and downline', async () => {
      const up = await sealFor(test.app, { amount: '3', withdrawPassword: PAY });
      const upChanged = await sealFor(test.app, { amount: '4', withdrawPassword: PAY });
      await expectIdempotent({
        app: test.app,
        request: (key) => post('/wps/member/transfer/upline', player.token, up, key),
        changed: (key) => post('/wps/member/transfer/upline', player.token, upChanged, key),
        effect: () => fx.main(player.id),
      });
      const down = await sealFor(test.app, { username: sub.username, amount: '5', withdrawPassword: PAY });
      const downChanged = await sealFor(test.app, {
        username: sub.username,
        amount: '6',
        withdrawPassword: PAY,
      });
      await expectIdempotent({
        app: test.app,
        request: (key) => post('/wps/agent/transfer/downline', agent.token, down, key),
        changed: (key) => post('/wps/agent/transfer/downline', agent.token, downChanged, key),
        effect: () => fx.main(agent.id),
      });
    });
  });
});
