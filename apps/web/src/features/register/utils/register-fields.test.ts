import { describe, expect, it } from 'vitest';
import { checkRules } from '../../../lib/forms/field-checks.ts';
import { fieldRule, makeSetting } from '../../../test/register-fixtures.ts';
import { generatePassword } from './generate-password.ts';
import {
  affiliateCodeFromSearch,
  fieldValuesToSend,
  formLayout,
  layoutRules,
  registerModes,
  showAffiliateField,
} from './register-fields.ts';

const NONE = { status: 'none' } as const;

describe('registerModes', () => {
  it('puts the mobile tab first when MOBILENUMREG3 is on', () => {
    expect(registerModes({ usernameRegistration: true, mobileRegistration: true })).toEqual([
      'mobile',
      'username',
    ]);
    expect(registerModes({ usernameRegistration: true, mobileRegistration: false })).toEqual(['username']);
    expect(registerModes({ usernameRegistration: false, mobileRegistration: false })).toEqual([]);
  });
});

describe('formLayout', () => {
  it('lists enabled fields in the brand order, without disabled ones and special ones', () => {
    const layout = formLayout(makeSetting(), 'username', NONE);
    expect(layout.fields.map((field) => field.key)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'payeeName',
      'email',
    ]);
    expect(layout.mobile?.required).toBe(false);
    expect(layout.verificationCode).toBeNull();
    expect(layout.captcha).toBeNull();
    expect(layout.affiliateCode?.key).toBe('affiliateCode');
  });

  it('drops the username and requires the number in mobile mode', () => {
    const layout = formLayout(makeSetting(), 'mobile', NONE);
    expect(layout.fields.map((field) => field.key)).not.toContain('username');
    expect(layout.mobile?.required).toBe(true);
  });

  it('adds a required SMS code with REGMOBVERF3 and the captcha when required', () => {
    const layout = formLayout(
      makeSetting({ smsVerification: true, captchaRequired: true }),
      'username',
      NONE,
    );
    expect(layout.verificationCode?.required).toBe(true);
    // The code is sent to the number, so the number becomes required too.
    expect(layout.mobile?.required).toBe(true);
    expect(layout.captcha?.key).toBe('captcha');
  });

  it('shows no mobile input in username mode when the rule is disabled and SMS is off', () => {
    const setting = makeSetting();
    setting.fields = setting.fields.map((rule) =>
      rule.key === 'mobileNum' ? { ...rule, enabled: false } : rule,
    );
    expect(formLayout(setting, 'username', NONE).mobile).toBeNull();
  });
});

describe('affiliate field rule (SPEC §4)', () => {
  const enabled = fieldRule('affiliateCode', 'text', true, false, 4, 4, 20);
  const disabled = { ...enabled, enabled: false };

  it('shows the field without a URL code, or when the URL code failed its check', () => {
    expect(showAffiliateField(enabled, NONE)).toBe(true);
    expect(showAffiliateField(enabled, { status: 'invalid', code: 'NOPE' })).toBe(true);
  });

  it('hides it while checking, when the URL code is valid, and whenever the field is disabled', () => {
    expect(showAffiliateField(enabled, { status: 'checking', code: 'LOTUSAG1' })).toBe(false);
    expect(showAffiliateField(enabled, { status: 'valid', code: 'LOTUSAG1', agentNickname: null })).toBe(
      false,
    );
    expect(showAffiliateField(disabled, NONE)).toBe(false);
    expect(showAffiliateField(disabled, { status: 'invalid', code: 'NOPE' })).toBe(false);
    expect(showAffiliateField(undefined, NONE)).toBe(false);
  });

  it('sends the checked URL code when the field is hidden, never a failed one', () => {
    const valid = { status: 'valid', code: 'LOTUSAG1', agentNickname: 'Demo Agent' } as const;
    const layout = formLayout(makeSetting(), 'username', valid);
    expect(fieldValuesToSend(layout, { username: 'asha01' }, valid)).toEqual({
      username: 'asha01',
      affiliateCode: 'LOTUSAG1',
    });
    const setting = makeSetting();
    setting.fields = setting.fields.filter((rule) => rule.key !== 'affiliateCode');
    const invalid = { status: 'invalid', code: 'NOPE' } as const;
    expect(fieldValuesToSend(formLayout(setting, 'username', invalid), {}, invalid)).toEqual({});
  });

  it('reads ?affiliateCode= or ?code= from the URL', () => {
    expect(affiliateCodeFromSearch('?affiliateCode=LOTUSAG1')).toBe('LOTUSAG1');
    expect(affiliateCodeFromSearch('?code=LOTUSAG2')).toBe('LOTUSAG2');
    expect(affiliateCodeFromSearch('?code=%20')).toBeNull();
    expect(affiliateCodeFromSearch('')).toBeNull();
  });
});

describe('checkRules', () => {
  const layout = formLayout(makeSetting(), 'username', NONE);

  it('applies each rule with checkFieldValue and compares the confirmation', () => {
    const problems = checkRules(layoutRules(layout), {
      username: '1abc',
      password: 'abcdef',
      confirmPassword: 'abcdeg',
      payeeName: 'A',
      email: 'not-an-email',
      mobileNum: '12ab',
    });
    expect(Object.fromEntries(problems)).toEqual({
      username: 'pattern',
      password: 'pattern',
      confirmPassword: 'mismatch',
      payeeName: 'too_short',
      email: 'pattern',
      mobileNum: 'too_short',
    });
  });

  it('passes a valid form and leaves optional empty fields alone', () => {
    expect(
      checkRules(layoutRules(layout), { username: 'asha01', password: 'abc123', confirmPassword: 'abc123' })
        .size,
    ).toBe(0);
  });
});

describe('generatePassword', () => {
  it('makes 12 characters that pass the brand rule', () => {
    const letterDigits = fieldRule('password', 'password', true, true, 5, 6, 20);
    const strong = fieldRule('password', 'password', true, true, 15, 8, 20);
    const upper = fieldRule('password', 'password', true, true, 7, 6, 20);
    for (const rule of [letterDigits, strong, upper]) {
      for (let i = 0; i < 20; i += 1) {
        const password = generatePassword(rule);
        expect(password).toHaveLength(12);
        expect(new RegExp(rule.acceptedPattern as string, 'u').test(password)).toBe(true);
      }
    }
  });

  it('keeps within a shorter maximum and differs every time', () => {
    const short = fieldRule('password', 'password', true, true, 5, 6, 10);
    expect(generatePassword(short)).toHaveLength(10);
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword(short)));
    expect(seen.size).toBe(50);
  });
});
