import type { RegisterSetting } from '@lotus/shared/system.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { makePermission } from '../../../test/fixtures.ts';
import { demoRules, fieldRule, flagTree, makeSetting, sentBody } from '../../../test/register-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { RegisterModal } from './register-modal.tsx';

vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

type Options = {
  flags?: string[];
  setting?: RegisterSetting;
  path?: string;
  affiliate?: (code: string) => unknown;
};

function open({
  flags = ['USERNAMEREG3', 'MOBILENUMREG3'],
  setting = makeSetting(),
  path = '/register',
  affiliate,
}: Options = {}) {
  const fetchStub = stubFetch({
    '/wps/system/whitelabel': makePermission({}, { whitelabel: flagTree(flags) }),
    '/wps/system/setting/register': setting,
    '/wps/verification/human': { challenge: 'abc', difficulty: 0, expiresAt: '2030-01-01T00:00:00Z' },
    '/wps/captcha': () => 'iVBORw0KGgo=',
    '/wps/member/info': { account: 'asha01' },
    '/wps/verification/sms/register': { expiredMinutes: 1 },
    '/wps/agent/affiliate': (url: URL) =>
      affiliate
        ? affiliate(url.searchParams.get('code') ?? '')
        : Response.json({ success: false, message: 'invitation_code_error', value: null }, { status: 400 }),
  });
  const view = renderUi(<RegisterModal opened onClose={() => {}} />, { path });
  return { ...view, fetchStub };
}

