import { describe, expect, it } from 'vitest';
import { fieldOfError } from './field-checks.ts';

describe('fieldOfError', () => {
  it('puts server errors on their field', () => {
    expect(fieldOfError('field_invalid', { field: 'email' })).toBe('email');
    expect(fieldOfError('username_taken', null)).toBe('username');
    expect(fieldOfError('invitation_code_error', { field: 'referralCode' })).toBe('referralCode');
    expect(fieldOfError('captcha_error', { captcha: true })).toBe('captcha');
    expect(fieldOfError('too_many_requests', null)).toBeNull();
  });
});
