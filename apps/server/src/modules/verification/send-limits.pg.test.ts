import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import { usernameLoginBody } from '../../../test/helpers/login-helper.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import { hashPassword } from '../../lib/password.ts';

/**
 * The SMS and e-mail send limits under 50 requests at once (docs/api.md "Limits", ARCHITECTURE §9 "Limits
 * are concurrency problems"). What went out is counted in `outbox_messages` (the default provider's
 * "gateway"), so a limit that lets 2 through where 1 was allowed shows as 2 messages, a real bill.
 * PostgreSQL only: PGlite runs one statement at a time. The app gets a pool of 20 so the requests race.
 */

const POOL = 20;
const BURST = 50;

type SendTestApp = PooledTestApp & { brandId: bigint };

/** One database and app per block: the brand's daily quota is one counter per brand. */
async function startApp(smsDailyQuota: number): Promise<SendTestApp> {
  const started = await startPooledTestApp({ pool: POOL, config: { smsDailyQuota } });
  const brand = await started.database.db
    .selectFrom('brands')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { ...started, brandId: brand.id };
}

let numberCounter = 0;
/** A number no seeded account has (the demo accounts use 9000000001..5). */
const freshNumber = () => {
  numberCounter += 1;
  return String(8_300_000_000 + numberCounter);
};
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

usePostgresConnections(33);

describe('code send limits under 50 requests at once [postgres]', () => {
  let started: SendTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;
  let brandId: bigint;

  beforeAll(async () => {
    started = await startApp(5000);
    ({ database, app, brandId } = started);
  });
  afterAll(() => started?.close());

  /** An active member with this number, so the no-login send really delivers. */
  const memberWithNumber = async (mobileNum: string, extra: { email?: string; password?: string } = {}) => {
    const username = `send_${randomUUID().slice(0, 8)}`;
    const row = await database.db
      .insertInto('members')
      .values({
        brand_id: brandId,
        username,
        password_hash: extra.password ? await hashPassword(extra.password) : 'not-a-hash',
        password_changed_at: new Date(),
        country_dialing_code: '+91',
        mobile_num: mobileNum,
        email: extra.email ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, username };
  };

  const sent = async (destinations: string[]) => {
    const row = await database.db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('destination', 'in', destinations)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  /** Solves every human check first, then fires all sends in the same tick. */
  const smsBurst = async (sends: { mobileNum: string; ip: string }[]) => {
    const checks = await Promise.all(sends.map(() => solvedHumanCheck(app)));
    return Promise.all(
      sends.map((send, index) =>
        app.inject({
          method: 'POST',
          url: '/wps/verification/sms/noLogin',
          headers: { 'x-forwarded-for': send.ip },
          payload: {
            countryDialingCode: '+91',
            mobileNum: send.mobileNum,
            purpose: 'login',
            humanVerification: checks[index],
          },
        }),
      ),
    );
  };

  it('one number, 50 sends at once from 50 addresses: one SMS goes out (the 60 s cooldown)', async () => {
    const mobileNum = freshNumber();
    await memberWithNumber(mobileNum);
    const counts = tallyAnswers(
      await smsBurst(Array.from({ length: BURST }, () => ({ mobileNum, ip: freshIp() }))),
    );
    expect(counts).toEqual({ ok: 1, sms_too_many_requests: BURST - 1 });
    expect(await sent([`+91${mobileNum}`])).toBe(1);
  });

  it('one address, 50 sends at once to 50 numbers: 10 SMS go out (10 an hour per IP)', async () => {
    const ip = freshIp();
    const numbers = Array.from({ length: BURST }, () => freshNumber());
    for (const mobileNum of numbers) await memberWithNumber(mobileNum);
    const counts = tallyAnswers(await smsBurst(numbers.map((mobileNum) => ({ mobileNum, ip }))));
    expect(counts).toEqual({ ok: 10, sms_too_many_requests: BURST - 10 });
    expect(await sent(numbers.map((mobileNum) => `+91${mobileNum}`))).toBe(10);
  });

  it('new-IP step by e-mail, 50 sends at once: one e-mail goes out', async () => {
    const email = `send_${randomUUID().slice(0, 8)}@example.com`;
    const member = await memberWithNumber(freshNumber(), { email, password: 'Right-Password-1' });
    await database.db
      .insertInto('member_known_ips')
      .values({
        member_id: member.id,
        ip: '198.51.100.9',
        first_seen_at: new Date(),
        last_seen_at: new Date(),
      })
      .execute();
    const ip = freshIp();
    const held = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': ip },
      payload: (await usernameLoginBody(app, member.username, 'Right-Password-1', { ip })) as never,
    });
    expect(held.json().message).toBe('login_verification_required');
    const { challengeId } = held.json().value as { challengeId: string };
    const counts = tallyAnswers(
      await Promise.all(
        Array.from({ length: BURST }, () =>
          app.inject({
            method: 'POST',
            url: '/wps/session/login/verification/send',
            headers: { 'x-forwarded-for': ip },
            payload: { challengeId, method: 'email' },
          }),
        ),
      ),
    );
    expect(counts).toEqual({ ok: 1, sms_too_many_requests: BURST - 1 });
    expect(await sent([email])).toBe(1);
  });
});

describe('the brand daily SMS quota under 50 requests at once [postgres]', () => {
  const QUOTA = 7;
  let started: SendTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;
  let brandId: bigint;

  beforeAll(async () => {
    started = await startApp(QUOTA);
    ({ database, app, brandId } = started);
  });
  afterAll(() => started?.close());

  it('50 sends at once, each to its own number from its own address: only the quota goes out', async () => {
    const numbers = Array.from({ length: BURST }, () => freshNumber());
    for (const mobileNum of numbers) {
      await database.db
        .insertInto('members')
        .values({
          brand_id: brandId,
          username: `quota_${randomUUID().slice(0, 8)}`,
          password_hash: 'not-a-hash',
          password_changed_at: new Date(),
          country_dialing_code: '+91',
          mobile_num: mobileNum,
        })
        .execute();
    }
    const checks = await Promise.all(numbers.map(() => solvedHumanCheck(app)));
    const counts = tallyAnswers(
      await Promise.all(
        numbers.map((mobileNum, index) =>
          app.inject({
            method: 'POST',
            url: '/wps/verification/sms/noLogin',
            headers: { 'x-forwarded-for': freshIp() },
            payload: {
              countryDialingCode: '+91',
              mobileNum,
              purpose: 'login',
              humanVerification: checks[index],
            },
          }),
        ),
      ),
    );
    expect(counts).toEqual({ ok: QUOTA, sms_quota_exceeded: BURST - QUOTA });
    const row = await database.db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(QUOTA);
  });
});
