import { loginResponse, memberInfoResponse, publicKeyResponse } from '@lotus/shared/auth.schema';
import { solveHumanChallenge } from '@lotus/shared/human-check';
import { affiliateResponse, fieldInvalidDetails, oneClickResponse } from '@lotus/shared/registration.schema';
import { sealPayload } from '@lotus/shared/sealed-payload';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/password.ts';

const HOUR = 3_600_000;

type Body = Record<string, unknown>;

describe.each(testBackends())('registration routes [%s]', (backend) => {
  let test: TestApp;
  let spki: string;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  const logLines: string[] = [];
  const passwords: string[] = [];
  const responseBodies: string[] = [];
  let ipCounter = 0;
  /** Each request comes from its own address unless a test says otherwise (per-IP limits stay apart). */
  const freshIp = () => {
    ipCounter += 1;
    return `198.51.100.${ipCounter}`;
  };
  let nameCounter = 0;
  const freshName = () => {
    nameCounter += 1;
    return `newplayer${nameCounter}`;
  };
  let mobileCounter = 0;
  const freshMobile = () => {
    mobileCounter += 1;
    return `98765${String(mobileCounter).padStart(5, '0')}`;
  };

  beforeAll(async () => {
    test = await buildTestApp({
      backend,
      clock,
      config: { logLevel: 'trace', devInbox: true },
      logStream: { write: (line) => logLines.push(line) },
    });
    const key = await test.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
    spki = publicKeyResponse.parse(key.json()).value.spki;
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const setFlag = (modId: string, enabled: boolean) =>
    test.database.db.updateTable('whitelabel_nodes').set({ enabled }).where('mod_id', '=', modId).execute();
  const setRule = (key: string, patch: { enabled?: boolean; required?: boolean }) =>
    test.database.db
      .updateTable('registration_field_rules')
      .set(patch)
      .where('field_key', '=', key)
      .execute();

  // Every test starts from the seeded switches, except that the captcha is off unless a test turns it on
  // (its own tests prove it is asked for when required).
  beforeEach(async () => {
    for (const flag of ['USERNAMEREG3', 'MOBILENUMREG3', 'FREEPLAY3', 'REGISTER3']) await setFlag(flag, true);
    await setFlag('REGMOBVERF3', false);
    await setRule('captcha', { enabled: false, required: false });
    await setRule('birthday', { enabled: false, required: false });
    await setRule('qqNum', { enabled: false, required: false });
    await setRule('paymentPassword', { enabled: false, required: false });
  });

  const human = async () => {
    const response = await test.app.inject({ method: 'GET', url: '/wps/verification/human' });
    expect(response.statusCode).toBe(200);
    return solveHumanChallenge(response.json().value);
  };

  const post = async (url: string, payload: Body, options: { ip?: string; cookie?: string } = {}) => {
    for (const key of ['password', 'confirmPassword', 'paymentPassword']) {
      if (typeof payload[key] === 'string') passwords.push(payload[key] as string);
    }
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: {
        'x-forwarded-for': options.ip ?? freshIp(),
        'user-agent': 'vitest',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload: await sealPayload(spki, payload),
    });
    responseBodies.push(response.body);
    return response;
  };

  const registration = async (overrides: Body = {}): Promise<Body> => ({
    username: freshName(),
    password: 'Secret123',
    confirmPassword: 'Secret123',
    agreeTerms: true,
    confirmAge: true,
    humanVerification: await human(),
    registerMethod: 'WEB',
    ...overrides,
  });

  const register = async (overrides: Body = {}, options: { ip?: string; cookie?: string } = {}) =>
    post('/wps/member/register', await registration(overrides), options);

  const mobileRegistration = async (overrides: Body = {}, options: { ip?: string; cookie?: string } = {}) => {
    const { username: _username, ...payload } = await registration({
      mobileNum: freshMobile(),
      countryDialingCode: '+91',
      ...overrides,
    });
    return post('/wps/member/register/mobile', payload, options);
  };

  const failure = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    const body = response.json() as { success: boolean; message: string; value: unknown };
    expect(body.success).toBe(false);
    expect(body.message).toBe(code);
    return body.value;
  };

  const memberInfo = (token: string) =>
    test.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });

  const memberRow = (username: string) =>
    test.database.db
      .selectFrom('members')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();

  const idOf = async (username: string) => (await memberRow(username)).id;

  describe('POST /wps/member/register', () => {
    it('registers a player, logs them in and keeps what the form collected', async () => {
      const ip = freshIp();
      const username = freshName();
      const mobileNum = freshMobile();
      const response = await register(
        {
          username,
          mobileNum,
          countryDialingCode: '+91',
          email: 'New.Player@example.com',
          nickname: 'Lucky',
          payeeName: 'Asha Rao',
          whatsapp: '+919812345678',
          telegram: 'lucky_player',
          qqNum: '12345678',
          language: 'hi',
          registerUrl: 'https://lotus.example.com/register?ref=summer',
        },
        { ip },
      );
      expect(response.statusCode).toBe(200);
      const result = loginResponse.parse(response.json()).value;
      expect(result).toMatchObject({ firstTimeLogin: true, passwordExpired: false });

      const info = memberInfoResponse.parse((await memberInfo(result.token)).json()).value;
      expect(info).toMatchObject({ account: username, nickname: 'Lucky', isTrial: false, toUpline: false });

      const row = await memberRow(username);
      expect(row).toMatchObject({
        register_method: 'username',
        register_ip: ip,
        mobile_num: mobileNum,
        country_dialing_code: '+91',
        email: 'New.Player@example.com',
        payee_name: 'Asha Rao',
        language: 'HI',
        upline_id: null,
        referred_by_id: null,
        member_type: 0,
        is_trial: false,
      });
      // The optional fields are kept; a disabled field (qqNum) is dropped whatever was sent.
      expect(row.registration_fields).toEqual({ whatsapp: '+919812345678', telegram: 'lucky_player' });
      expect(row.password_hash).toMatch(/^scrypt\$v1\$/);

      const known = await test.database.db
        .selectFrom('member_known_ips')
        .select('ip')
        .where('member_id', '=', row.id)
        .execute();
      expect(known.map((entry) => entry.ip)).toEqual([ip]);

      const audit = await test.database.db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('member_id', '=', row.id)
        .orderBy('id')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(['register.success', 'login.success']);
      expect(audit[0]?.detail).toMatchObject({ method: 'username', affiliate: false, referred: false });
    });

    it('links the agent of an affiliate code and the member of a referral code', async () => {
      const referrer = freshName();
      expect((await register({ username: referrer })).statusCode).toBe(200);
      const username = freshName();
      const response = await register({
        username,
        affiliateCode: 'lotusag2',
        referralCode: referrer.toUpperCase(),
      });
      expect(response.statusCode).toBe(200);
      const row = await memberRow(username);
      expect(row.upline_id).toBe(await idOf('demo_sub_agent'));
      expect(row.referred_by_id).toBe(await idOf(referrer));
      const token = loginResponse.parse(response.json()).value.token;
      expect(memberInfoResponse.parse((await memberInfo(token)).json()).value.toUpline).toBe(true);
    });

    it('refuses an affiliate code that names no agent and a referral code that names nobody', async () => {
      failure(await register({ affiliateCode: 'NOSUCHAG' }), 400, 'invitation_code_error');
      failure(await register({ referralCode: 'nobodyhere' }), 400, 'invitation_code_error');
      // demo_player has no affiliate code; a player's username is not an invitation code either.
      failure(await register({ affiliateCode: 'demoplayer' }), 400, 'invitation_code_error');
    });

    it.each([
      ['username', '', 'required'],
      ['username', 'abc', 'too_short'],
      ['username', 'abcdefghijklmnopq', 'too_long'],
      ['username', '1abcdef', 'pattern'],
      ['password', '', 'required'],
      ['password', 'Ab1', 'too_short'],
      ['password', 'abcdefghij1234567890x', 'too_long'],
      ['password', 'abcdefgh', 'pattern'],
      ['email', 'not-an-email', 'pattern'],
      ['email', 'a@b', 'too_short'],
      ['nickname', 'x', 'too_short'],
      ['nickname', 'n'.repeat(21), 'too_long'],
      ['payeeName', 'Asha 123', 'pattern'],
      ['whatsapp', '98-123456', 'pattern'],
      ['telegram', 'bad handle', 'pattern'],
      ['mobileNum', '98765', 'too_short'],
      ['mobileNum', '98765abcd', 'pattern'],
    ])('answers field_invalid for %s "%s" (%s) with the rule', async (field, value, check) => {
      const overrides: Body = { [field]: value };
      if (field === 'password') overrides.confirmPassword = value;
      const details = fieldInvalidDetails.parse(failure(await register(overrides), 400, 'field_invalid'));
      const rule = await test.database.db
        .selectFrom('registration_field_rules')
        .select(['pattern_id', 'min_length', 'max_length'])
        .where('field_key', '=', field)
        .executeTakeFirstOrThrow();
      expect(details).toEqual({
        field,
        check,
        patternId: rule.pattern_id,
        minLength: rule.min_length,
        maxLength: rule.max_length,
      });
    });

    it('requires a field the brand makes required, and ignores a disabled one', async () => {
      await setRule('qqNum', { enabled: true, required: true });
      const details = fieldInvalidDetails.parse(failure(await register(), 400, 'field_invalid'));
      expect(details).toMatchObject({ field: 'qqNum', check: 'required' });
      await setRule('qqNum', { enabled: false, required: false });
      expect((await register({ qqNum: 'not digits at all' })).statusCode).toBe(200);
    });

    it('keeps a payment password only as a hash, and falls back to the brand language', async () => {
      await setRule('paymentPassword', { enabled: true, required: true });
      const username = freshName();
      const response = await register({ username, paymentPassword: '482913', language: 'FR' });
      expect(response.statusCode).toBe(200);
      const row = await memberRow(username);
      expect(row.language).toBe('EN');
      const stored = row.registration_fields as Record<string, string>;
      expect(Object.keys(stored)).toEqual(['paymentPasswordHash']);
      expect(JSON.stringify(stored)).not.toContain('482913');
      expect(await verifyPassword('482913', stored.paymentPasswordHash ?? '')).toBe(true);
    });

    it('needs the same password twice, agreement to the terms and the age confirmation', async () => {
      failure(await register({ confirmPassword: 'Secret124' }), 400, 'password_mismatch');
      failure(await register({ agreeTerms: false }), 400, 'agreement_required');
      failure(await register({ agreeTerms: undefined }), 400, 'agreement_required');
      failure(await register({ confirmAge: false }), 400, 'birthday_limit');
      failure(await register({ confirmAge: undefined }), 400, 'birthday_limit');
    });

    it('checks a birthday field: 21 years or more, and a real date', async () => {
      await setRule('birthday', { enabled: true, required: true });
      failure(await register({ birthday: '2005-03-02' }), 400, 'birthday_limit');
      failure(await register({ birthday: '2015-01-01' }), 400, 'birthday_limit');
      const invalid = fieldInvalidDetails.parse(
        failure(await register({ birthday: '2000-02-31' }), 400, 'field_invalid'),
      );
      expect(invalid).toMatchObject({ field: 'birthday', check: 'pattern' });
      expect(fieldInvalidDetails.parse(failure(await register(), 400, 'field_invalid'))).toMatchObject({
        field: 'birthday',
        check: 'required',
      });
      const username = freshName();
      expect((await register({ username, birthday: '2005-03-01' })).statusCode).toBe(200);
      expect((await memberRow(username)).registration_fields).toEqual({ birthday: '2005-03-01' });
    });

    it('refuses a taken username (any case) and a registered mobile number', async () => {
      // The brand's username rule (a letter, then letters or digits) is checked before uniqueness.
      failure(await register({ username: 'DEMO_player' }), 400, 'field_invalid');
      failure(
        await register({ mobileNum: '9000000001', countryDialingCode: '+91' }),
        409,
        'mobile_registered',
      );
      failure(
        await register({ mobileNum: '9000000001', countryDialingCode: '91' }),
        400,
        'mobile_format_error',
      );
      const username = freshName();
      expect((await register({ username })).statusCode).toBe(200);
      failure(await register({ username: username.toUpperCase() }), 409, 'username_taken');
    });

    it('is closed when USERNAMEREG3 is off, while the mobile tab stays open', async () => {
      await setFlag('USERNAMEREG3', false);
      failure(await register(), 403, 'registration_closed');
      expect((await mobileRegistration()).statusCode).toBe(200);
    });

    it('refuses a payload that is not sealed or has unknown fields', async () => {
      const plain = await test.app.inject({
        method: 'POST',
        url: '/wps/member/register',
        payload: { username: 'x', password: 'y' },
      });
      expect(plain.statusCode).toBe(400);
      const value = failure(await register({ isAdmin: true }), 400, 'invalid_request') as {
        issues: { path: string; code: string }[];
      };
      expect(value.issues[0]?.code).toBe('unrecognized_keys');
    });

    it('needs a fresh human-verification solution', async () => {
      failure(await register({ humanVerification: undefined }), 400, 'human_verification_failed');
      const solution = await human();
      expect((await register({ humanVerification: solution })).statusCode).toBe(200);
      failure(await register({ humanVerification: solution }), 400, 'human_verification_failed');
    });
  });

  describe('captcha', () => {
    const captcha = async (ip: string) => {
      const issued = await test.app.inject({
        method: 'GET',
        url: '/wps/captcha',
        headers: { 'x-forwarded-for': ip },
      });
      expect(issued.statusCode).toBe(200);
      const cookie = issued.cookies.find((entry) => entry.name === 'lotus_captcha');
      if (!cookie) throw new Error('no captcha cookie');
      const header = `lotus_captcha=${cookie.value}`;
      const dev = await test.app.inject({ method: 'GET', url: '/dev/captcha', headers: { cookie: header } });
      const answer = dev.json().value.answer as string;
      passwords.push(answer);
      return { cookie: header, answer };
    };

    it('is asked for when the captcha rule is enabled and required', async () => {
      await setRule('captcha', { enabled: true, required: true });
      expect(failure(await register(), 400, 'captcha_required')).toEqual({ captcha: true });

      const wrongIp = freshIp();
      const wrong = await captcha(wrongIp);
      const wrongAnswer = wrong.answer === 'AAAA' ? 'BBBB' : 'AAAA';
      expect(
        failure(
          await register({ captcha: wrongAnswer }, { ip: wrongIp, cookie: wrong.cookie }),
          400,
          'captcha_error',
        ),
      ).toEqual({ captcha: true });
      // A wrong answer burns the captcha: the right one no longer works either.
      failure(
        await register({ captcha: wrong.answer }, { ip: wrongIp, cookie: wrong.cookie }),
        400,
        'captcha_error',
      );

      const ip = freshIp();
      const good = await captcha(ip);
      failure(await register({ captcha: good.answer }, { ip }), 400, 'captcha_required');
      const good2 = await captcha(freshIp());
      const response = await register({ captcha: good2.answer.toLowerCase() }, { ip, cookie: good2.cookie });
      expect(response.statusCode).toBe(200);
    });

    it('is not asked for when the rule is disabled or optional', async () => {
      await setRule('captcha', { enabled: true, required: false });
      expect((await register()).statusCode).toBe(200);
      await setRule('captcha', { enabled: false, required: false });
      expect((await mobileRegistration()).statusCode).toBe(200);
    });
  });

  describe('POST /wps/member/register/mobile', () => {
    it('registers by mobile number with a username made from it', async () => {
      const mobileNum = freshMobile();
      const response = await mobileRegistration({ mobileNum });
      expect(response.statusCode).toBe(200);
      const row = await test.database.db
        .selectFrom('members')
        .selectAll()
        .where('mobile_num', '=', mobileNum)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        username: `m${mobileNum}`,
        register_method: 'mobile',
        country_dialing_code: '+91',
      });
    });

    it('makes the generated username unique', async () => {
      const mobileNum = freshMobile();
      expect((await register({ username: `m${mobileNum}` })).statusCode).toBe(200);
      expect((await mobileRegistration({ mobileNum })).statusCode).toBe(200);
      const row = await test.database.db
        .selectFrom('members')
        .select('username')
        .where('mobile_num', '=', mobileNum)
        .executeTakeFirstOrThrow();
      expect(row.username).toBe(`m${mobileNum}2`);
    });

    it('needs a well-formed, unregistered number', async () => {
      failure(await mobileRegistration({ mobileNum: undefined }), 400, 'mobile_required');
      failure(await mobileRegistration({ mobileNum: '' }), 400, 'mobile_required');
      failure(await mobileRegistration({ countryDialingCode: '+91x' }), 400, 'mobile_format_error');
      failure(await mobileRegistration({ mobileNum: '9000000002' }), 409, 'mobile_registered');
      const details = fieldInvalidDetails.parse(
        failure(await mobileRegistration({ mobileNum: '123' }), 400, 'field_invalid'),
      );
      expect(details).toMatchObject({ field: 'mobileNum', check: 'too_short' });
    });

    it('is closed when MOBILENUMREG3 is off, while the username tab stays open', async () => {
      await setFlag('MOBILENUMREG3', false);
      failure(await mobileRegistration(), 403, 'registration_closed');
      expect((await register()).statusCode).toBe(200);
    });
  });

  describe('SMS verification (REGMOBVERF3)', () => {
    const sendCode = async (mobileNum: string, registerType: 'username' | 'mobile') => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        headers: { 'x-forwarded-for': freshIp() },
        payload: {
          countryDialingCode: '+91',
          mobileNo: mobileNum,
          registerType,
          humanVerification: await human(),
        },
      });
      expect(response.statusCode).toBe(200);
      const message = await test.database.db
        .selectFrom('outbox_messages')
        .select('body')
        .where('destination', '=', `+91${mobileNum}`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const code = /\b([0-9]{6})\b/.exec(message.body)?.[1];
      if (!code) throw new Error('no code in the SMS');
      passwords.push(code);
      return code;
    };

    it('consumes the code sent to the number; a missing or wrong code is refused', async () => {
      await setFlag('REGMOBVERF3', true);
      const mobileNum = freshMobile();
      const code = await sendCode(mobileNum, 'mobile');
      failure(await mobileRegistration({ mobileNum }), 400, 'sms_code_required');
      const wrong = code === '000000' ? '111111' : '000000';
      failure(await mobileRegistration({ mobileNum, verificationCode: wrong }), 400, 'sms_code_invalid');
      expect((await mobileRegistration({ mobileNum, verificationCode: code })).statusCode).toBe(200);
      // Single use: the number is now registered, and the code is gone anyway.
      failure(await mobileRegistration({ mobileNum, verificationCode: code }), 409, 'mobile_registered');
    });

    it('makes the mobile number required on the username tab too', async () => {
      await setFlag('REGMOBVERF3', true);
      failure(await register(), 400, 'mobile_required');
      const mobileNum = freshMobile();
      const code = await sendCode(mobileNum, 'username');
      const username = freshName();
      const response = await register({
        username,
        mobileNum,
        countryDialingCode: '+91',
        verificationCode: code,
      });
      expect(response.statusCode).toBe(200);
      expect((await memberRow(username)).mobile_num).toBe(mobileNum);
    });

    it('does not ask for a code when the flag is off', async () => {
      expect((await mobileRegistration({ verificationCode: '123456' })).statusCode).toBe(200);
    });
  });

  describe('GET /wps/agent/affiliate', () => {
    const check = (code: string) =>
      test.app.inject({ method: 'GET', url: `/wps/agent/affiliate?code=${encodeURIComponent(code)}` });

    it('names the agent of a valid code, in any case', async () => {
      const response = await check('LOTUSAG1');
      expect(response.statusCode).toBe(200);
      expect(affiliateResponse.parse(response.json()).value).toEqual({
        valid: true,
        agentNickname: 'Demo Agent',
      });
      expect(affiliateResponse.parse((await check('lotusag2')).json()).value.agentNickname).toBe(
        'Demo Sub-agent',
      );
    });

    it('answers invitation_code_error for unknown or malformed codes', async () => {
      failure(await check('NOPE1234'), 400, 'invitation_code_error');
      failure(await check(''), 400, 'invitation_code_error');
      failure(await check("LOTUSAG1' or 1=1"), 400, 'invitation_code_error');
      failure(await test.app.inject({ method: 'GET', url: '/wps/agent/affiliate' }), 400, 'invalid_request');
    });
  });

  describe('POST /wps/member/register/oneClick', () => {
    const oneClick = async (overrides: Body = {}, ip = freshIp()) =>
      post(
        '/wps/member/register/oneClick',
        { password: 'Gen3ratedPw9x', humanVerification: await human(), ...overrides },
        { ip },
      );

    it('makes an account with a generated username and never sends the password back', async () => {
      const response = await oneClick({ password: 'Kq7vN2mX8pLz', affiliateCode: 'LOTUSAG1' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Kq7vN2mX8pLz');
      const result = oneClickResponse.parse(response.json()).value;
      expect(Object.keys(result).sort()).toEqual(['firstTimeLogin', 'passwordExpired', 'token', 'username']);
      expect(result.username).toMatch(/^[a-z][a-z0-9]{9}$/);
      const info = memberInfoResponse.parse((await memberInfo(result.token)).json()).value;
      expect(info).toMatchObject({ account: result.username, isTrial: false, toUpline: true });
      const row = await memberRow(result.username);
      expect(row).toMatchObject({ register_method: 'one_click', upline_id: await idOf('demo_agent') });

      // The stored hash is of the browser's password, so it logs in like any other.
      expect(await verifyPassword('Kq7vN2mX8pLz', row.password_hash)).toBe(true);
    });

    it("checks the password against the brand's rule and the affiliate code", async () => {
      expect(
        fieldInvalidDetails.parse(failure(await oneClick({ password: 'shrt1' }), 400, 'field_invalid')),
      ).toMatchObject({ field: 'password', check: 'too_short', patternId: 5, minLength: 6, maxLength: 20 });
      expect(
        fieldInvalidDetails.parse(failure(await oneClick({ password: 'onlyletters' }), 400, 'field_invalid')),
      ).toMatchObject({ field: 'password', check: 'pattern' });
      failure(await oneClick({ affiliateCode: 'NOSUCHAG' }), 400, 'invitation_code_error');
      failure(await oneClick({ humanVerification: undefined }), 400, 'human_verification_failed');
    });

    it('allows 3 accounts per IP per hour', async () => {
      const ip = freshIp();
      for (let index = 0; index < 3; index += 1) expect((await oneClick({}, ip)).statusCode).toBe(200);
      failure(await oneClick({}, ip), 429, 'too_many_requests');
      expect((await oneClick({})).statusCode).toBe(200);
      clock.advance(HOUR);
      expect((await oneClick({}, ip)).statusCode).toBe(200);
    });

    it('is closed with the registration module', async () => {
      await setFlag('REGISTER3', false);
      failure(await oneClick(), 403, 'registration_closed');
    });
  });

  describe('POST /wps/session/login/freeplay', () => {
    const freePlay = async (overrides: Body = {}, ip = freshIp()) =>
      post(
        '/wps/session/login/freeplay',
        {
          os: 'Linux',
          platform: 'W',
          nonce: 'abc123',
          version: 3,
          humanVerification: await human(),
          ...overrides,
        },
        { ip },
      );

    it('starts a trial account and logs it in', async () => {
      const ip = freshIp();
      const response = await freePlay({}, ip);
      expect(response.statusCode).toBe(200);
      const result = loginResponse.parse(response.json()).value;
      const info = memberInfoResponse.parse((await memberInfo(result.token)).json()).value;
      expect(info).toMatchObject({ isTrial: true, type: 0, isAgent: false });
      expect(info.account).toMatch(/^guest[a-z2-7]{8}$/);
      const row = await memberRow(info.account);
      expect(row).toMatchObject({
        is_trial: true,
        member_type: 0,
        register_method: 'free_play',
        register_ip: ip,
      });
      const actions = await test.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('member_id', '=', row.id)
        .orderBy('id')
        .execute();
      expect(actions.map((entry) => entry.action)).toEqual(['free_play.started', 'login.success']);
    });

    it('is refused when FREEPLAY3 is off', async () => {
      await setFlag('FREEPLAY3', false);
      failure(await freePlay(), 403, 'free_play_disabled');
    });

    it('needs the human check and a well-formed body', async () => {
      failure(await freePlay({ humanVerification: undefined }), 400, 'human_verification_failed');
      failure(await freePlay({ version: 2 }), 400, 'invalid_request');
    });

    it('allows 5 trial accounts per IP per hour', async () => {
      const ip = freshIp();
      for (let index = 0; index < 5; index += 1) expect((await freePlay({}, ip)).statusCode).toBe(200);
      failure(await freePlay({}, ip), 429, 'too_many_requests');
      clock.advance(HOUR);
      expect((await freePlay({}, ip)).statusCode).toBe(200);
    });
  });

  it('never logs, audits or answers a password, code or captcha answer', async () => {
    expect(passwords.length).toBeGreaterThan(20);
    const audit = await test.database.db.selectFrom('audit_log').select('detail').execute();
    const auditText = JSON.stringify(audit.map((entry) => entry.detail));
    const logText = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(50);
    // A digit code counts only as a whole number, not inside a timestamp that happens to contain it.
    const leaks = (text: string, secret: string) =>
      /^[0-9]+$/.test(secret) ? new RegExp(`(?<![0-9])${secret}(?![0-9])`).test(text) : text.includes(secret);
    for (const secret of new Set(passwords)) {
      if (secret.length < 4) continue;
      expect(leaks(logText, secret)).toBe(false);
      expect(leaks(auditText, secret)).toBe(false);
      for (const body of responseBodies) expect(leaks(body, secret)).toBe(false);
    }
  });
});
