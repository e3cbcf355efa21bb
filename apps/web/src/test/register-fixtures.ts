import { patternSource } from '@lotus/shared/registration-rules';
import type { RegisterSetting, RegistrationFieldRule, WhitelabelNode } from '@lotus/shared/system.schema';

/** Test data: registration rules shaped like the server's, built from the shared pattern catalogue. */
export function fieldRule(
  key: string,
  type: string,
  enabled: boolean,
  required: boolean,
  patternId: number | null,
  minLength: number | null,
  maxLength: number | null,
): RegistrationFieldRule {
  return {
    key,
    type,
    enabled,
    required,
    patternId,
    acceptedPattern: patternSource(patternId),
    minLength,
    maxLength,
  };
}

/** The demo brand's rules (apps/server/src/db/seed/demo-brand.ts), enough of them for the form. */
export function demoRules(): RegistrationFieldRule[] {
  return [
    fieldRule('username', 'text', true, true, 1, 4, 16),
    fieldRule('password', 'password', true, true, 5, 6, 20),
    fieldRule('confirmPassword', 'password', true, true, null, 6, 20),
    fieldRule('mobileNum', 'tel', true, false, 6, 7, 11),
    fieldRule('verificationCode', 'code', true, false, 6, 4, 255),
    fieldRule('captcha', 'captcha', true, true, 4, 4, 4),
    fieldRule('payeeName', 'text', true, false, 21, 2, 50),
    fieldRule('email', 'email', true, false, 3, 5, 100),
    fieldRule('affiliateCode', 'text', true, false, 4, 4, 20),
    fieldRule('qqNum', 'text', false, false, 6, 5, 12),
    fieldRule('birthday', 'date', false, false, 11, 10, 10),
  ];
}

export function makeSetting(overrides: Partial<RegisterSetting> = {}): RegisterSetting {
  return {
    fields: demoRules(),
    captchaRequired: false,
    smsVerification: false,
    mobileMaxLength: 11,
    minimumAge: 21,
    defaultCountryDialingCode: '+91',
    ...overrides,
  };
}

/** A whitelabel tree with the given flags on (everything else off). */
export function flagTree(on: string[]): WhitelabelNode[] {
  const all = [
    'USERNAMEREG3',
    'MOBILENUMREG3',
    'REGMOBVERF3',
    'CHNGPASSVERIF3',
    'CHNGPASSMAIL3',
    'MOBILEVERCODELOGIN3',
  ];
  return all.map((modId) => ({ modId, enabled: on.includes(modId) ? '1' : '0', childrenNodes: [] }));
}

/** The JSON body of the first stubbed fetch to `path` (stubFetch's mock records `(input, init)`). */
export function sentBody(fetchStub: { mock: { calls: unknown[][] } }, path: string): unknown {
  const call = fetchStub.mock.calls.find(([input]) => String(input) === path);
  const init = call?.[1] as RequestInit | undefined;
  return init?.body === undefined ? undefined : JSON.parse(String(init.body));
}
