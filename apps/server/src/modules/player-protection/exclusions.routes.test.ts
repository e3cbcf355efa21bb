import { loginResponse } from '@lotus/shared/auth.schema';
import {
  exclusionRefusalDetails,
  exclusionResponse,
  limitChangeResponse,
  operatorExclusionResponse,
  operatorProtectionResponse,
  reopenResponse,
} from '@lotus/shared/player-protection.schema';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { postUsernameLogin, sealFor, usernameLoginBody } from '../../../test/helpers/login-helper.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { MEMBER_PASSWORD, type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { manualClock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import { addUtcMonths } from './exclusions.service.ts';

/**
 * Issue 17: a break or a self-exclusion ends every session at once and closes every way in (after the
 * password or code was checked, never before); a self-exclusion stays closed after its end until the
 * player asks to reopen and 24 hours pass; broadcasts stop while excluded; the back office sees a
 * player's protection and adds an exclusion, and nothing shortens one.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RESET_PASSWORD = 'Fresh2026pass';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;
const refusalOf = (response: LightMyRequestResponse) =>
  exclusionRefusalDetails.parse((response.json() as { value: unknown }).value);

describe('addUtcMonths', () => {
  it('adds calendar months in UTC and keeps to the last day of a shorter month', () => {
    expect(addUtcMonths(new Date('2026-01-15T10:00:00Z'), 6).toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(addUtcMonths(new Date('2026-08-31T23:30:00Z'), 6).toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(addUtcMonths(new Date('2027-08-31T00:00:00Z'), 6).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addUtcMonths(new Date('2026-03-01T00:00:00Z'), 60).toISOString()).toBe('2031-03-01T00:00:00.000Z');
  });
});

describe.each(testBackends())('player protection: exclusions [%s]', (backend) => {
  let test: TestApp;
  let wallet: WalletFixture;
  // A minute ahead of the database's clock, so rows it stamps itself (members) come before the test's.
  const clock = manualClock(new Date(Date.now() + MINUTE));

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    wallet = await walletFixture(test.app, test.database);
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const exclude = (token: string, kind: string, duration: string) =>
    test.app.inject({
      method: 'POST',
      url: '/wps/member/protection/exclusions',
      headers: bearer(token),
      payload: { kind, duration, confirm: true },
    });
  const memberInfo = (token: string) =>
    test.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });
  const login = (username: string, password = MEMBER_PASSWORD, ip?: string) =>
    postUsernameLogin(test.app, username, password, ip === undefined ? {} : { ip });
  const reopen = async (username: string, password = MEMBER_PASSWORD) =>
    test.app.inject({
      method: 'POST',
      url: '/wps/member/protection/reopen',
      headers: { 'user-agent': 'vitest' },
      payload: await usernameLoginBody(test.app, username, password),
    });

  it('a break ends every session and refuses login until its end, on every way in', async () => {
    const member = await wallet.member();
    const second = await login(member.username);
    const secondToken = loginResponse.parse(second.json()).value.token;

    const confirmMissing = await test.app.inject({
      method: 'POST',
      url: '/wps/member/protection/exclusions',
      headers: bearer(member.token),
      payload: { kind: 'cool_off', duration: '24h' },
    });
    expect(confirmMissing.statusCode).toBe(400);

    const start = clock.now().getTime();
    const taken = await exclude(member.token, 'cool_off', '24h');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(exclusionResponse.parse(taken.json()).value).toEqual({
      kind: 'cool_off',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + DAY).toISOString(),
    });
    expect((await memberInfo(member.token)).statusCode).toBe(401);
    expect((await memberInfo(secondToken)).statusCode).toBe(401);

    // The password is checked first: a wrong one says nothing about the exclusion.
    const wrong = await login(member.username, 'Not-The-Password-1');
    expect(messageOf(wrong)).toBe('login_failed');
    const refused = await login(member.username);
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe('account_excluded');
    expect(refusalOf(refused)).toEqual({
      kind: 'cool_off',
      endsAt: new Date(start + DAY).toISOString(),
      reopenAvailable: false,
      reopensAt: null,
    });
    // From a new IP the refusal comes before a new-IP challenge sends any code.
    const elsewhere = await login(member.username, MEMBER_PASSWORD, '203.0.113.77');
    expect(messageOf(elsewhere)).toBe('account_excluded');

    // SMS login with a good code.
    const mobileNum = `8${String(member.id).padStart(9, '0')}`.slice(0, 10);
    await test.database.db
      .updateTable('members')
      .set({ country_dialing_code: '+91', mobile_num: mobileNum })
      .where('id', '=', member.id)
      .execute();
    const insertCode = (purpose: 'login' | 'reset_password', code: string) =>
      test.database.db
        .insertInto('verification_codes')
        .values({
          brand_id: wallet.brandId,
          purpose,
          channel: 'sms',
          destination: `+91${mobileNum}`,
          code_hash: hashToken(code),
          ip: '198.51.100.250',
          created_at: clock.now(),
          expires_at: new Date(clock.now().getTime() + 10 * MINUTE),
        })
        .execute();
    await insertCode('login', '517204');
    const sms = await test.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: await sealFor(test.app, {
        type: 'sms',
        countryDialingCode: '+91',
        mobileNum,
        verificationCode: '517204',
      }),
    });
    expect(messageOf(sms)).toBe('account_excluded');

    // A password reset by SMS code opens a session through the same door, which refuses it too.
    await insertCode('reset_password', '630918');
    const reset = await test.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: await sealFor(test.app, {
        countryDialingCode: '+91',
        mobileNum,
        verificationCode: '630918',
        newPassword: RESET_PASSWORD,
        confirmNewPassword: RESET_PASSWORD,
      }),
    });
    // The code proved the phone, so the new password is kept; the session it would open is refused.
    expect(messageOf(reset)).toBe('account_excluded');

    const audit = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('member_id', '=', member.id)
      .where('action', '=', 'protection.excluded')
      .execute();
    expect(audit).toHaveLength(1);

    clock.advance(DAY - MINUTE);
    expect(messageOf(await login(member.username, RESET_PASSWORD))).toBe('account_excluded');
    clock.advance(MINUTE);
    expect((await login(member.username, RESET_PASSWORD)).statusCode).toBe(200);
  });

  it('a remembered login ends with the exclusion (the token is revoked with the sessions)', async () => {
    const member = await wallet.member();
    const remembered = await postUsernameLogin(test.app, member.username, MEMBER_PASSWORD, {
      remember: true,
    });
    const cookie = remembered.cookies.find((entry) => entry.name === 'lotus_remember')?.value ?? '';
    expect(cookie).not.toBe('');
    expect((await exclude(member.token, 'cool_off', '7d')).statusCode).toBe(200);
    const resumed = await test.app.inject({
      method: 'POST',
      url: '/wps/session/login/remembered',
      headers: { cookie: `lotus_remember=${cookie}`, 'user-agent': 'vitest' },
      payload: {},
    });
    expect(resumed.statusCode).toBeGreaterThanOrEqual(400);
    expect(resumed.statusCode).toBeLessThan(500);
  });

  it('self-exclusion: closed for 6 calendar months, then reopened on request after 24 hours', async () => {
    const member = await wallet.member();
    const start = clock.now();
    const taken = exclusionResponse.parse((await exclude(member.token, 'self_exclusion', '6m')).json()).value;
    expect(taken.endsAt).toBe(addUtcMonths(start, 6).toISOString());

    // Too early to reopen: still in force.
    const early = await reopen(member.username);
    expect(early.statusCode).toBe(403);
    expect(refusalOf(early)).toMatchObject({ kind: 'self_exclusion', reopenAvailable: false });

    clock.advance(new Date(taken.endsAt).getTime() - clock.now().getTime());
    const ended = await login(member.username);
    expect(messageOf(ended)).toBe('account_excluded');
    expect(refusalOf(ended)).toEqual({
      kind: 'self_exclusion',
      endsAt: taken.endsAt,
      reopenAvailable: true,
      reopensAt: null,
    });

    expect(messageOf(await reopen(member.username, 'Wrong-Password-99'))).toBe('login_failed');
    const asked = await reopen(member.username);
    expect(asked.statusCode, asked.body).toBe(200);
    const { reopensAt } = reopenResponse.parse(asked.json()).value;
    expect(new Date(reopensAt).getTime()).toBe(clock.now().getTime() + DAY);
    // Asking again changes nothing.
    clock.advance(HOUR);
    expect(reopenResponse.parse((await reopen(member.username)).json()).value.reopensAt).toBe(reopensAt);

    const waiting = await login(member.username);
    expect(refusalOf(waiting)).toMatchObject({ reopenAvailable: false, reopensAt });
    clock.advance(new Date(reopensAt).getTime() - clock.now().getTime() - MINUTE);
    expect(messageOf(await login(member.username))).toBe('account_excluded');
    clock.advance(MINUTE);
    expect((await login(member.username)).statusCode).toBe(200);
    // Nothing left to reopen.
    expect(messageOf(await reopen(member.username))).toBe('conflict');
  });

  it('stops broadcasts sent while excluded; a message to the member still reaches them', async () => {
    const member = await wallet.member();
    const start = clock.now().getTime();
    expect((await exclude(member.token, 'cool_off', '24h')).statusCode).toBe(200);
    const message = (title: string, at: number, memberId: bigint | null) => ({
      brand_id: wallet.brandId,
      member_id: memberId,
      title,
      body: `<p>${title}</p>`,
      created_at: new Date(at),
    });
    const tag = `x${member.id}`;
    await test.database.db
      .insertInto('platform_messages')
      .values([
        message(`${tag} promo during`, start + HOUR, null),
        message(`${tag} withdrawal paid`, start + HOUR, member.id),
        message(`${tag} promo after`, start + DAY + HOUR, null),
      ])
      .execute();
    clock.advance(DAY + 2 * HOUR);
    const token = loginResponse.parse((await login(member.username)).json()).value.token;
    const listed = await test.app.inject({
      method: 'GET',
      url: '/wps/member/messages?pageSize=50',
      headers: bearer(token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const titles = (listed.json() as { value: { list: { title: string }[] } }).value.list
      .map((item) => item.title)
      .filter((title) => title.startsWith(tag));
    expect(titles.sort()).toEqual([`${tag} promo after`, `${tag} withdrawal paid`]);
  });

  it('the back office sees limits, history and exclusions, and adds an exclusion with a reason', async () => {
    const member = await wallet.member();
    const put = (amount: string) =>
      test.app.inject({
        method: 'PUT',
        url: '/wps/member/protection/limits',
        headers: bearer(member.token),
        payload: { kind: 'loss', period: 'week', amount },
      });
    expect((await put('900')).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await put('400')).statusCode).toBe(200);

    const support = await operatorTokenFor(test.app, test.database.db, 'support');
    const finance = await operatorTokenFor(test.app, test.database.db, 'finance');
    const view = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/members/${member.username}/protection`,
      headers: bearer(support),
    });
    expect(view.statusCode, view.body).toBe(200);
    const seen = operatorProtectionResponse.parse(view.json()).value;
    expect(seen.state.limits).toMatchObject([{ kind: 'loss', period: 'week', amountMinor: '40000' }]);
    expect(seen.history.map((version) => version.amount)).toEqual(['40000', '90000']);
    expect(seen.exclusions).toEqual([]);

    const financeTry = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/members/${member.username}/exclusions`,
      headers: bearer(finance),
      payload: { reason: 'affordability review' },
    });
    expect(messageOf(financeTry)).toBe('operator_forbidden');
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/wps/ops/members/nobody_here_123/protection',
      headers: bearer(support),
    });
    expect(unknown.statusCode).toBe(404);

    // Stricter only: lower than the player's applies at once; higher or removed is refused.
    const tighten = (body: Record<string, unknown>) =>
      test.app.inject({
        method: 'PUT',
        url: `/wps/ops/members/${member.username}/protection/limits`,
        headers: bearer(support),
        payload: { reason: 'affordability review', ...body },
      });
    const lower = await tighten({ kind: 'loss', period: 'week', amount: '250' });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(limitChangeResponse.parse(lower.json()).value).toMatchObject({ applies: 'now' });
    for (const loosen of [
      { kind: 'loss', period: 'week', amount: '260' },
      { kind: 'loss', period: 'week', amount: null },
    ]) {
      const refused = await tighten(loosen);
      expect(refused.statusCode).toBe(403);
      expect(messageOf(refused)).toBe('protection_operator_loosen');
    }
    expect((await tighten({ kind: 'session', period: 'session', amount: '90' })).statusCode).toBe(200);
    expect(messageOf(await tighten({ kind: 'session', period: 'session', amount: '5' }))).toBe(
      'amount_invalid',
    );
    const after = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/members/${member.username}/protection`,
      headers: bearer(support),
    });
    expect(operatorProtectionResponse.parse(after.json()).value.state).toMatchObject({
      limits: [{ kind: 'loss', period: 'week', amountMinor: '25000' }],
      sessionLimit: { minutes: 90, pending: null },
    });

    const made = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/members/${member.username}/exclusions`,
      headers: bearer(support),
      payload: { reason: 'affordability review' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(operatorExclusionResponse.parse(made.json()).value).toMatchObject({
      kind: 'operator',
      endsAt: null,
      reason: 'affordability review',
      inForce: true,
    });
    expect((await memberInfo(member.token)).statusCode).toBe(401);
    const refused = await login(member.username);
    expect(refusalOf(refused)).toEqual({
      kind: 'operator',
      endsAt: null,
      reopenAvailable: false,
      reopensAt: null,
    });
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select(['operator_id', 'detail'])
      .where('member_id', '=', member.id)
      .where('action', '=', 'protection.excluded')
      .executeTakeFirstOrThrow();
    expect(audit.operator_id).not.toBeNull();
    expect(audit.detail).toMatchObject({ kind: 'operator', reason: 'affordability review' });

    // The CLI shows the same and applies its own exclusion.
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    const exit = await runOpsCommand(
      ['protection:show', member.username],
      createOpsDeps(test.database.db),
      io,
    );
    expect(exit, out.join('\n')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({
      username: member.username,
      exclusions: [{ kind: 'operator' }],
    });
    out.length = 0;
    const cli = await runOpsCommand(
      ['protection:limit', member.username, 'wager', 'day', '100', 'affordability', 'review'],
      createOpsDeps(test.database.db),
      io,
    );
    expect(cli, out.join('\n')).toBe(0);
    out.length = 0;
    const cliLoosen = await runOpsCommand(
      ['protection:limit', member.username, 'wager', 'day', '200', 'affordability', 'review'],
      createOpsDeps(test.database.db),
      io,
    );
    expect(cliLoosen).toBe(1);
    expect(out.join('\n')).toContain('protection_operator_loosen');
  });

  it('nothing shortens an exclusion: the database refuses an update typed by hand', async () => {
    const member = await wallet.member();
    const taken = exclusionResponse.parse((await exclude(member.token, 'self_exclusion', '1y')).json()).value;
    const shorten = sql`update play_exclusions set ends_at = ends_at - interval '1 day' where member_id = ${member.id}`;
    await expect(shorten.execute(test.database.db)).rejects.toThrow(/never shortened/);
    const lift = sql`update play_exclusions set ends_at = ${clock.now()} where member_id = ${member.id}`;
    await expect(lift.execute(test.database.db)).rejects.toThrow(/never shortened/);
    const row = await test.database.db
      .selectFrom('play_exclusions')
      .select('ends_at')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.ends_at?.toISOString()).toBe(taken.endsAt);
  });
});
