import type { FeedbackResult } from '@lotus/shared/content.schema';
import type { FeedbackQuestionType } from '@lotus/shared/content-vocabulary';
import type { Envelope } from '@lotus/shared/envelope';
import { useMutation } from '@tanstack/react-query';
import { ApiError, isApiErrorCode, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { readSessionToken } from '../../../lib/storage.ts';

export type FeedbackSubmission = {
  questionType: FeedbackQuestionType;
  content: string;
  contact: string;
  images: readonly File[];
};

/**
 * PUT /wps/feedback as multipart/form-data (SPEC §7): the text fields, then up to three `images` parts.
 * The browser sets the multipart boundary itself, so no Content-Type header is given. A refusal comes back
 * as an ApiError whose code is an `errors` i18n key (feedback_content_length, upload_too_large, …).
 */
export async function submitFeedback(submission: FeedbackSubmission): Promise<FeedbackResult> {
  const form = new FormData();
  form.append('questionType', submission.questionType);
  form.append('content', submission.content);
  const contact = submission.contact.trim();
  if (contact) form.append('contact', contact);
  for (const image of submission.images) form.append('images', image, image.name);

  const headers: Record<string, string> = { Accept: 'application/json' };
  // A logged-in player's ticket is linked to the account; a visitor's is anonymous.
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch('/wps/feedback', {
      method: 'PUT',
      body: form,
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  let body: Envelope<FeedbackResult> | null = null;
  try {
    body = (await response.json()) as Envelope<FeedbackResult>;
  } catch {
    throw new ApiError(NETWORK_ERROR, response.status);
  }
  if (!response.ok || !body?.success) {
    const code = body?.message;
    throw new ApiError(isApiErrorCode(code) ? code : 'unknown_error', response.status);
  }
  return body.value;
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
