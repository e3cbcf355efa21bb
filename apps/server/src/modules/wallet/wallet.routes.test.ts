import { errorEnvelope } from '@lotus/shared/envelope';
import { walletBalanceResponse } from '@lotus/shared/wallet.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onceAnnounced } from '../../../test/helpers/announced.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { loginAs } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

describe.each(testBackends())('wallet balance route [%s]', (backend) => {
  let test: TestApp;
  let player: string;
  let agent: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    player = await loginAs(test.app, 'demo_player', demoAccount('demo_player').password);
    agent = await loginAs(test.app, 'demo_agent', demoAccount('demo_agent').password);
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const balance = (headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses callers without a live session', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-session' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of attempts) {
      const response = await balance(headers);
      expect(response.statusCode).toBe(401);
      expect(errorEnvelope.parse(response.json())).toMatchObject({
        success: false,
        message: 'not_logged_in',
      });
    }
  });

  it("answers the demo player's seeded opening balance", async () => {
    const response = await balance(bearer(player));
    expect(response.statusCode).toBe(200);
    expect(walletBalanceResponse.parse(response.json())).toEqual({
      success: true,
      message: 'ok',
      value: { sumBalance: '10000.00', currency: 'INR', balanceMinor: '1000000' },
    });
  });

  it('answers zero for a member who has never had money (the wallet is created on first ask)', async () => {
    const response = await balance(bearer(agent));
    expect(walletBalanceResponse.parse(response.json()).value).toEqual({
      sumBalance: '0.00',
      currency: 'INR',
      balanceMinor: '0',
    });
  });

  it('leaves money on hold out of the balance the member can use', async () => {
    const ledger = new LedgerService(test.database.db);
    const member = await test.database.db
      .selectFrom('members')
      .select(['id', 'brand_id'])
      .where('username', '=', 'demo_player')
      .executeTakeFirstOrThrow();
    const account = await ledger.memberMainAccount(member.id);
    const hold = await ledger.reserve({
      brandId: member.brand_id,
      accountId: account.id,
      amountMinor: 25_005n,
      idempotencyKey: 'wallet-route-test:hold',
    });
    // The test's own LedgerService is not the app's: its entries reach the app's balance cache through
    // the ledger's announcement, like another process's.
    const read = async () => walletBalanceResponse.parse((await balance(bearer(player))).json()).value;
    expect(await onceAnnounced(read, (value) => value.balanceMinor === '974995')).toEqual({
      sumBalance: '9749.95',
      currency: 'INR',
      balanceMinor: '974995',
    });
    await ledger.voidHold({ brandId: member.brand_id, holdId: hold.holdId });
    expect((await onceAnnounced(read, (value) => value.sumBalance === '10000.00')).sumBalance).toBe(
      '10000.00',
    );
  });
});
