import { randomUUID } from 'node:crypto';
import {
  type PointConfig,
  type PointRewardList,
  type PointsMoveResult,
  pointConfigResponse,
  pointRewardListResponse,
  pointsMoveResponse,
  type RedeemPointList,
  redeemPointListResponse,
} from '@lotus/shared/points.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { HOUR, type PointsFixture, type PointsMember, pointsFixture } from './points.fixture.ts';
import { EARN_LOOKBACK_MS } from './points-earn.service.ts';

/**
 * Points and the points mall (issue 19; docs/points.md) on each backend: the seven calls (the account
 * record shows the cash legs), every redemption status, the earn job run twice, and points as a ledger
 * currency (every PTS entry balances, no member's points below zero, cached balances = their postings).
 */
describe.each(testBackends())('points [%s]', (backend) => {
  let test: TestApp;
  let fx: PointsFixture;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await pointsFixture(test.app, test.database);
    await fx.setConfig();
  }, 60_000);
  afterAll(async () => {
    if (test) {
      expect(await pointsViolations(test)).toEqual([]);
      await assertLedgerInvariants(test.database.db);
    }
    await test?.close();
  });

  /** A member with `points` points, earned by RNG play through the job. */
  async function memberWith(points: bigint): Promise<PointsMember> {
    const member = await fx.member();
    await fx.play(member.id, points * 1000n);
    await fx.earn();
    expect(await fx.balance(member.token)).toBe(points);
    return member;
  }

  const move = (response: { statusCode: number; body: string; json(): unknown }): PointsMoveResult => {
    expect(response.statusCode, response.body).toBe(200);
    return pointsMoveResponse.parse(response.json()).value;
  };
  const refusal = (response: { statusCode: number; json(): unknown }) => [
    response.statusCode,
    (response.json() as { message: string }).message,
  ];
  const historyOf = async (
    member: PointsMember,
    body: Record<string, unknown> = {},
  ): Promise<RedeemPointList> => {
    const response = await fx.history(member, body);
    expect(response.statusCode, response.body).toBe(200);
    return redeemPointListResponse.parse(response.json()).value;
  };

  it('MCS2_getPointConfig and MCS2_getPointReward answer without a login, by the host’s brand', async () => {
    const config = await test.app.inject({ method: 'POST', url: '/wps/relay/MCS2_getPointConfig' });
    expect(config.statusCode, config.body).toBe(200);
    const value: PointConfig = pointConfigResponse.parse(config.json()).value;
    expect(value).toMatchObject({
      currency: 'INR',
      expires: false,
      convert: { points: '100', amountMinor: '100', amount: '1.00', minPoints: '100' },
    });
    expect(value.rates).toEqual([
      { gameType: 'LIVE', turnoverMinor: '10000', turnover: '100.00', points: '3' },
      { gameType: 'RNG', turnoverMinor: '1000', turnover: '10.00', points: '1' },
    ]);

    const mug = await fx.addReward({ nameEn: 'Listed mug', nameHi: 'सूचीबद्ध मग', sort: 9000 });
    const hidden = await fx.addReward({ nameEn: 'Hidden', enabled: false });
    const rewards = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_getPointReward',
      payload: { language: 'HI' },
    });
    expect(rewards.statusCode, rewards.body).toBe(200);
    const list: PointRewardList = pointRewardListResponse.parse(rewards.json()).value;
    expect(list.list.map((reward) => reward.id)).toContain(mug.id);
    expect(list.list.map((reward) => reward.id)).not.toContain(hidden.id);
    expect(list.list.find((reward) => reward.id === mug.id)).toMatchObject({
      name: 'सूचीबद्ध मग',
      nameEn: 'Listed mug',
      kind: 'goods',
      points: '50',
      stock: 5,
      cashAmount: null,
    });
  });

  it('earns points on valid turnover by game type, flooring cumulatively; a second run pays nothing', async () => {
    const member = await fx.member();
    const earnEntries = async () => fx.wallet.entriesOfKind('points_earn');
    // RNG 25.50 → 2 points (20.00 used, 5.50 kept); LIVE 250.00 → 6 points; FISH has no rate.
    await fx.play(member.id, 2550n, 'RNG');
    await fx.play(member.id, 25_000n, 'LIVE');
    await fx.play(member.id, 90_000n, 'FISH');
    await fx.earn();
    expect(await fx.balance(member.token)).toBe(8n);
    const before = await earnEntries();
    await fx.earn();
    expect(await earnEntries()).toBe(before);
    expect(await fx.balance(member.token)).toBe(8n);
    // 4.50 more in the same hour: the kept 5.50 makes a whole block with it, so one more point.
    await fx.play(member.id, 450n, 'RNG');
    await fx.earn();
    await fx.earn();
    expect(await fx.balance(member.token)).toBe(9n);
    // Another hour earns on its own; an hour older than the job's lookback is not looked at.
    await fx.play(member.id, 1000n, 'RNG', new Date(HOUR.getTime() + 3_600_000));
    await fx.play(member.id, 50_000n, 'RNG', new Date(HOUR.getTime() - EARN_LOOKBACK_MS - 3_600_000));
    await fx.earn();
    expect(await fx.balance(member.token)).toBe(10n);
    const progress = await test.database.db
      .selectFrom('points_earn_progress')
      .select(['game_type', 'consumed_turnover_minor', 'points'])
      .where('member_id', '=', member.id)
      .where('hour', '=', HOUR)
      .orderBy('game_type')
      .execute();
    expect(progress).toEqual([
      { game_type: 'LIVE', consumed_turnover_minor: 20_000n, points: 6n },
      { game_type: 'RNG', consumed_turnover_minor: 3000n, points: 3n },
    ]);
  });

  it('trial and type-4 accounts earn nothing', async () => {
    const guest = await fx.member({ type: 4 });
    const trial = await fx.member();
    await fx.wallet.setTrial(trial.id, true);
    await fx.play(guest.id, 100_000n);
    await fx.play(trial.id, 100_000n);
    await fx.earn();
    const accounts = await test.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'member_points')
      .where('member_id', 'in', [guest.id, trial.id])
      .execute();
    expect(accounts).toEqual([]);
    const answer = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_getPointBalance',
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(refusal(answer)).toEqual([403, 'in_need_true_account']);
  });

  it('refuses a redemption without the right password, address, mobile, points or stock', async () => {
    const member = await memberWith(60n);
    const reward = await fx.addReward({ points: '50', stock: 1 });
    const dear = await fx.addReward({ points: '500', stock: 3 });
    expect(refusal(await fx.redeem(member, reward.id, { withdrawPassword: 'Wrong-Pay-1' }))).toEqual([
      403,
      'withdraw_password_error',
    ]);
    expect(refusal(await fx.redeem(member, reward.id, { receivingAddress: '   ' }))).toEqual([
      400,
      'points_address_required',
    ]);
    expect(refusal(await fx.redeem(member, reward.id, { mobile: '9111111111' }))).toEqual([
      400,
      'points_mobile_mismatch',
    ]);
    expect(refusal(await fx.redeem(member, '999999999'))).toEqual([404, 'points_reward_not_found']);
    expect(refusal(await fx.redeem(member, dear.id))).toEqual([409, 'points_insufficient']);
    expect(await fx.stock(dear.id)).toBe(3);
    expect(refusal(await fx.redeem(member, reward.id, { quantity: 0 }))).toEqual([400, 'invalid_request']);

    const unbound = await memberWith(60n);
    await test.database.db
      .updateTable('members')
      .set({ mobile_num: null })
      .where('id', '=', unbound.id)
      .execute();
    expect(refusal(await fx.redeem(unbound, reward.id))).toEqual([409, 'points_mobile_not_bound']);

    // With the dialing code it is the same number.
    move(await fx.redeem(member, reward.id, { mobile: `+91 ${member.mobile}` }));
    expect(refusal(await fx.redeem(member, reward.id))).toEqual([409, 'points_out_of_stock']);
    expect(await fx.balance(member.token)).toBe(10n);
  });

  it('goods: in process at once, then approved and redeemed; a second approval is refused', async () => {
    const member = await memberWith(200n);
    const reward = await fx.addReward({ points: '40', stock: 5 });
    const key = randomUUID();
    const first = move(await fx.redeem(member, reward.id, { quantity: 2 }, key));
    expect(first).toMatchObject({ points: '120', main: null });
    expect(first.redemption).toMatchObject({
      kind: 'goods',
      quantity: 2,
      points: '80',
      status: 'in_process',
      receivingAddress: '12 MG Road, Bengaluru',
      rewardNameEn: 'Tea mug',
    });
    // The same key replays the first answer and moves nothing more.
    expect(move(await fx.redeem(member, reward.id, { quantity: 2 }, key))).toEqual(first);
    expect(await fx.balance(member.token)).toBe(120n);
    expect(await fx.stock(reward.id)).toBe(3);

    const id = first.redemption.id;
    const approved = fx.value<{ status: string; username: string; mobile: string }>(
      await fx.ops('POST', `/wps/ops/points/redemptions/${id}/approve`),
    );
    expect(approved).toMatchObject({ status: 'approved', username: member.username, mobile: member.mobile });
    const again = await fx.ops('POST', `/wps/ops/points/redemptions/${id}/approve`);
    expect(refusal(again)).toEqual([409, 'points_redemption_state']);
    const rejectLate = await fx.ops('POST', `/wps/ops/points/redemptions/${id}/reject`, { reason: 'late' });
    expect(refusal(rejectLate)).toEqual([409, 'points_redemption_state']);
    expect(
      fx.value<{ status: string }>(await fx.ops('POST', `/wps/ops/points/redemptions/${id}/redeemed`)).status,
    ).toBe('redeemed');
    const redeemedAgain = await fx.ops('POST', `/wps/ops/points/redemptions/${id}/redeemed`);
    expect(refusal(redeemedAgain)).toEqual([409, 'points_redemption_state']);

    const history = await historyOf(member);
    expect(history.list.map((row) => [row.id, row.status])).toEqual([[id, 'redeemed']]);
    expect((await historyOf(member, { status: 'in_process' })).total).toBe(0);
    const desk = fx.value<{ list: { id: string }[] }>(
      await fx.ops('GET', '/wps/ops/points/redemptions?status=redeemed'),
    );
    expect(desk.list.map((row) => row.id)).toContain(id);
  });

  it('goods: a rejection gives the points back by a reversal and returns the stock', async () => {
    const member = await memberWith(100n);
    const reward = await fx.addReward({ points: '30', stock: 4 });
    const redemption = move(await fx.redeem(member, reward.id, { quantity: 3 })).redemption;
    expect(await fx.balance(member.token)).toBe(10n);
    expect(await fx.stock(reward.id)).toBe(1);
    const rejected = fx.value<{ status: string; rejectReason: string }>(
      await fx.ops('POST', `/wps/ops/points/redemptions/${redemption.id}/reject`, {
        reason: 'Address unknown',
      }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Address unknown' });
    expect(await fx.balance(member.token)).toBe(100n);
    expect(await fx.stock(reward.id)).toBe(4);
    const twice = await fx.ops('POST', `/wps/ops/points/redemptions/${redemption.id}/reject`, {
      reason: 'x',
    });
    expect(refusal(twice)).toEqual([409, 'points_redemption_state']);
    expect(await fx.balance(member.token)).toBe(100n);
    const row = await test.database.db
      .selectFrom('points_redemptions as r')
      .innerJoin('journal_entries as e', 'e.id', 'r.return_entry_id')
      .select(['e.kind', 'e.reverses_entry_id', 'r.redeem_entry_id'])
      .where('r.id', '=', BigInt(redemption.id))
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('reversal');
    expect(row.reverses_entry_id).toBe(row.redeem_entry_id);
    expect((await historyOf(member, { status: 'rejected' })).list[0]).toMatchObject({
      id: redemption.id,
      rejectReason: 'Address unknown',
    });
  });

  it('a cash voucher is redeemed at once: points out, cash into the main wallet (account record: points)', async () => {
    const member = await memberWith(100n);
    const voucher = await fx.addReward({
      kind: 'cash',
      nameEn: '₹50 voucher',
      points: '45',
      cashAmount: '50',
    });
    const before = await fx.wallet.main(member.id);
    const result = move(await fx.redeem(member, voucher.id, { quantity: 2 }));
    expect(result.redemption).toMatchObject({
      kind: 'cash',
      status: 'redeemed',
      amount: '100.00',
      points: '90',
    });
    expect(result.points).toBe('10');
    expect(await fx.wallet.main(member.id)).toBe(before + 10_000n);
    expect(result.main?.balanceMinor).toBe((before + 10_000n).toString());
    const approve = await fx.ops('POST', `/wps/ops/points/redemptions/${result.redemption.id}/approve`);
    expect(refusal(approve)).toEqual([409, 'points_redemption_state']);

    const record = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/ODSFE2_MemTransDet',
      headers: { authorization: `Bearer ${member.token}` },
      payload: { type: 'points' },
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.body).toContain('10000');
  });

  it('converts points to cash at the brand rate in whole steps; refuses other amounts', async () => {
    const member = await memberWith(350n);
    expect(refusal(await fx.convert(member, '150'))).toEqual([400, 'points_convert_invalid']);
    expect(refusal(await fx.convert(member, '400'))).toEqual([409, 'points_insufficient']);
    expect(refusal(await fx.convert(member, '300', { withdrawPassword: 'Nope-2026' }))).toEqual([
      403,
      'withdraw_password_error',
    ]);
    const before = await fx.wallet.main(member.id);
    const key = randomUUID();
    const result = move(await fx.convert(member, '300', {}, key));
    expect(result.redemption).toMatchObject({
      kind: 'convert',
      status: 'redeemed',
      points: '300',
      amount: '3.00',
    });
    expect(result.points).toBe('50');
    expect(move(await fx.convert(member, '300', {}, key))).toEqual(result);
    expect(await fx.wallet.main(member.id)).toBe(before + 300n);
    expect(await fx.balance(member.token)).toBe(50n);
    const reused = await fx.convert(member, '100', {}, key);
    expect(refusal(reused)).toEqual([409, 'idempotency_key_reused']);
    expect((await historyOf(member)).list[0]).toMatchObject({ kind: 'convert', status: 'redeemed' });
  });

  it('the back office edits rewards and config; bad input is a 4xx', async () => {
    const reward = await fx.addReward({ stock: 1 });
    const edited = fx.value<{ stock: number; nameHi: string; enabled: boolean }>(
      await fx.ops('PATCH', `/wps/ops/points/rewards/${reward.id}`, {
        stock: 7,
        nameHi: 'नया',
        enabled: false,
      }),
    );
    expect(edited).toMatchObject({ stock: 7, nameHi: 'नया', enabled: false });
    const all = fx.value<{ list: { id: string }[] }>(await fx.ops('GET', '/wps/ops/points/rewards'));
    expect(all.list.map((row) => row.id)).toContain(reward.id);
    expect(refusal(await fx.ops('PATCH', '/wps/ops/points/rewards/999999999', { stock: 1 }))).toEqual([
      404,
      'points_reward_not_found',
    ]);
    expect(
      refusal(await fx.ops('PATCH', `/wps/ops/points/rewards/${reward.id}`, { cashAmount: '5' })),
    ).toEqual([400, 'points_config_invalid']);
    const cashless = await fx.ops('POST', '/wps/ops/points/rewards', {
      kind: 'cash',
      nameEn: 'x',
      nameHi: 'x',
      points: '1',
      stock: 1,
    });
    expect(refusal(cashless)).toEqual([400, 'points_config_invalid']);
    const badRate = await fx.ops('PUT', '/wps/ops/points/config', {
      convert: null,
      rates: [{ gameType: 'RNG', turnover: 'ten', points: '1' }],
    });
    expect(refusal(badRate)).toEqual([400, 'points_config_invalid']);
    const twice = await fx.ops('PUT', '/wps/ops/points/config', {
      convert: null,
      rates: [
        { gameType: 'RNG', turnover: '1', points: '1' },
        { gameType: 'RNG', turnover: '2', points: '1' },
      ],
    });
    expect(refusal(twice)).toEqual([400, 'points_config_invalid']);
    const member = await fx.member();
    expect(refusal(await fx.redeem(member, reward.id))).toEqual([404, 'points_reward_not_found']);
  });

  it('without a conversion rate, converting is unavailable', async () => {
    const member = await memberWith(200n);
    fx.value(await fx.ops('PUT', '/wps/ops/points/config', { convert: null, rates: [] }));
    try {
      expect(refusal(await fx.convert(member, '100'))).toEqual([409, 'points_convert_unavailable']);
    } finally {
      await fx.setConfig();
    }
  });
});

