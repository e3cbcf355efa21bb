import {
  limitChangeResponse,
  playSessionResponse,
  protectionStateResponse,
} from '@lotus/shared/player-protection.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { loginAs } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { MEMBER_PASSWORD, type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { manualClock } from '../../lib/clock.ts';

/**
 * Issue 17: the limits a player sets (the 24-hour wait of a raise or a removal, cancelling it, lowering at
 * once), the reality check and the session time limit (ended by the auth check at once and by the job
 * through the one revocation path), on the test clock.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe.each(testBackends())('player protection: limits and sessions [%s]', (backend) => {
  let test: TestApp;
  let wallet: WalletFixture;
  const clock = manualClock(new Date('2026-06-10T08:00:00Z'));

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    wallet = await walletFixture(test.app, test.database);
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    test.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const state = async (token: string) => {
    const response = await call('GET', '/wps/member/protection', token);
    expect(response.statusCode, response.body).toBe(200);
    return protectionStateResponse.parse(response.json()).value;
  };
  const setLimit = async (token: string, amount: string | null, kind = 'loss', period = 'day') => {
    const response = await call('PUT', '/wps/member/protection/limits', token, { kind, period, amount });
    expect(response.statusCode, response.body).toBe(200);
    return limitChangeResponse.parse(response.json()).value;
  };
  const limitOf = async (token: string, kind = 'loss', period = 'day') =>
    (await state(token)).limits.find((limit) => limit.kind === kind && limit.period === period);
  /** Moves the clock; sessions go idle after 30 minutes, so the member logs in again. */
  const later = async (ms: number, username: string) => {
    clock.advance(ms);
    return loginAs(test.app, username, MEMBER_PASSWORD);
  };

  it('starts with no limit, the default reality check, the deposit prompt and the brand help links', async () => {
    const { token } = await wallet.member();
    const initial = await state(token);
    expect(initial).toMatchObject({
      limits: [],
      sessionLimit: null,
      realityCheckMinutes: 60,
      depositLimitPrompt: true,
    });
    expect(initial.helpLinks.length).toBeGreaterThan(0);

    const answered = await call('POST', '/wps/member/protection/deposit-prompt', token, {
      answer: 'skipped',
    });
    expect(answered.statusCode).toBe(200);
    expect(protectionStateResponse.parse(answered.json()).value.depositLimitPrompt).toBe(false);
  });

  it('applies a first limit and a lower one at once; a raise waits 24 hours (23:59 still the old one)', async () => {
    const member = await wallet.member();
    const first = await setLimit(member.token, '500');
    expect(first.applies).toBe('now');
    expect(await limitOf(member.token)).toMatchObject({
      amountMinor: '50000',
      amount: '500.00',
      usedMinor: '0',
      remainingMinor: '50000',
      pending: null,
    });

    const lower = await setLimit(member.token, '300.50');
    expect(lower.applies).toBe('now');
    expect((await limitOf(member.token))?.amountMinor).toBe('30050');

    const raise = await setLimit(member.token, '1000');
    expect(raise.applies).toBe('pending');
    const raisedAt = clock.now().getTime();
    expect(new Date(raise.effectiveAt).getTime()).toBe(raisedAt + 24 * HOUR);
    expect(await limitOf(member.token)).toMatchObject({
      amountMinor: '30050',
      pending: { amountMinor: '100000', effectiveAt: raise.effectiveAt },
    });

    const almost = await later(24 * HOUR - MINUTE, member.username);
    expect((await limitOf(almost))?.amountMinor).toBe('30050');
    const after = await later(MINUTE, member.username);
    expect(await limitOf(after)).toMatchObject({ amountMinor: '100000', pending: null });
  });

  it('a second raise replaces the waiting one; a lower limit drops it; a cancel keeps the limit in force', async () => {
    const member = await wallet.member();
    await setLimit(member.token, '100', 'wager', 'week');
    await setLimit(member.token, '200', 'wager', 'week');
    clock.advance(MINUTE);
    const token = await loginAs(test.app, member.username, MEMBER_PASSWORD);
    const second = await setLimit(token, '400', 'wager', 'week');
    expect((await limitOf(token, 'wager', 'week'))?.pending?.amountMinor).toBe('40000');
    expect(new Date(second.effectiveAt).getTime()).toBe(clock.now().getTime() + 24 * HOUR);

    const lower = await setLimit(token, '50', 'wager', 'week');
    expect(lower.applies).toBe('now');
    expect(await limitOf(token, 'wager', 'week')).toMatchObject({ amountMinor: '5000', pending: null });

    await setLimit(token, '80', 'wager', 'week');
    const cancelled = await call('DELETE', '/wps/member/protection/limits/pending', token, {
      kind: 'wager',
      period: 'week',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const view = protectionStateResponse
      .parse(cancelled.json())
      .value.limits.find((limit) => limit.kind === 'wager');
    expect(view).toMatchObject({ amountMinor: '5000', pending: null });
    const again = await call('DELETE', '/wps/member/protection/limits/pending', token, {
      kind: 'wager',
      period: 'week',
    });
    expect(again.statusCode).toBe(404);
    expect(messageOf(again)).toBe('limit_pending_none');

    // Still 50 a day after the raise would have applied.
    const next = await later(25 * HOUR, member.username);
    expect((await limitOf(next, 'wager', 'week'))?.amountMinor).toBe('5000');
  });

  it('removing a limit waits 24 hours too, then the limit is gone', async () => {
    const member = await wallet.member();
    await setLimit(member.token, '700', 'deposit', 'month');
    const removal = await setLimit(member.token, null, 'deposit', 'month');
    expect(removal.applies).toBe('pending');
    expect(await limitOf(member.token, 'deposit', 'month')).toMatchObject({
      amountMinor: '70000',
      pending: { amountMinor: null, amount: null },
    });
    const token = await later(24 * HOUR, member.username);
    expect(await limitOf(token, 'deposit', 'month')).toBeUndefined();
  });

  it('refuses an amount that is not one (400 amount_invalid) and a bad body (400)', async () => {
    const { token } = await wallet.member();
    for (const amount of ['abc', '0', '-5', '1.234', '1e3']) {
      const response = await call('PUT', '/wps/member/protection/limits', token, {
        kind: 'loss',
        period: 'day',
        amount,
      });
      expect(response.statusCode, amount).toBe(400);
      expect(messageOf(response)).toBe('amount_invalid');
    }
    const bad = await call('PUT', '/wps/member/protection/limits', token, { kind: 'loss', period: 'year' });
    expect(bad.statusCode).toBe(400);
    const minutes = await call('PUT', '/wps/member/protection/session-limit', token, { minutes: 5 });
    expect(minutes.statusCode).toBe(400);
  });

  it('the reality check: due after the interval, acknowledged, the interval moved on the session', async () => {
    const member = await wallet.member();
    const start = clock.now().getTime();
    const first = playSessionResponse.parse(
      (await call('GET', '/wps/member/protection/session', member.token)).json(),
    ).value;
    expect(new Date(first.realityCheckAt).getTime()).toBe(start + 60 * MINUTE);
    expect(first).toMatchObject({
      realityCheckDue: false,
      stakedMinor: '0',
      netMinor: '0',
      sessionEndsAt: null,
    });

    const set = await call('PUT', '/wps/member/protection/reality-check', member.token, { minutes: 15 });
    expect(set.statusCode, set.body).toBe(200);
    clock.advance(15 * MINUTE);
    const due = playSessionResponse.parse(
      (await call('GET', '/wps/member/protection/session', member.token)).json(),
    ).value;
    expect(new Date(due.realityCheckAt).getTime()).toBe(start + 15 * MINUTE);
    expect(due.realityCheckDue).toBe(true);
    expect(due.elapsedSeconds).toBe(15 * 60);

    const ack = await call('POST', '/wps/member/protection/reality-check/ack', member.token);
    expect(ack.statusCode, ack.body).toBe(200);
    const acked = playSessionResponse.parse(ack.json()).value;
    expect(acked.realityCheckDue).toBe(false);
    expect(new Date(acked.realityCheckAt).getTime()).toBe(clock.now().getTime() + 15 * MINUTE);

    // A new login session starts with the member's interval.
    const token = await loginAs(test.app, member.username, MEMBER_PASSWORD);
    const fresh = playSessionResponse.parse(
      (await call('GET', '/wps/member/protection/session', token)).json(),
    );
    expect(new Date(fresh.value.realityCheckAt).getTime()).toBe(clock.now().getTime() + 15 * MINUTE);
  });

  it('the session time limit ends the session: the auth check at once, then the job revokes it', async () => {
    const member = await wallet.member();
    clock.advance(5 * MINUTE);
    // A session opened later gets its end at login; the one already open is bound by the change.
    const set = await call('PUT', '/wps/member/protection/session-limit', member.token, { minutes: 20 });
    expect(limitChangeResponse.parse(set.json()).value.applies).toBe('now');
    const token = await loginAs(test.app, member.username, MEMBER_PASSWORD);
    const session = playSessionResponse.parse(
      (await call('GET', '/wps/member/protection/session', token)).json(),
    ).value;
    const secondEnds = clock.now().getTime() + 20 * MINUTE;
    expect(new Date(session.sessionEndsAt ?? 0).getTime()).toBe(secondEnds);
    const first = playSessionResponse.parse(
      (await call('GET', '/wps/member/protection/session', member.token)).json(),
    ).value;
    const firstEnds = new Date(first.startedAt).getTime() + 20 * MINUTE;
    expect(new Date(first.sessionEndsAt ?? 0).getTime()).toBe(firstEnds);

    // The first session ends 5 minutes before the second.
    clock.advance(firstEnds - clock.now().getTime() - MINUTE);
    expect((await call('GET', '/wps/member/info', member.token)).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect(messageOf(await call('GET', '/wps/member/info', member.token))).toBe('play_session_limit_reached');
    expect((await call('GET', '/wps/member/info', token)).statusCode).toBe(200);
    clock.advance(secondEnds - clock.now().getTime());
    const refused = await call('GET', '/wps/member/info', token);
    expect(refused.statusCode).toBe(401);
    expect(messageOf(refused)).toBe('play_session_limit_reached');

    expect(await test.app.jobs.runNow('player-protection.session-limit')).toBe(true);
    const rows = await test.database.db
      .selectFrom('sessions')
      .select(['revoked_at', 'play_ends_at'])
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.play_ends_at?.getTime())).toEqual([firstEnds, secondEnds]);
    expect(rows.map((row) => row.revoked_at?.getTime())).toEqual([
      clock.now().getTime(),
      clock.now().getTime(),
    ]);
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('member_id', '=', member.id)
      .where('action', '=', 'session.revoked')
      .execute();
    expect(audit.map((row) => row.detail)).toMatchObject([
      { reason: 'session_limit' },
      { reason: 'session_limit' },
    ]);
    expect(messageOf(await call('GET', '/wps/member/info', token))).toBe('play_session_limit_reached');
    // A new login starts a fresh session with its own 20 minutes.
    const fresh = await loginAs(test.app, member.username, MEMBER_PASSWORD);
    expect((await call('GET', '/wps/member/info', fresh)).statusCode).toBe(200);
  });

  it('a raised session limit waits 24 hours and then applies from the next login', async () => {
    const member = await wallet.member();
    await call('PUT', '/wps/member/protection/session-limit', member.token, { minutes: 30 });
    const raise = await call('PUT', '/wps/member/protection/session-limit', member.token, { minutes: 120 });
    expect(limitChangeResponse.parse(raise.json()).value).toMatchObject({
      applies: 'pending',
      state: { sessionLimit: { minutes: 30, pending: { minutes: 120 } } },
    });
    const token = await later(24 * HOUR, member.username);
    const session = playSessionResponse.parse(
      (await call('GET', '/wps/member/protection/session', token)).json(),
    ).value;
    expect(new Date(session.sessionEndsAt ?? 0).getTime()).toBe(clock.now().getTime() + 120 * MINUTE);
  });

  it('trial accounts and visitors are refused', async () => {
    const member = await wallet.member();
    await wallet.setTrial(member.id, true);
    const trial = await call('GET', '/wps/member/protection', member.token);
    expect(messageOf(trial)).toBe('in_need_true_account');
    const visitor = await test.app.inject({ method: 'GET', url: '/wps/member/protection' });
    expect(visitor.statusCode).toBe(401);
  });
});
