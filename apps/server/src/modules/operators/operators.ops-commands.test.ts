import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_OPERATORS } from '../../db/seed/demo-operators.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import { verifyPassword } from '../../lib/password.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

describe.each(testBackends())('operator ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  const run = (...argv: string[]) => harness.run(...argv);
  const operatorRow = (username: string) =>
    harness.db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
  const auditOf = (action: string) =>
    harness.db
      .selectFrom('audit_log')
      .select(['operator_id', 'member_id', 'ip', 'detail'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const demoPlayerId = async () =>
    (
      await harness.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', 'demo_player')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  }, 60_000);
  afterEach(() => {
    delete process.env.LOTUS_OPERATOR_PASSWORD;
  });
  afterAll(async () => {
    if (harness) await assertLedgerInvariants(harness.db);
    await harness?.database.close();
  });

  it('lists its commands in help', async () => {
    const help = (await run('help')).out;
    for (const name of ['operator:create', 'operator:disable', 'wallet:adjust', 'wallet:balance']) {
      expect(help).toContain(name);
    }
  });

  it('seeds the demo operator once (admin, password from the README)', async () => {
    const [demo] = DEMO_OPERATORS;
    const row = await operatorRow('demo_ops');
    expect(row).toMatchObject({ role: 'admin', status: 'active' });
    expect(await verifyPassword(demo?.password ?? '', row?.password_hash ?? '')).toBe(true);
    const again = await seedDatabase(harness.db);
    expect(again.rowsAdded).toBe(0);
    expect(
      await harness.db.selectFrom('operators').select('id').where('username', '=', 'demo_ops').execute(),
    ).toHaveLength(1);
  });

  it('operator:create takes the password from LOTUS_OPERATOR_PASSWORD and prints no password', async () => {
    process.env.LOTUS_OPERATOR_PASSWORD = 'Env-Chosen-Pass-1';
    const result = await run('operator:create', 'ops_finance', 'finance');
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ username: 'ops_finance', role: 'finance' });
    expect(result.out).not.toContain('Env-Chosen-Pass-1');
    const row = await operatorRow('ops_finance');
    expect(await verifyPassword('Env-Chosen-Pass-1', row?.password_hash ?? '')).toBe(true);
    const audit = (await auditOf('operator.created')).at(-1);
    expect(audit).toMatchObject({
      operator_id: null,
      ip: 'cli',
      detail: { via: 'cli', operator: 'ops_finance', role: 'finance' },
    });
  });

  it('operator:create generates a password and prints it once when none is given', async () => {
    const result = await run('operator:create', 'ops_support', 'support');
    expect(result.code, result.err).toBe(0);
    const password = /password: (\S+)/.exec(result.out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const row = await operatorRow('ops_support');
    expect(await verifyPassword(password ?? '', row?.password_hash ?? '')).toBe(true);
    expect(JSON.stringify(await auditOf('operator.created'))).not.toContain(password);
  });

  it('operator:create refuses bad input', async () => {
    expect((await run('operator:create', 'ops_x')).code).toBe(1);
    const badRole = await run('operator:create', 'ops_x', 'root');
    expect(badRole.code).toBe(1);
    expect(badRole.err).toContain('role must be one of');
    const badName = await run('operator:create', 'Bad Name', 'admin');
    expect(badName.code).toBe(1);
    const taken = await run('operator:create', 'ops_finance', 'admin');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('exists');
    process.env.LOTUS_OPERATOR_PASSWORD = 'short';
    expect((await run('operator:create', 'ops_short', 'admin')).code).toBe(1);
    expect(await operatorRow('ops_x')).toBeUndefined();
    expect(await operatorRow('ops_short')).toBeUndefined();
    const unknownBrand = await run('operator:create', 'ops_y', 'admin', '--brand', 'nope');
    expect(unknownBrand.code).toBe(1);
  });

  it('operator:disable disables the operator and ends its sessions', async () => {
    const row = await operatorRow('ops_finance');
    await harness.db
      .insertInto('operator_sessions')
      .values({
        operator_id: row?.id ?? 0n,
        token_hash: 'a'.repeat(64),
        ip: '127.0.0.1',
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const result = await run('operator:disable', 'ops_finance');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toBe('ops_finance: disabled');
    expect(await operatorRow('ops_finance')).toMatchObject({ status: 'disabled' });
    const sessions = await harness.db
      .selectFrom('operator_sessions')
      .select('revoked_at')
      .where('operator_id', '=', row?.id ?? 0n)
      .execute();
    expect(sessions.every((session) => session.revoked_at !== null)).toBe(true);
    expect((await run('operator:disable', 'ops_finance')).out).toBe('ops_finance: already disabled');
    expect(await auditOf('operator.disabled')).toEqual([
      { operator_id: null, member_id: null, ip: 'cli', detail: { via: 'cli', operator: 'ops_finance' } },
    ]);
    expect((await run('operator:disable', 'nobody_at_all')).code).toBe(1);
  });

  it('wallet:adjust credits and debits as operator:cli, audited with via cli', async () => {
    const memberId = await demoPlayerId();
    const ledger = new LedgerService(harness.db);
    const before = (await ledger.balanceOf(memberId)).balanceMinor;
    const credit = await run('wallet:adjust', 'demo_player', '150.50', 'goodwill', 'after', 'outage');
    expect(credit.code, credit.err).toBe(0);
    const credited = JSON.parse(credit.out);
    expect(credited).toMatchObject({ username: 'demo_player', amountMinor: '15050', amount: '150.50' });
    expect((await ledger.balanceOf(memberId)).balanceMinor).toBe(before + 15_050n);
    const entry = await harness.db
      .selectFrom('journal_entries')
      .select(['kind', 'memo', 'created_by'])
      .where('id', '=', BigInt(credited.entryId))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ kind: 'adjustment', memo: 'goodwill after outage', created_by: 'operator:cli' });
    // Running the same command again is a second intent, so it takes effect again.
    expect((await run('wallet:adjust', 'demo_player', '-150.50', 'undo')).code).toBe(0);
    expect((await ledger.balanceOf(memberId)).balanceMinor).toBe(before);
    const audit = await auditOf('wallet.adjusted');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toEqual({
      operator_id: null,
      member_id: memberId,
      ip: 'cli',
      detail: {
        via: 'cli',
        entryId: credited.entryId,
        amountMinor: '15050',
        reason: 'goodwill after outage',
      },
    });
  });

  it('wallet:adjust refuses bad input and overdrafts without changing anything', async () => {
    const memberId = await demoPlayerId();
    const ledger = new LedgerService(harness.db);
    const before = (await ledger.balanceOf(memberId)).balanceMinor;
    expect((await run('wallet:adjust', 'demo_player', '10')).code).toBe(1);
    const cases: [string[], string][] = [
      [['demo_player', 'ten', 'x'], 'amount_invalid'],
      [['demo_player', '0', 'x'], 'amount_invalid'],
      [['demo_player', '10', ' '], 'reason_required'],
      [['no_such_member', '10', 'x'], 'no member'],
      [['demo_player', `-${(before / 100n + 1n).toString()}`, 'overdraft'], 'insufficient_funds'],
    ];
    for (const [args, message] of cases) {
      const result = await run('wallet:adjust', ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.err).toContain(message);
    }
    expect((await ledger.balanceOf(memberId)).balanceMinor).toBe(before);
  });

  it('wallet:balance prints booked, held and available', async () => {
    const memberId = await demoPlayerId();
    const ledger = new LedgerService(harness.db);
    const brandId = (
      await harness.db
        .selectFrom('members')
        .select('brand_id')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).brand_id;
    const account = await ledger.memberMainAccount(memberId);
    await ledger.reserve({
      brandId,
      accountId: account.id,
      amountMinor: 1_000n,
      idempotencyKey: 'ops-test:hold',
    });
    const booked = (await ledger.balanceOf(memberId)).balanceMinor;
    const result = await run('wallet:balance', 'demo_player');
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      username: 'demo_player',
      currency: 'INR',
      balanceMinor: booked.toString(),
      balance: (Number(booked) / 100).toFixed(2),
      heldMinor: '1000',
      held: '10.00',
      availableMinor: (booked - 1_000n).toString(),
      available: (Number(booked - 1_000n) / 100).toFixed(2),
    });
    expect((await run('wallet:balance')).code).toBe(1);
    expect((await run('wallet:balance', 'nobody_here')).code).toBe(1);
  });
});
