import { describe, expect, it } from 'vitest';
import {
  checkFieldValue,
  patternSource,
  REGISTRATION_PATTERN_COUNT,
  REGISTRATION_PATTERNS,
  requiredRuleFor,
} from './registration-rules.ts';
import type { RegistrationFieldRule } from './system.schema.ts';

const rule = (patternId: number, extra: Partial<Parameters<typeof checkFieldValue>[0]> = {}) => ({
  enabled: true,
  required: true,
  acceptedPattern: patternSource(patternId),
  minLength: null,
  maxLength: null,
  ...extra,
});

describe('registration patterns', () => {
  it('defines ids 0..23 in order, each a valid unicode regular expression', () => {
    expect(REGISTRATION_PATTERNS).toHaveLength(REGISTRATION_PATTERN_COUNT);
    REGISTRATION_PATTERNS.forEach((pattern, index) => {
      expect(pattern.id).toBe(index);
      expect(() => new RegExp(pattern.source, 'u')).not.toThrow();
    });
  });

  it.each([
    [1, 'lotus01', 'ok'],
    [1, '1lotus', 'pattern'],
    [3, 'player@example.com', 'ok'],
    [3, 'player@', 'pattern'],
    [5, 'abc123', 'ok'],
    [5, 'abcdef', 'pattern'],
    [6, '0912345678', 'ok'],
    [6, '09-123', 'pattern'],
    [11, '2001-02-28', 'ok'],
    [11, '2001-13-01', 'pattern'],
    [14, 'สมชาย ใจดี', 'ok'],
    [15, 'Aa1!aaaa', 'ok'],
    [15, 'Aa1aaaaa', 'pattern'],
    [16, 'Asha Verma', 'ok'],
    [16, 'Asha', 'pattern'],
    [21, 'आशा वर्मा', 'ok'],
  ] as const)('pattern %i on %s → %s', (patternId, value, expected) => {
    expect(checkFieldValue(rule(patternId), value)).toBe(expected);
  });
});

describe('checkFieldValue', () => {
  it('requires a value only when the field is enabled and required', () => {
    expect(checkFieldValue(rule(0), '')).toBe('required');
    expect(checkFieldValue(rule(0, { required: false }), '')).toBe('ok');
    expect(checkFieldValue(rule(6, { enabled: false }), 'not digits')).toBe('ok');
  });

  it('measures length in code points', () => {
    const bounded = rule(0, { minLength: 2, maxLength: 4 });
    expect(checkFieldValue(bounded, 'a')).toBe('too_short');
    expect(checkFieldValue(bounded, '😀😀😀😀')).toBe('ok');
    expect(checkFieldValue(bounded, 'abcde')).toBe('too_long');
  });
});

describe('requiredRuleFor', () => {
  const hiddenPassword: RegistrationFieldRule = {
    key: 'password',
    enabled: false,
    required: false,
    acceptedPattern: patternSource(5),
    patternId: 5,
    minLength: 6,
    maxLength: 20,
    type: 'password',
  };

  it("forces the brand's rule enabled and required, keeping its pattern and bounds", () => {
    const rule = requiredRuleFor([hiddenPassword], 'password');
    expect(rule).toEqual({ ...hiddenPassword, enabled: true, required: true });
    expect(checkFieldValue(rule, '')).toBe('required');
    expect(checkFieldValue(rule, 'abc12')).toBe('too_short');
    expect(checkFieldValue(rule, 'abcdefg')).toBe('pattern');
    expect(checkFieldValue(rule, 'abc123')).toBe('ok');
  });

  it('falls back to a rule that only demands a value when the brand has none', () => {
    const password = requiredRuleFor(undefined, 'password');
    expect(password).toMatchObject({ key: 'password', type: 'password', patternId: null, minLength: null });
    expect(checkFieldValue(password, '')).toBe('required');
    expect(checkFieldValue(password, 'x')).toBe('ok');
    expect(requiredRuleFor([hiddenPassword], 'username')).toMatchObject({ key: 'username', type: 'text' });
  });

  it('uses the fallback given when the brand has no rule, and only then', () => {
    const fallback = { ...hiddenPassword, enabled: true, required: true, minLength: 8 };
    expect(requiredRuleFor([], 'password', fallback)).toBe(fallback);
    expect(requiredRuleFor([hiddenPassword], 'password', fallback).minLength).toBe(6);
  });
});
