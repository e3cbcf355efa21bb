import { memberInfoResponse } from '@lotus/shared/auth.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import { playerAvatarResponse } from '@lotus/shared/password.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { loginAs } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { maskMobile } from '../../lib/notify/mask.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';

describe('maskMobile', () => {
  it('keeps only the last four digits', () => {
    expect(maskMobile('9000000001')).toBe('••••••0001');
    expect(maskMobile('123456')).toBe('••3456');
    expect(maskMobile('1234')).toBe('1234');
    expect(maskMobile(null)).toBeNull();
    expect(maskMobile('')).toBeNull();
  });
});

describe.each(testBackends())('member profile routes [%s]', (backend) => {
  let test: TestApp;
  let player: string;
  let agent: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    player = await loginAs(test.app, 'demo_player', demoAccount('demo_player').password);
    agent = await loginAs(test.app, 'demo_agent', demoAccount('demo_agent').password);
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const info = async (token: string) =>
    memberInfoResponse.parse(
      (await test.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).json(),
    ).value;
  const setLanguage = (token: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'PUT', url: '/wps/member/info/language', headers: bearer(token), payload });
  const setIcon = (token: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'PUT', url: '/wps/member/info/icon', headers: bearer(token), payload });
  const avatar = (token: string) =>
    test.app.inject({ method: 'POST', url: '/wps/relay/MCSFE_getPlayerAvatar', headers: bearer(token) });
  const failure = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

  it('adds avatar, language, masked mobile number and whether an e-mail is on file to member info', async () => {
    expect(await info(player)).toMatchObject({
      account: 'demo_player',
      avatarUrl: null,
      language: null,
      mobileNum: '••••••0001',
      hasEmail: true,
    });
    // A free-play guest has neither a number nor an e-mail.
    const guest = await test.database.db
      .insertInto('members')
      .values({
        brand_id: (await test.database.db.selectFrom('brands').select('id').executeTakeFirstOrThrow()).id,
        username: 'guest_profile',
        password_hash: await hashPassword(newSecret(), { N: 2 ** 10, r: 8, p: 1 }),
        is_trial: true,
        password_changed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = newSecret();
    await test.database.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        member_id: guest.id,
        expires_at: new Date(Date.now() + 3_600_000),
        ip: '127.0.0.1',
      })
      .execute();
    expect(await info(token)).toMatchObject({
      account: 'guest_profile',
      isTrial: true,
      avatarUrl: null,
      mobileNum: null,
      hasEmail: false,
    });
  });

  it("sets the member's language to one the brand supports", async () => {
    const response = await setLanguage(player, { language: 'hi' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'ok', value: null });
    expect((await info(player)).language).toBe('HI');
    expect((await setLanguage(player, { language: 'EN' })).statusCode).toBe(200);
    expect((await info(player)).language).toBe('EN');
    // Another member is untouched.
    expect((await info(agent)).language).toBeNull();
  });

  it('refuses languages the brand does not offer and malformed bodies', async () => {
    for (const payload of [{ language: 'TH' }, { language: 'XX' }]) {
      const response = await setLanguage(player, payload);
      expect(response.statusCode).toBe(400);
      expect(failure(response).message).toBe('invalid_request');
    }
    for (const payload of [{ language: 'ENG' }, { language: 5 }, {}, { language: 'EN', extra: 1 }]) {
      const response = await setLanguage(player, payload);
      expect(response.statusCode).toBe(400);
      expect(failure(response).message).toBe('invalid_request');
    }
    expect((await info(player)).language).not.toBe('TH');
  });

  it('lists the 12 avatars and stores the chosen one', async () => {
    const before = playerAvatarResponse.parse((await avatar(agent)).json()).value;
    expect(before.avatarId).toBeNull();
    expect(before.avatarUrl).toBeNull();
    expect(before.options).toHaveLength(12);
    expect(before.options[0]).toEqual({ avatarId: 1, url: '/avatars/avatar-1.svg' });
    expect(before.options[11]).toEqual({ avatarId: 12, url: '/avatars/avatar-12.svg' });

    const response = await setIcon(agent, { avatarId: 7 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'ok', value: null });
    const after = playerAvatarResponse.parse((await avatar(agent)).json()).value;
    expect(after).toMatchObject({ avatarId: 7, avatarUrl: '/avatars/avatar-7.svg' });
    expect((await info(agent)).avatarUrl).toBe('/avatars/avatar-7.svg');
  });

  it('answers avatar_not_found for ids outside 1..12 and invalid_request for non-integers', async () => {
    for (const avatarId of [0, 13, -1, 1000]) {
      const response = await setIcon(agent, { avatarId });
      expect(response.statusCode).toBe(404);
      expect(failure(response).message).toBe('avatar_not_found');
    }
    for (const payload of [{ avatarId: 1.5 }, { avatarId: '3' }, {}]) {
      const response = await setIcon(agent, payload);
      expect(response.statusCode).toBe(400);
      expect(failure(response).message).toBe('invalid_request');
    }
    expect((await info(agent)).avatarUrl).toBe('/avatars/avatar-7.svg');
  });

  it('refuses anonymous callers', async () => {
    const calls = [
      test.app.inject({ method: 'PUT', url: '/wps/member/info/language', payload: { language: 'EN' } }),
      test.app.inject({ method: 'PUT', url: '/wps/member/info/icon', payload: { avatarId: 1 } }),
      test.app.inject({ method: 'POST', url: '/wps/relay/MCSFE_getPlayerAvatar' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(failure(response).message).toBe('not_logged_in');
    }
  });

  it('audits profile changes without secrets', async () => {
    const rows = await test.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'like', 'profile.%')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.action)).toEqual([
      'profile.language_changed',
      'profile.language_changed',
      'profile.avatar_changed',
    ]);
    expect(rows[2]?.detail).toEqual({ avatarId: 7 });
  });
});
