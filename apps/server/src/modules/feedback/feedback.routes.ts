import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import { feedbackResponse } from '@lotus/shared/content.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { invalidFormField, readMultipartForm, registerMultipartForm } from '../../lib/multipart-form.ts';
import type { FeedbackService, FeedbackSubmission } from './feedback.service.ts';

/** Form field that carries the images; the only file field the form has. */
export const FEEDBACK_IMAGE_FIELD = 'images';

/** Text fields are small (content ≤ 500 characters ≈ 2 KB of UTF-8); a longer value is cut by the parser. */
const FIELD_MAX_BYTES = 8 * 1024;

/**
 * Reads the multipart body into plain values for the service. Files are buffered (at most 3 × 5 MB, the
 * parser stops a larger one); their type is judged later from their bytes, never from the declared mime.
 */
async function readFeedbackForm(
  request: FastifyRequest,
): Promise<Pick<FeedbackSubmission, 'fields' | 'images'>> {
  const { fields, files } = await readMultipartForm(request, {
    fileField: FEEDBACK_IMAGE_FIELD,
    label: 'feedback',
    onTruncated: (fieldname) =>
      fieldname === 'content'
        ? new AppError('feedback_content_length')
        : invalidFormField(fieldname, 'too_big'),
  });
  return { fields, images: files };
}

/**
 * `PUT /wps/feedback` (SPEC §7). Multipart parsing is registered in this plugin only, so no other route
 * accepts multipart bodies.
 */
export function feedbackRoutes(service: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    await registerMultipartForm(app, {
      fieldSize: FIELD_MAX_BYTES,
      fields: 8,
      files: UPLOAD_MAX_FILES,
      fileSize: UPLOAD_MAX_BYTES,
    });

    app.put(
      '/wps/feedback',
      {
        // The per-IP budget (FEEDBACK_GATE) is counted before the body (up to 3 × 5 MB) is read.
        onRequest: async (request) => service.admit(request.ip),
        schema: {
          tags: ['content'],
          summary: 'Send a feedback ticket (multipart/form-data)',
          description:
            'Fields: `questionType` (deposit, withdrawal, game, customerService, application, other), `content` ' +
            '(10–500 characters after trimming), optional `contact` (≤ 100), and 0–3 files in `images`, each a ' +
            'PNG or JPEG by content and ≤ 5 MB. Errors: feedback_content_length 400, upload_too_many 400, ' +
            'upload_too_large 413, upload_type 415, invalid_request 400, too_many_requests 429 (5 per 10 minutes ' +
            'per IP).',
          consumes: ['multipart/form-data'],
          response: { 200: feedbackResponse },
        },
      },
      async (request) =>
        ok(
          await service.submit({
            host: request.hostname,
            ip: request.ip,
            ...(await readFeedbackForm(request)),
          }),
        ),
    );
  };
}
