import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { sealFor } from '../../../test/helpers/login-helper.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { EARN_JOB } from './points-earn.service.ts';

/** The payment password of the fixture's members. */
export const PAY = 'Points-Pay-2026';
/** An hour of play (the one before this one), aligned as member_betting_hours requires. */
export const HOUR = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);

export type PointsMember = { id: bigint; username: string; token: string; mobile: string };

/** Members with a payment password and a mobile number, the back office, play and the points calls. */
export type PointsFixture = Awaited<ReturnType<typeof pointsFixture>>;

export async function pointsFixture(app: FastifyInstance, database: DatabaseHandle) {
  const { db } = database;
  const wallet: WalletFixture = await walletFixture(app, database);
  const finance = await operatorTokenFor(app, db, 'finance');
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let mobiles = 0;

  const ops = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(finance),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const value = <T>(response: LightMyRequestResponse): T => {
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return (response.json() as { value: T }).value;
  };

  return {
    wallet,
    finance,
    ops,
    value,
    async member(options: { type?: number } = {}): Promise<PointsMember> {
      const member = await wallet.member({ paymentPassword: PAY, ...options });
      mobiles += 1;
      const mobile = `9${String(process.pid % 1000).padStart(3, '0')}${String(mobiles).padStart(6, '0')}`;
      await db
        .updateTable('members')
        .set({ mobile_num: mobile, country_dialing_code: '91' })
        .where('id', '=', member.id)
        .execute();
      return { ...member, mobile };
    },
    /** RNG: 1 point per 10.00; LIVE: 3 points per 100.00; conversion 100 points → 1.00, at least 100. */
    async setConfig() {
      return value(
        await ops('PUT', '/wps/ops/points/config', {
          convert: { points: '100', amount: '1', minPoints: '100' },
          rates: [
            { gameType: 'RNG', turnover: '10', points: '1' },
            { gameType: 'LIVE', turnover: '100', points: '3' },
          ],
        }),
      );
    },
    async addReward(body: Record<string, unknown>): Promise<{ id: string; stock: number; points: string }> {
      return value(
        await ops('POST', '/wps/ops/points/rewards', {
          kind: 'goods',
          nameEn: 'Tea mug',
          nameHi: 'चाय का मग',
          points: '50',
          stock: 5,
          ...body,
        }),
      );
    },
    /** Adds settled play to the member's hour as the settling trigger would. */
    async play(memberId: bigint, turnoverMinor: bigint, gameType = 'RNG', hour = HOUR) {
      await sql`insert into member_betting_hours as h (member_id, hour, game_type, stake_minor, valid_turnover_minor, payout_minor, rounds)
        values (${memberId}, ${hour}, ${gameType}, ${turnoverMinor}, ${turnoverMinor}, 0, 1)
        on conflict (member_id, hour, game_type) do update
          set stake_minor = h.stake_minor + excluded.stake_minor,
              valid_turnover_minor = h.valid_turnover_minor + excluded.valid_turnover_minor,
              rounds = h.rounds + 1`.execute(db);
    },
    earn: () => app.jobs.runNow(EARN_JOB),
    async balance(token: string): Promise<bigint> {
      const answer = value<{ points: string }>(
        await app.inject({ method: 'POST', url: '/wps/relay/MCS2_getPointBalance', headers: bearer(token) }),
      );
      return BigInt(answer.points);
    },
    async redeem(
      member: PointsMember,
      rewardId: string,
      extra: Record<string, unknown> = {},
      key: string = randomUUID(),
    ) {
      return app.inject({
        method: 'POST',
        url: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
        headers: { ...bearer(member.token), 'idempotency-key': key },
        payload: await sealFor(app, {
          rewardId,
          quantity: 1,
          receivingAddress: '12 MG Road, Bengaluru',
          mobile: member.mobile,
          withdrawPassword: PAY,
          ...extra,
        }),
      });
    },
    async convert(
      member: PointsMember,
      points: string,
      extra: Record<string, unknown> = {},
      key = randomUUID(),
    ) {
      return app.inject({
        method: 'POST',
        url: '/wps/relay/passwordCheck/MCS2_convertPoint',
        headers: { ...bearer(member.token), 'idempotency-key': key },
        payload: await sealFor(app, { points, withdrawPassword: PAY, ...extra }),
      });
    },
    history(member: PointsMember, body: Record<string, unknown> = {}) {
      return app.inject({
        method: 'POST',
        url: '/wps/relay/MCS2_getRedeemPointList',
        headers: bearer(member.token),
        payload: body,
      });
    },
    async stock(rewardId: string): Promise<number> {
      const row = await db
        .selectFrom('points_rewards')
        .select('stock')
        .where('id', '=', BigInt(rewardId))
        .executeTakeFirstOrThrow();
      return row.stock;
    },
  };
}
