import { loginResponse, memberInfoResponse } from '@lotus/shared/auth.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { postUsernameLogin, sealFor } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Cheap scrypt for members made by the tests; verification reads the parameters from the hash. */
const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
/** Passes the demo brand's password rule (pattern 5: letters and digits with one of each, 6..20). */
const NEW_PASSWORD = 'Fresh2026pass';

describe.each(testBackends())('password routes [%s]', (backend) => {
  let test: TestApp;
  let brandId: bigint;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  const logLines: string[] = [];
  const responseBodies: string[] = [];
  /** Every password, token, reset secret and code the tests use; none may reach a log line or response. */
  const secrets: string[] = [];
  let ipCounter = 0;
  const freshIp = () => {
    ipCounter += 1;
    return `198.51.100.${ipCounter}`;
  };
  let memberCounter = 0;

  beforeAll(async () => {
    test = await buildTestApp({
      backend,
      clock,
      config: { logLevel: 'trace' },
      logStream: { write: (line) => logLines.push(line) },
    });
    const brand = await test.database.db
      .selectFrom('brands')
      .select('id')
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    brandId = brand.id;
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const call = async (options: InjectOptions) => {
    const response = await test.app.inject(options);
    responseBodies.push(response.body);
    return response;
  };
  const failure = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

  /** A member of the demo brand made for one test, so tests never share an account. */
  const createMember = async (
    options: {
      password?: string;
      email?: string | null;
      mobileNum?: string | null;
      isTrial?: boolean;
      language?: string | null;
      mustChangePassword?: boolean;
      passwordChangedAt?: Date;
    } = {},
  ) => {
    memberCounter += 1;
    const username = `pw_member_${memberCounter}`;
    const password = options.password ?? `Start${memberCounter}pass`;
    secrets.push(password);
    const row = await test.database.db
      .insertInto('members')
      .values({
        brand_id: brandId,
        username,
        password_hash: await hashPassword(password, TEST_SCRYPT),
        password_changed_at: options.passwordChangedAt ?? clock.now(),
        email: options.email === undefined ? `${username}@mail.example` : options.email,
        country_dialing_code: '+91',
        mobile_num:
          options.mobileNum === undefined
            ? `81000000${String(memberCounter).padStart(2, '0')}`
            : options.mobileNum,
        is_trial: options.isTrial ?? false,
        language: options.language ?? null,
        must_change_password: options.mustChangePassword ?? false,
      })
      .returning(['id', 'username', 'email', 'mobile_num'])
      .executeTakeFirstOrThrow();
    return { ...row, password };
  };

  /** A live session of `memberId`, as SessionsService.open stores it (the login path is tested elsewhere). */
  const sessionFor = async (memberId: bigint) => {
    const token = newSecret();
    secrets.push(token);
    await test.database.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        member_id: memberId,
        created_at: clock.now(),
        last_seen_at: clock.now(),
        expires_at: new Date(clock.now().getTime() + 12 * 3_600_000),
        ip: '198.51.100.250',
      })
      .execute();
    return token;
  };
  const rememberTokenFor = async (memberId: bigint) => {
    const token = newSecret();
    await test.database.db
      .insertInto('remember_tokens')
      .values({
        token_hash: hashToken(token),
        member_id: memberId,
        login_type: 'username',
        created_at: clock.now(),
        expires_at: new Date(clock.now().getTime() + DAY),
      })
      .execute();
    return token;
  };
  const memberInfo = (token: string) =>
    call({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });

  /**
   * A username login through the real endpoint (human check solved). Successful logins all come from one
   * address, so the new-IP step never interrupts them; expected failures pass their own.
   */
  const LOGIN_IP = '198.51.100.240';
  const login = async (username: string, password: string, ip = LOGIN_IP) => {
    secrets.push(password);
    const response = await postUsernameLogin(test.app, username, password, { ip });
    responseBodies.push(response.body);
    if (response.statusCode === 200) secrets.push(loginResponse.parse(response.json()).value.token);
    return response;
  };

  const sealed = async (payload: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(payload)) {
      if (typeof value === 'string' && /password|token|code$/i.test(key) && key !== 'countryDialingCode') {
        secrets.push(value);
      }
    }
    return sealFor(test.app, payload);
  };
  const changePassword = async (token: string, payload: Record<string, unknown>) =>
    call({
      method: 'PUT',
      url: '/wps/member/password',
      headers: { authorization: `Bearer ${token}` },
      payload: await sealed(payload),
    });
  const requestEmail = (
    body: Record<string, string>,
    options: { ip: string; form?: boolean; host?: string } = { ip: '198.51.100.200' },
  ) =>
    call({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: {
        'x-forwarded-for': options.ip,
        host: options.host ?? 'localhost:8443',
        'x-forwarded-proto': 'https',
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: options.form ? new URLSearchParams(body).toString() : body,
    });
  const outboxFor = (destination: string) =>
    test.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('destination', '=', destination)
      .orderBy('id', 'desc')
      .execute();
  /** The secret of the newest reset link e-mailed to `email`. */
  const linkTokenOf = async (email: string) => {
    const [message] = await outboxFor(email);
    const match = /(\S+)\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(message?.body ?? '');
    if (!match?.[2]) throw new Error('no reset link in the e-mail');
    secrets.push(match[2]);
    return { origin: match[1], token: match[2] };
  };
  const resetWithLink = async (payload: Record<string, unknown>) =>
    call({ method: 'POST', url: '/wps/member/password/reset', payload: await sealed(payload) });
  const setFlag = (modId: string, enabled: boolean) =>
    test.database.db
      .updateTable('whitelabel_nodes')
      .set({ enabled })
      .where('brand_id', '=', brandId)
      .where('mod_id', '=', modId)
      .execute();
  const auditActions = async (memberId: bigint) =>
    (
      await test.database.db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  describe('PUT /wps/member/password', () => {
    it('changes the password, keeps this session and ends the others and every remember token', async () => {
      const member = await createMember();
      const current = await sessionFor(member.id);
      const other = await sessionFor(member.id);
      await rememberTokenFor(member.id);
      clock.advance(MINUTE);
      const response = await changePassword(current, {
        oldPassword: member.password,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'ok', value: null });
      expect((await memberInfo(current)).statusCode).toBe(200);
      expect(failure(await memberInfo(other)).message).toBe('not_logged_in');
      const tokens = await test.database.db
        .selectFrom('remember_tokens')
        .select('revoked_at')
        .where('member_id', '=', member.id)
        .execute();
      expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);
      const row = await test.database.db
        .selectFrom('members')
        .select(['password_changed_at', 'must_change_password'])
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(row.password_changed_at.getTime()).toBe(clock.now().getTime());
      expect(await auditActions(member.id)).toContain('password.changed');
      // The new password opens the account, the old one no longer does.
      expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
      expect(failure(await login(member.username, member.password, freshIp())).message).toBe('login_failed');
    });

    it('refuses a wrong old password, a new one against the rule, and a mismatched confirmation', async () => {
      const member = await createMember();
      const token = await sessionFor(member.id);
      const wrongOld = await changePassword(token, {
        oldPassword: 'Not1TheOldOne',
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(wrongOld.statusCode).toBe(400);
      expect(failure(wrongOld).message).toBe('old_password_error');

      const cases: [string, string][] = [
        ['ab1', 'too_short'],
        ['abcdefghij1234567890x', 'too_long'],
        ['onlyletters', 'pattern'],
        ['with-symbol-1', 'pattern'],
      ];
      for (const [newPassword, check] of cases) {
        const response = await changePassword(token, {
          oldPassword: member.password,
          newPassword,
          confirmNewPassword: newPassword,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: 'field_invalid',
          value: { field: 'newPassword', check, patternId: 5, minLength: 6, maxLength: 20 },
        });
      }
      const mismatch = await changePassword(token, {
        oldPassword: member.password,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: `${NEW_PASSWORD}x`,
      });
      expect(failure(mismatch).message).toBe('password_mismatch');
      // Nothing was changed by the refused attempts.
      expect((await login(member.username, member.password)).statusCode).toBe(200);
    });

    it('refuses bad bodies with 400 and anonymous callers with 401', async () => {
      const member = await createMember();
      const token = await sessionFor(member.id);
      const unsealed = await call({
        method: 'PUT',
        url: '/wps/member/password',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          oldPassword: member.password,
          newPassword: NEW_PASSWORD,
          confirmNewPassword: NEW_PASSWORD,
        },
      });
      expect(unsealed.statusCode).toBe(400);
      expect(failure(unsealed).message).toBe('invalid_request');
      const extraField = await changePassword(token, {
        oldPassword: member.password,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
        admin: true,
      });
      expect(failure(extraField).message).toBe('invalid_request');
      const missing = await changePassword(token, { oldPassword: member.password });
      expect(failure(missing).message).toBe('invalid_request');
      const anonymous = await call({
        method: 'PUT',
        url: '/wps/member/password',
        payload: await sealed({ oldPassword: 'x', newPassword: 'y', confirmNewPassword: 'y' }),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(failure(anonymous).message).toBe('not_logged_in');
    });

    it('sends trial accounts to make a real account', async () => {
      const trial = await createMember({ isTrial: true, email: null, mobileNum: null });
      const response = await changePassword(await sessionFor(trial.id), {
        oldPassword: trial.password,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(403);
      expect(failure(response).message).toBe('in_need_true_account');
    });

    it('refuses changes after 5 wrong old passwords in 15 minutes', async () => {
      const member = await createMember();
      const token = await sessionFor(member.id);
      const attempt = (oldPassword: string) =>
        changePassword(token, { oldPassword, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
      for (let index = 0; index < 5; index += 1) {
        expect(failure(await attempt('Wrong1guess')).message).toBe('old_password_error');
      }
      const blocked = await attempt(member.password);
      expect(blocked.statusCode).toBe(429);
      expect(failure(blocked).message).toBe('too_many_requests');
    });

    it('ends a forced change: demo_newbie logs in expired, changes, and logs in fresh', async () => {
      const first = await login('demo_newbie', demoAccount('demo_newbie').password);
      expect(first.statusCode).toBe(200);
      const result = loginResponse.parse(first.json()).value;
      expect(result.passwordExpired).toBe(true);
      const changed = await changePassword(result.token, {
        oldPassword: demoAccount('demo_newbie').password,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      const again = await login('demo_newbie', NEW_PASSWORD);
      expect(loginResponse.parse(again.json()).value.passwordExpired).toBe(false);
    });
  });

  describe('password expiry at login (PWDEXPFORCECHANGE3 + passwordMaxAgeDays)', () => {
    it('expires a password older than the maximum age only while the switch is on', async () => {
      const member = await createMember({
        passwordChangedAt: new Date(clock.now().getTime() - 100 * DAY),
      });
      const expiredAt = async () => {
        const response = await login(member.username, member.password);
        expect(response.statusCode).toBe(200);
        return loginResponse.parse(response.json()).value.passwordExpired;
      };
      const setMaxAge = (days: number | null) =>
        test.database.db
          .updateTable('brands')
          .set({ password_max_age_days: days })
          .where('id', '=', brandId)
          .execute();
      try {
        // Flag on (the demo default), no maximum age: never expires.
        await setMaxAge(null);
        expect(await expiredAt()).toBe(false);
        await setMaxAge(90);
        expect(await expiredAt()).toBe(true);
        await setMaxAge(200);
        expect(await expiredAt()).toBe(false);
        await setMaxAge(100);
        expect(await expiredAt()).toBe(true);
        await setFlag('PWDEXPFORCECHANGE3', false);
        expect(await expiredAt()).toBe(false);
        // The parent module off turns the switch off too.
        await setFlag('PWDEXPFORCECHANGE3', true);
        await setFlag('PASSWORD3', false);
        expect(await expiredAt()).toBe(false);
        await setFlag('PASSWORD3', true);
        expect(await expiredAt()).toBe(true);
      } finally {
        await setFlag('PWDEXPFORCECHANGE3', true);
        await setFlag('PASSWORD3', true);
        await setMaxAge(null);
      }
    });
  });

  describe('forgot password by e-mail and the reset link', () => {
    it('e-mails a working link (form-encoded request) that works once and ends every session', async () => {
      const member = await createMember();
      const session = await sessionFor(member.id);
      await rememberTokenFor(member.id);
      const response = await requestEmail(
        { username: member.username.toUpperCase(), email: member.email?.toUpperCase() ?? '' },
        { ip: freshIp(), form: true },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'ok', value: null });
      const [message] = await outboxFor(member.email ?? '');
      expect(message).toMatchObject({ channel: 'email', brand_id: brandId });
      expect(message?.subject).toBe('Reset your Lotus password');
      expect(message?.body).toContain(member.username);
      const { origin, token } = await linkTokenOf(member.email ?? '');
      expect(origin).toBe('https://localhost:8443');
      // Only the hash is stored.
      const stored = await test.database.db
        .selectFrom('password_resets')
        .select(['token_hash', 'expires_at'])
        .where('member_id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).toBe(hashToken(token));
      expect(stored.expires_at.getTime()).toBe(clock.now().getTime() + 30 * MINUTE);

      const reset = await resetWithLink({
        token,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      expect(failure(await memberInfo(session)).message).toBe('not_logged_in');
      const remembered = await test.database.db
        .selectFrom('remember_tokens')
        .select('revoked_at')
        .where('member_id', '=', member.id)
        .execute();
      expect(remembered.every((row) => row.revoked_at !== null)).toBe(true);
      expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
      const actions = await auditActions(member.id);
      expect(actions).toContain('password.reset_requested');
      expect(actions).toContain('password.reset');

      const again = await resetWithLink({
        token,
        newPassword: 'Another2026x',
        confirmNewPassword: 'Another2026x',
      });
      expect(again.statusCode).toBe(400);
      expect(failure(again).message).toBe('reset_link_invalid');
    });

    it('takes JSON too, writes Hindi for Hindi members, and a new request retires the older link', async () => {
      const member = await createMember({ language: 'HI' });
      const ip = freshIp();
      expect(
        (await requestEmail({ username: member.username, email: member.email ?? '' }, { ip })).statusCode,
      ).toBe(200);
      const older = await linkTokenOf(member.email ?? '');
      const [hindi] = await outboxFor(member.email ?? '');
      expect(hindi?.subject).toBe('अपना Lotus पासवर्ड रीसेट करें');
      expect(hindi?.body).toContain('30 मिनट');
      expect(
        (await requestEmail({ username: member.username, email: member.email ?? '' }, { ip })).statusCode,
      ).toBe(200);
      const newer = await linkTokenOf(member.email ?? '');
      expect(newer.token).not.toBe(older.token);
      expect(
        failure(
          await resetWithLink({
            token: older.token,
            newPassword: NEW_PASSWORD,
            confirmNewPassword: NEW_PASSWORD,
          }),
        ).message,
      ).toBe('reset_link_invalid');
      expect(
        (
          await resetWithLink({
            token: newer.token,
            newPassword: NEW_PASSWORD,
            confirmNewPassword: NEW_PASSWORD,
          })
        ).statusCode,
      ).toBe(200);
    });

    it("points the link at the brand's own domain when the Host header names another site", async () => {
      const member = await createMember();
      const ip = freshIp();
      await requestEmail(
        { username: member.username, email: member.email ?? '' },
        { ip, host: 'attacker.example:8443' },
      );
      expect((await linkTokenOf(member.email ?? '')).origin).toBe('https://localhost');
      await requestEmail(
        { username: member.username, email: member.email ?? '' },
        { ip, host: '127.0.0.1:5173' },
      );
      expect((await linkTokenOf(member.email ?? '')).origin).toBe('https://127.0.0.1:5173');
    });

    it('lets a link expire after 30 minutes', async () => {
      const early = await createMember();
      const late = await createMember();
      const ip = freshIp();
      await requestEmail({ username: early.username, email: early.email ?? '' }, { ip });
      await requestEmail({ username: late.username, email: late.email ?? '' }, { ip });
      const earlyLink = await linkTokenOf(early.email ?? '');
      const lateLink = await linkTokenOf(late.email ?? '');
      clock.advance(29 * MINUTE);
      expect(
        (
          await resetWithLink({
            token: earlyLink.token,
            newPassword: NEW_PASSWORD,
            confirmNewPassword: NEW_PASSWORD,
          })
        ).statusCode,
      ).toBe(200);
      clock.advance(MINUTE);
      const expired = await resetWithLink({
        token: lateLink.token,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(failure(expired).message).toBe('reset_link_invalid');
      expect((await login(late.username, late.password)).statusCode).toBe(200);
    });

    it('keeps the link working when the new password is refused', async () => {
      const member = await createMember();
      await requestEmail({ username: member.username, email: member.email ?? '' }, { ip: freshIp() });
      const { token } = await linkTokenOf(member.email ?? '');
      const weak = await resetWithLink({ token, newPassword: 'short', confirmNewPassword: 'short' });
      expect(weak.json()).toMatchObject({
        message: 'field_invalid',
        value: { field: 'newPassword', check: 'too_short' },
      });
      const mismatch = await resetWithLink({
        token,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: 'Other2026pass',
      });
      expect(failure(mismatch).message).toBe('password_mismatch');
      expect(
        (await resetWithLink({ token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses unknown tokens and malformed bodies', async () => {
      const unknown = await resetWithLink({
        token: newSecret(),
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(failure(unknown).message).toBe('reset_link_invalid');
      const missing = await resetWithLink({ newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
      expect(failure(missing).message).toBe('invalid_request');
      const plain = await call({
        method: 'POST',
        url: '/wps/member/password/reset',
        payload: { token: 'x' },
      });
      expect(plain.statusCode).toBe(400);
    });

    it('answers username_email_not_found when the pair does not belong together', async () => {
      const member = await createMember();
      const other = await createMember();
      const ip = freshIp();
      for (const body of [
        { username: member.username, email: other.email ?? '' },
        { username: 'nobody_at_all', email: member.email ?? '' },
      ]) {
        const response = await requestEmail(body, { ip });
        expect(response.statusCode).toBe(400);
        expect(failure(response).message).toBe('username_email_not_found');
      }
      const noEmail = await createMember({ email: null });
      const response = await requestEmail({ username: noEmail.username, email: 'x@mail.example' }, { ip });
      expect(failure(response).message).toBe('username_email_not_found');
      expect(await outboxFor(other.email ?? '')).toHaveLength(0);
    });

    it('refuses malformed requests with 400', async () => {
      const ip = freshIp();
      const missing = await requestEmail({ username: 'demo_player' }, { ip, form: true });
      expect(missing.statusCode).toBe(400);
      expect(failure(missing).message).toBe('invalid_request');
      const empty = await requestEmail({ username: '', email: '' }, { ip });
      expect(failure(empty).message).toBe('invalid_request');
    });

    it('allows 5 requests per IP per hour, found or not', async () => {
      const member = await createMember();
      const ip = freshIp();
      for (let index = 0; index < 5; index += 1) {
        const response = await requestEmail({ username: 'no_such_user', email: 'x@mail.example' }, { ip });
        expect(failure(response).message).toBe('username_email_not_found');
      }
      const blocked = await requestEmail({ username: member.username, email: member.email ?? '' }, { ip });
      expect(blocked.statusCode).toBe(429);
      expect(failure(blocked).message).toBe('too_many_requests');
      expect(await outboxFor(member.email ?? '')).toHaveLength(0);
      clock.advance(61 * MINUTE);
      expect(
        (await requestEmail({ username: member.username, email: member.email ?? '' }, { ip })).statusCode,
      ).toBe(200);
    });

    it('is off when CHNGPASSMAIL3 is off', async () => {
      const member = await createMember();
      await setFlag('CHNGPASSMAIL3', false);
      try {
        const response = await requestEmail(
          { username: member.username, email: member.email ?? '' },
          { ip: freshIp() },
        );
        expect(response.statusCode).toBe(403);
        expect(failure(response).message).toBe('forbidden');
        expect(await outboxFor(member.email ?? '')).toHaveLength(0);
      } finally {
        await setFlag('CHNGPASSMAIL3', true);
      }
    });
  });

  describe('POST /wps/member/password/verification (set by phone)', () => {
    const CODE = '482913';
    /** A live reset_password code for the number, as VerificationCodesService.send stores it. */
    const codeFor = async (mobileNum: string, code = CODE) => {
      secrets.push(code);
      await test.database.db
        .insertInto('verification_codes')
        .values({
          brand_id: brandId,
          purpose: 'reset_password',
          channel: 'sms',
          destination: `+91${mobileNum}`,
          code_hash: hashToken(code),
          ip: '198.51.100.251',
          created_at: clock.now(),
          expires_at: new Date(clock.now().getTime() + 10 * MINUTE),
        })
        .execute();
    };
    const resetByPhone = async (payload: Record<string, unknown>) =>
      call({
        method: 'POST',
        url: '/wps/member/password/verification',
        headers: { 'x-forwarded-for': LOGIN_IP },
        payload: await sealed(payload),
      });
    const payloadFor = (mobileNum: string, overrides: Record<string, unknown> = {}) => ({
      countryDialingCode: '+91',
      mobileNum,
      verificationCode: CODE,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
      ...overrides,
    });

    it('sets the password with the SMS code and logs the member in', async () => {
      const member = await createMember({ mustChangePassword: true });
      const oldSession = await sessionFor(member.id);
      await codeFor(member.mobile_num ?? '');
      const response = await resetByPhone(payloadFor(member.mobile_num ?? ''));
      expect(response.statusCode).toBe(200);
      const result = loginResponse.parse(response.json()).value;
      secrets.push(result.token);
      expect(result.passwordExpired).toBe(false);
      const info = memberInfoResponse.parse((await memberInfo(result.token)).json()).value;
      expect(info.account).toBe(member.username);
      expect(failure(await memberInfo(oldSession)).message).toBe('not_logged_in');
      expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
      const actions = await auditActions(member.id);
      expect(actions).toContain('password.reset');
      expect(actions).toContain('login.success');
      // The code is used up.
      const replay = await resetByPhone(payloadFor(member.mobile_num ?? ''));
      expect(failure(replay).message).toBe('sms_code_invalid');
    });

    it('refuses wrong, missing and expired codes, bad numbers and weak passwords', async () => {
      const member = await createMember();
      const mobile = member.mobile_num ?? '';
      await codeFor(mobile);
      expect(failure(await resetByPhone(payloadFor(mobile, { verificationCode: '000000' }))).message).toBe(
        'sms_code_invalid',
      );
      expect(failure(await resetByPhone(payloadFor(mobile, { verificationCode: '' }))).message).toBe(
        'sms_code_required',
      );
      expect(failure(await resetByPhone(payloadFor('12ab'))).message).toBe('mobile_format_error');
      expect(failure(await resetByPhone(payloadFor(mobile, { countryDialingCode: '91' }))).message).toBe(
        'mobile_format_error',
      );
      expect(failure(await resetByPhone(payloadFor('', {}))).message).toBe('mobile_required');
      const weak = await resetByPhone(payloadFor(mobile, { newPassword: 'abc', confirmNewPassword: 'abc' }));
      expect(weak.json()).toMatchObject({
        message: 'field_invalid',
        value: { check: 'too_short', patternId: 5 },
      });
      expect(
        failure(await resetByPhone(payloadFor(mobile, { confirmNewPassword: 'Other2026pass' }))).message,
      ).toBe('password_mismatch');
      // The refused passwords did not burn the code (one wrong guess did count).
      expect((await resetByPhone(payloadFor(mobile))).statusCode).toBe(200);

      const unknownNumber = await resetByPhone(payloadFor('8999999999'));
      expect(failure(unknownNumber).message).toBe('sms_code_invalid');

      const late = await createMember();
      await codeFor(late.mobile_num ?? '');
      clock.advance(11 * MINUTE);
      expect(failure(await resetByPhone(payloadFor(late.mobile_num ?? ''))).message).toBe('sms_code_expired');
      const extra = await resetByPhone(payloadFor(late.mobile_num ?? '', { username: 'x' }));
      expect(failure(extra).message).toBe('invalid_request');
    });

    it('is off when CHNGPASSVERIF3 is off', async () => {
      const member = await createMember();
      await codeFor(member.mobile_num ?? '');
      await setFlag('CHNGPASSVERIF3', false);
      try {
        const response = await resetByPhone(payloadFor(member.mobile_num ?? ''));
        expect(response.statusCode).toBe(403);
        expect(failure(response).message).toBe('forbidden');
      } finally {
        await setFlag('CHNGPASSVERIF3', true);
      }
      expect((await resetByPhone(payloadFor(member.mobile_num ?? ''))).statusCode).toBe(200);
    });
  });

  it('never puts a password, token, reset secret or code in a log line, audit record or response', async () => {
    expect(logLines.length).toBeGreaterThan(0);
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select(sql<string>`detail::text`.as('detail'))
      .execute();
    const auditText = audit.map((row) => row.detail).join('\n');
    const logText = logLines.join('\n');
    const responses = responseBodies.join('\n');
    const checked = [...new Set(secrets)].filter((secret) => secret.length >= 6);
    expect(checked.length).toBeGreaterThan(20);
    // An all-digit code is searched for as a whole number, not inside the log's millisecond timestamps.
    const pattern = (secret: string) =>
      new RegExp(
        /^[0-9]+$/.test(secret)
          ? `(?<![0-9])${secret}(?![0-9])`
          : secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      );
    for (const secret of checked) {
      expect(logText).not.toMatch(pattern(secret));
      expect(auditText).not.toMatch(pattern(secret));
    }
    // Login tokens are the one secret a response must carry; every other secret stays out of responses.
    const tokens = new Set(
      responseBodies.flatMap((body) => {
        try {
          const token = (JSON.parse(body) as { value?: { token?: unknown } }).value?.token;
          return typeof token === 'string' ? [token] : [];
        } catch {
          return [];
        }
      }),
    );
    for (const secret of checked.filter((value) => !tokens.has(value))) {
      expect(responses).not.toMatch(pattern(secret));
    }
  });
});
