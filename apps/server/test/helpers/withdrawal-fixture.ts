import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { hashToken, newSecret } from '../../src/lib/secret-token.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { creditFromHouse } from './house-credit.ts';
import { sealFor } from './login-helper.ts';

/**
 * Members with money, a payment password and a payout account, made directly in the database so each
 * withdrawal test starts from its own account (docs/wallet-contract.md "Withdrawals").
 */
export type FixtureMember = {
  id: bigint;
  username: string;
  password: string;
  token: string;
  headers: Record<string, string>;
};

export const PAY_PASSWORD = 'Pay2026pin';

export class WithdrawalFixture {
  readonly #app: FastifyInstance;
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly ledger: LedgerService;
  brandId = 0n;
  #counter = 0;

  constructor(app: FastifyInstance, db: Kysely<Database>, clock: Clock) {
    this.#app = app;
    this.#db = db;
    this.#clock = clock;
    this.ledger = new LedgerService(db);
  }

  async init(): Promise<void> {
    this.brandId = (
      await this.#db
        .selectFrom('brands')
        .select('id')
        .where('is_default', '=', true)
        .executeTakeFirstOrThrow()
    ).id;
  }

  /** A member of the default brand with a live session (and no payment password or account yet). */
  async member(options: { isTrial?: boolean; memberType?: number } = {}): Promise<FixtureMember> {
    this.#counter += 1;
    const username = `wd_${this.#counter}_${randomUUID().slice(0, 6)}`;
    const password = `Login${this.#counter}pass`;
    const row = await this.#db
      .insertInto('members')
      .values({
        brand_id: this.brandId,
        username,
        password_hash: await hashPassword(password),
        password_changed_at: this.#clock.now(),
        is_trial: options.isTrial ?? false,
        member_type: options.memberType ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = newSecret();
    await this.#db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        member_id: row.id,
        created_at: this.#clock.now(),
        last_seen_at: this.#clock.now(),
        expires_at: new Date(this.#clock.now().getTime() + 12 * 3_600_000),
        ip: '198.51.100.77',
      })
      .execute();
    return { id: row.id, username, password, token, headers: { authorization: `Bearer ${token}` } };
  }

  /** Credits the member's main wallet from the house (an adjustment). */
  async fund(memberId: bigint, amountMinor: bigint): Promise<void> {
    await creditFromHouse(this.ledger, {
      brandId: this.brandId,
      memberId,
      amountMinor,
      idempotencyKey: `fixture:fund:${randomUUID()}`,
    });
  }

  async balance(memberId: bigint) {
    return this.ledger.balanceOf(memberId);
  }

  async clearingBalance(): Promise<bigint> {
    return this.ledger.systemBalance(this.brandId, 'withdrawals_clearing');
  }

  setPayPassword(member: FixtureMember, payload: Record<string, string>) {
    return this.#sealed('PUT', '/wps/member/withdraw-password', member, payload);
  }

  addAccount(member: FixtureMember, body: Record<string, string>) {
    return this.#app.inject({
      method: 'POST',
      url: '/wps/member/payout-accounts',
      headers: member.headers,
      payload: body,
    });
  }

  async #sealed(
    method: 'PUT' | 'POST',
    url: string,
    member: FixtureMember,
    payload: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.#app.inject({
      method,
      url,
      headers: { ...member.headers, ...headers },
      payload: await sealFor(this.#app, payload),
    });
  }

  /** `POST /wps/member/withdrawals` with a sealed payload; `key` null sends no Idempotency-Key. */
  requestWithdrawal(
    member: FixtureMember,
    payload: { payoutAccountId: string; amount: string; withdrawPassword?: string },
    key: string | null = randomUUID(),
  ) {
    return this.#sealed(
      'POST',
      '/wps/member/withdrawals',
      member,
      { withdrawPassword: PAY_PASSWORD, ...payload },
      key === null ? {} : { 'idempotency-key': key },
    );
  }

  /** A member with `fundsMinor` in the wallet, the payment password PAY_PASSWORD and one bank account. */
  async readyMember(fundsMinor: bigint): Promise<FixtureMember & { accountId: string }> {
    const member = await this.member();
    if (fundsMinor > 0n) await this.fund(member.id, fundsMinor);
    const set = await this.setPayPassword(member, {
      loginPassword: member.password,
      newPassword: PAY_PASSWORD,
    });
    if (set.statusCode !== 200) throw new Error(`pay password: ${set.body}`);
    const added = await this.addAccount(member, {
      kind: 'bank',
      provider: 'State Bank of India',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      payeeName: 'Test Payee',
    });
    if (added.statusCode !== 200) throw new Error(`payout account: ${added.body}`);
    const accounts = (added.json() as { value: { accounts: { id: string }[] } }).value.accounts;
    return { ...member, accountId: accounts[0]?.id ?? '' };
  }

  /** A pending withdrawal's id (throws unless the request succeeds). */
  async pendingWithdrawal(member: FixtureMember & { accountId: string }, amount: string): Promise<string> {
    const response = await this.requestWithdrawal(member, { payoutAccountId: member.accountId, amount });
    if (response.statusCode !== 200) throw new Error(`withdrawal: ${response.body}`);
    return (response.json() as { value: { withdrawal: { id: string } } }).value.withdrawal.id;
  }

  opsPost(token: string, url: string, payload?: unknown, key: string | null = randomUUID()) {
    return this.#app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, ...(key === null ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async auditRows(action: string, withdrawalId: string) {
    const rows = await this.#db
      .selectFrom('audit_log')
      .select(['operator_id', 'member_id', 'action', 'detail'])
      .where('action', '=', action)
      .execute();
    return rows.filter(
      (row) => String((row.detail as { withdrawalId?: unknown }).withdrawalId) === withdrawalId,
    );
  }
}
