import { REGISTRATION_PATTERN_COUNT } from '@lotus/shared/registration-rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../test/render-app.tsx';
import { ApiError } from '../api-client.ts';
import { i18n } from '../i18n.ts';
import { errorWantsCaptcha, fieldMessage, messageForApiError } from './validation.ts';

const t = i18n.t.bind(i18n);
const rule = (patternId: number | null, minLength: number | null, maxLength: number | null) => ({
  patternId,
  minLength,
  maxLength,
});

describe('fieldMessage', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('names the pattern with its range, a single value when min = max, none without bounds', () => {
    expect(fieldMessage(t, rule(1, 6, 12), 'pattern')).toBe(
      'Use 6–12 characters: start with a letter, then letters or digits.',
    );
    expect(fieldMessage(t, rule(6, 10, 10), 'too_short')).toBe('Use exactly 10 characters: digits only.');
    expect(fieldMessage(t, rule(3, null, null), 'pattern')).toBe(
      'Use a valid e-mail address, such as name@example.com.',
    );
  });

  it('has a text for every pattern id in EN and HI', async () => {
    for (const language of ['en', 'hi']) {
      await resetLanguage(language);
      for (let id = 0; id < REGISTRATION_PATTERN_COUNT; id += 1) {
        for (const bounds of [rule(id, 4, 8), rule(id, 4, 4), rule(id, null, null)]) {
          const text = fieldMessage(t, bounds, 'pattern') ?? '';
          expect(text).not.toContain('reg_pattern');
          expect(text).not.toContain('{{');
        }
      }
    }
    expect(fieldMessage(t, rule(6, 4, 8), 'pattern')).toBe('4–8 वर्ण लिखें: केवल अंक।');
  });

  it('required, lengths without a pattern, ok', () => {
    expect(fieldMessage(t, rule(1, 6, 12), 'required')).toBe('Input cannot be empty.');
    expect(fieldMessage(t, rule(null, 6, 12), 'too_short')).toBe('Enter at least 6 characters.');
    expect(fieldMessage(t, rule(null, 6, 12), 'too_long')).toBe('Enter at most 12 characters.');
    expect(fieldMessage(t, rule(null, 6, 6), 'too_long')).toBe('Enter exactly 6 characters.');
    expect(fieldMessage(t, rule(1, 6, 12), 'ok')).toBeNull();
  });
});

describe('messageForApiError', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('translates error codes through the errors namespace', () => {
    expect(messageForApiError(t, new ApiError('login_failed', 401))).toBe('Incorrect username or password.');
    expect(messageForApiError(t, new Error('boom'))).toBe('System error. Please try again later.');
  });

  it('turns field_invalid details into the field rule message', () => {
    const error = new ApiError('field_invalid', 400, {
      field: 'password',
      check: 'pattern',
      patternId: 5,
      minLength: 8,
      maxLength: 20,
    });
    expect(messageForApiError(t, error)).toBe(
      'Use 8–20 characters: letters and digits, with at least one of each.',
    );
    expect(messageForApiError(t, new ApiError('field_invalid', 400, null))).toBe(
      'Some details are not valid. Please check the highlighted field.',
    );
  });

  it('spots the captcha request in an error value', () => {
    expect(errorWantsCaptcha(new ApiError('login_failed', 401, { captcha: true }))).toBe(true);
    expect(errorWantsCaptcha(new ApiError('login_failed', 401, null))).toBe(false);
  });
});
