import { FEEDBACK_CONTACT_MAX, FEEDBACK_MAX, FEEDBACK_MIN } from '@lotus/shared/constants';
import { feedbackContentLength } from '@lotus/shared/content.schema';
import { FEEDBACK_QUESTION_TYPES } from '@lotus/shared/content-vocabulary';
import { z } from 'zod';

/**
 * The feedback form's rules, the same the server applies (docs/content-contract.md): a question type of
 * SPEC §3, content of FEEDBACK_MIN..FEEDBACK_MAX characters after trimming (counted as the server counts
 * them), an optional contact. Each message is an i18n key. Loaded only with the form's own chunk: zod never
 * reaches the page that merely shows the feedback button.
 */
export const feedbackFormSchema = z.object({
  // A string in (the select starts on '' = none chosen), one of the SPEC §3 types out.
  questionType: z.string().pipe(z.enum(FEEDBACK_QUESTION_TYPES, { error: 'feedback:errors.questionType' })),
  content: z.string().refine((value) => {
    const length = feedbackContentLength(value);
    return length >= FEEDBACK_MIN && length <= FEEDBACK_MAX;
  }, 'errors:feedback_content_length'),
  contact: z.string().trim().max(FEEDBACK_CONTACT_MAX, 'feedback:errors.contactTooLong'),
});

/** What the inputs hold; the question type is '' until one is chosen. */
export type FeedbackFormInput = z.input<typeof feedbackFormSchema>;
export type FeedbackFormValues = z.output<typeof feedbackFormSchema>;

export const EMPTY_FEEDBACK: FeedbackFormInput = { questionType: '', content: '', contact: '' };