/** Points as a ledger currency: what must hold of every PTS account and entry. */
async function pointsViolations(test: TestApp): Promise<string[]> {
  const { db } = test.database;
  const problems: string[] = [];
  const unbalanced = await sql<{ id: string }>`
    select e.id::text as id from journal_entries e
      join journal_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
     where a.currency = 'PTS' group by e.id having sum(p.amount_minor) <> 0`.execute(db);
  for (const row of unbalanced.rows) problems.push(`PTS entry ${row.id} does not balance`);
  const mixed = await sql<{ id: string }>`
    select p.entry_id::text as id from journal_postings p join ledger_accounts a on a.id = p.account_id
     group by p.entry_id having count(distinct a.currency) > 1 and bool_or(a.currency = 'PTS')`.execute(db);
  for (const row of mixed.rows) problems.push(`entry ${row.id} mixes points and money`);
  const negative = await sql<{ id: string }>`
    select id::text as id from ledger_accounts where kind = 'member_points' and balance_minor < 0`.execute(
    db,
  );
  for (const row of negative.rows) problems.push(`member points account ${row.id} below zero`);
  const cached = await sql<{ id: string }>`
    select a.id::text as id from ledger_accounts a left join journal_postings p on p.account_id = a.id
     where a.currency = 'PTS' group by a.id having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`.execute(
    db,
  );
  for (const row of cached.rows) problems.push(`PTS account ${row.id}: cached balance ≠ its postings`);
  const outstanding = await sql<{ members: string; pool: string }>`
    select coalesce(sum(balance_minor) filter (where kind = 'member_points'), 0)::text as members,
           coalesce(sum(balance_minor) filter (where kind = 'points_pool'), 0)::text as pool
      from ledger_accounts where currency = 'PTS'`.execute(db);
  const totals = outstanding.rows[0];
  if (totals && BigInt(totals.members) + BigInt(totals.pool) !== 0n)
    problems.push(`members hold ${totals.members} points but the pool says ${totals.pool}`);
  return problems;
}