const form = () => screen.findByTestId('register-form');
const field = (key: string) => screen.getByTestId(`register-field-${key}`) as HTMLInputElement;
const type = (key: string, value: string) => fireEvent.change(field(key), { target: { value } });
const errorOf = (key: string) => {
  const input = field(key);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe('RegisterModal', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
  });

  it('opens on the mobile tab when MOBILENUMREG3 is on: no username, the number required', async () => {
    open();
    const registerForm = await form();
    expect(registerForm.dataset.mode).toBe('mobile');
    expect(screen.queryByTestId('register-field-username')).toBeNull();
    expect(field('mobileNum').required || field('mobileNum').getAttribute('aria-required')).toBeTruthy();
    expect(field('mobileNum').maxLength).toBe(11);
    expect(screen.getByTestId('register-field-mobileNum-dialing-code')).toBeDefined();
    expect(
      screen.getByText('Your username is made from your mobile number: the letter m followed by its digits.'),
    ).toBeDefined();
  });

  it('renders every enabled rule in order with its type and bounds, and no disabled one', async () => {
    open({ flags: ['USERNAMEREG3'] });
    await form();
    expect(screen.queryByTestId('register-tab-mobile')).toBeNull();
    const keys = [...document.querySelectorAll('[data-testid^="register-field-"]')]
      .map((element) => element.getAttribute('data-testid')?.replace('register-field-', ''))
      .filter((key) => key !== 'mobileNum-dialing-code');
    expect(keys).toEqual([
      'username',
      'password',
      'confirmPassword',
      'payeeName',
      'email',
      'mobileNum',
      'affiliateCode',
    ]);
    expect(field('password').type).toBe('password');
    expect(field('email').type).toBe('email');
    expect(field('username').maxLength).toBe(16);
    expect(screen.queryByTestId('register-field-qqNum')).toBeNull();
    expect(screen.queryByTestId('captcha-input')).toBeNull();
    expect(screen.queryByTestId('register-field-verificationCode')).toBeNull();
  });

  it('checks a field on blur with the brand pattern message, and clears it once fixed', async () => {
    open({ flags: ['USERNAMEREG3'] });
    await form();
    // react-hook-form validates asynchronously: each message is awaited, none is dropped.
    type('username', '1abc');
    fireEvent.blur(field('username'));
    await waitFor(() =>
      expect(errorOf('username')).toBe('Use 4–16 characters: start with a letter, then letters or digits.'),
    );
    type('username', 'asha01');
    await waitFor(() => expect(errorOf('username')).toBeNull());

    type('email', 'asha@');
    fireEvent.blur(field('email'));
    await waitFor(() => expect(errorOf('email')).toContain('a valid e-mail address'));

    type('payeeName', 'A');
    fireEvent.blur(field('payeeName'));
    await waitFor(() => expect(errorOf('payeeName')).toContain('2–50 characters'));

    type('password', 'abc123');
    type('confirmPassword', 'abc124');
    fireEvent.blur(field('confirmPassword'));
    await waitFor(() => expect(errorOf('confirmPassword')).toBe('The confirmation password is not correct.'));
    // Fixing the password it confirms clears the confirmation's message too.
    type('password', 'abc124');
    await waitFor(() => expect(errorOf('confirmPassword')).toBeNull());
  });

  it('refuses to send an incomplete form: required fields, terms and age', async () => {
    open({ flags: ['USERNAMEREG3'] });
    await form();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorOf('username')).toBe('Input cannot be empty.'));
    expect(errorOf('password')).toBe('Input cannot be empty.');
    expect(errorOf('email')).toBeNull(); // optional
    expect(screen.getByText('Please agree to the terms and the privacy policy.')).toBeDefined();
    expect(screen.getByText('You must confirm that you are at least 21 years old.')).toBeDefined();
    expect(sealed).not.toHaveBeenCalled();
  });

  it('adds the SMS code and captcha when the brand asks for them', async () => {
    open({
      flags: ['USERNAMEREG3'],
      setting: makeSetting({ smsVerification: true, captchaRequired: true }),
    });
    await form();
    expect(field('verificationCode')).toBeDefined();
    expect(screen.getByTestId('register-sms-send')).toBeDefined();
    expect(await screen.findByTestId('captcha-image')).toBeDefined();

    // The code cannot be asked for before the number passes its rule.
    fireEvent.click(screen.getByTestId('register-sms-send'));
    await waitFor(() => expect(errorOf('mobileNum')).toBe('Input cannot be empty.'));
  });

  it('sends the code for a valid number with the register type', async () => {
    const { fetchStub } = open({
      flags: ['MOBILENUMREG3'],
      setting: makeSetting({ smsVerification: true }),
    });
    await form();
    type('mobileNum', '9123456789');
    fireEvent.click(screen.getByTestId('register-sms-send'));
    await waitFor(() =>
      expect(fetchStub.mock.calls.some(([input]) => String(input) === '/wps/verification/sms/register')).toBe(
        true,
      ),
    );
    expect(sentBody(fetchStub, '/wps/verification/sms/register')).toMatchObject({
      countryDialingCode: '+91',
      mobileNo: '9123456789',
      registerType: 'mobile',
      humanVerification: { challenge: 'abc', nonce: '0' },
    });
    expect(await screen.findByText(/Resend in/)).toBeDefined();
  });

  it('hides the affiliate field behind a valid URL code and sends that code', async () => {
    sealed.mockResolvedValue({ token: 't0k', firstTimeLogin: true, passwordExpired: false });
    const { router } = open({
      flags: ['USERNAMEREG3'],
      path: '/register?affiliateCode=LOTUSAG1',
      affiliate: () => ({ valid: true, agentNickname: 'Demo Agent' }),
    });
    await form();
    expect(await screen.findByTestId('affiliate-applied')).toHaveProperty(
      'textContent',
      'You were invited by Demo Agent (code LOTUSAG1).',
    );
    expect(screen.queryByTestId('register-field-affiliateCode')).toBeNull();

    type('username', 'asha01');
    type('password', 'abc123');
    type('confirmPassword', 'abc123');
    fireEvent.click(screen.getByLabelText(/I have read and agree/));
    fireEvent.click(screen.getByLabelText('I confirm that I am 21 years old or older.'));
    fireEvent.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(sealed).toHaveBeenCalledTimes(1));
    const [path, payload] = sealed.mock.calls[0] ?? [];
    expect(path).toBe('/wps/member/register');
    expect(payload).toMatchObject({
      username: 'asha01',
      password: 'abc123',
      confirmPassword: 'abc123',
      affiliateCode: 'LOTUSAG1',
      agreeTerms: true,
      confirmAge: true,
      registerMethod: 'WEB',
      language: 'EN',
      humanVerification: { challenge: 'abc', nonce: '0' },
    });
    expect(payload).not.toHaveProperty('mobileNum');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.sessionStorage.length).toBeGreaterThan(0);
  });

  it('shows the field with the failed URL code and its reason when the check fails', async () => {
    open({ flags: ['USERNAMEREG3'], path: '/register?code=BADCODE' });
    await form();
    await waitFor(() => expect(field('affiliateCode').value).toBe('BADCODE'));
    expect(errorOf('affiliateCode')).toBe('The invitation code is not valid.');
    expect(screen.queryByTestId('affiliate-applied')).toBeNull();
  });

  it("fills the referral code from a friend's invitation link (issue 19)", async () => {
    const fields = [...demoRules(), fieldRule('referralCode', 'text', true, false, 4, 4, 20)];
    open({
      flags: ['USERNAMEREG3'],
      path: '/register?referralCode=AB12CD34',
      setting: makeSetting({ fields }),
    });
    await form();
    await waitFor(() => expect(field('referralCode').value).toBe('AB12CD34'));
  });

  it('puts a server refusal on its field and loads a new captcha', async () => {
    sealed.mockRejectedValue(new ApiError('username_taken', 409));
    const { fetchStub } = open({ flags: ['USERNAMEREG3'], setting: makeSetting({ captchaRequired: true }) });
    await form();
    await screen.findByTestId('captcha-image');
    type('username', 'asha01');
    type('password', 'abc123');
    type('confirmPassword', 'abc123');
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'AB23' } });
    fireEvent.click(screen.getByLabelText(/I have read and agree/));
    fireEvent.click(screen.getByLabelText('I confirm that I am 21 years old or older.'));
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorOf('username')).toBe('This username is already taken.'));
    expect(sealed.mock.calls[0]?.[1]).toMatchObject({ captcha: 'AB23' });
    const captchaLoads = () =>
      fetchStub.mock.calls.filter(([input]) => String(input) === '/wps/captcha').length;
    await waitFor(() => expect(captchaLoads()).toBe(2));
  });

  it('maps a field_invalid answer to that field’s rule message', async () => {
    sealed.mockRejectedValue(
      new ApiError('field_invalid', 400, {
        field: 'password',
        check: 'pattern',
        patternId: 5,
        minLength: 6,
        maxLength: 20,
      }),
    );
    open({ flags: ['USERNAMEREG3'] });
    await form();
    type('username', 'asha01');
    type('password', 'abc123');
    type('confirmPassword', 'abc123');
    fireEvent.click(screen.getByLabelText(/I have read and agree/));
    fireEvent.click(screen.getByLabelText('I confirm that I am 21 years old or older.'));
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(errorOf('password')).toBe('Use 6–20 characters: letters and digits, with at least one of each.'),
    );
  });

  it('clears every field with reset', async () => {
    open({ flags: ['USERNAMEREG3'] });
    await form();
    type('username', 'asha01');
    type('email', 'x');
    fireEvent.blur(field('email'));
    await waitFor(() => expect(errorOf('email')).not.toBeNull());
    fireEvent.click(screen.getByLabelText(/I have read and agree/));
    fireEvent.click(screen.getByTestId('register-reset'));
    expect(field('username').value).toBe('');
    expect(field('email').value).toBe('');
    expect(errorOf('email')).toBeNull();
    expect((screen.getByLabelText(/I have read and agree/) as HTMLInputElement).checked).toBe(false);
  });

  it('says registration is closed when no tab is on', async () => {
    open({ flags: [] });
    expect(await screen.findByTestId('register-unavailable')).toBeDefined();
  });
});
