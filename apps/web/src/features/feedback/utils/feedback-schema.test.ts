import { describe, expect, it } from 'vitest';
import { feedbackFormSchema } from './feedback-schema.ts';

const valid = { questionType: 'deposit', content: 'My deposit has not arrived yet.', contact: '' };

function messages(input: unknown): string[] {
  const result = feedbackFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('feedback form rules', () => {
  it('accepts a complete ticket and trims the contact', () => {
    const result = feedbackFormSchema.parse({ ...valid, contact: '  me@example.com ' });
    expect(result.contact).toBe('me@example.com');
  });

  it('needs a question type of the list', () => {
    expect(messages({ ...valid, questionType: '' })).toEqual(['feedback:errors.questionType']);
    expect(messages({ ...valid, questionType: 'casino' })).toEqual(['feedback:errors.questionType']);
  });

  it('bounds the content at 10..500 characters after trimming', () => {
    expect(messages({ ...valid, content: '   123456789   ' })).toEqual(['errors:feedback_content_length']);
    expect(messages({ ...valid, content: '1234567890' })).toEqual([]);
    expect(messages({ ...valid, content: 'x'.repeat(500) })).toEqual([]);
    expect(messages({ ...valid, content: 'x'.repeat(501) })).toEqual(['errors:feedback_content_length']);
  });

  it('counts an emoji as one character, as the server does', () => {
    expect(messages({ ...valid, content: '😀'.repeat(10) })).toEqual([]);
    expect(messages({ ...valid, content: '😀'.repeat(9) })).toEqual(['errors:feedback_content_length']);
  });

  it('limits the contact length', () => {
    expect(messages({ ...valid, contact: 'x'.repeat(101) })).toEqual(['feedback:errors.contactTooLong']);
  });
});
