import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import { feedbackResponse } from '@lotus/shared/content.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import type { FeedbackService, FeedbackSubmission } from './feedback.service.ts';

/** Form field that carries the images; the only file field the form has. */
export const FEEDBACK_IMAGE_FIELD = 'images';

/** Per-IP budget of this route on top of the global API one: a ticket is cheap to send, costly to read. */
export const FEEDBACK_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 } as const;

/** Text fields are small (content ≤ 500 characters ≈ 2 KB of UTF-8); a longer value is cut by the parser. */
const FIELD_MAX_BYTES = 8 * 1024;

const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: FIELD_MAX_BYTES,
  fields: 8,
  files: UPLOAD_MAX_FILES,
  fileSize: UPLOAD_MAX_BYTES,
  parts: 8 + UPLOAD_MAX_FILES,
  headerPairs: 100,
};

/** The parser's limit errors, in the form's own error codes. */
const LIMIT_CODES = {
  FST_FILES_LIMIT: 'upload_too_many',
  FST_REQ_FILE_TOO_LARGE: 'upload_too_large',
  FST_PARTS_LIMIT: 'invalid_request',
  FST_FIELDS_LIMIT: 'invalid_request',
  FST_PROTO_VIOLATION: 'invalid_request',
  FST_INVALID_JSON_FIELD_ERROR: 'invalid_request',
  FST_MP_PREMATURE_CLOSE: 'invalid_request',
} as const;

function isLimitError(error: unknown): error is { code: keyof typeof LIMIT_CODES } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && Object.hasOwn(LIMIT_CODES, code);
}

/**
 * Reads the multipart body into plain values for the service. Files are buffered (at most 3 × 5 MB, the
 * parser stops a larger one); their type is judged later from their bytes, never from the declared mime.
 */
async function readFeedbackForm(
  request: FastifyRequest,
): Promise<Pick<FeedbackSubmission, 'fields' | 'images'>> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  const fields: Record<string, string> = {};
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== FEEDBACK_IMAGE_FIELD) {
          throw new AppError('invalid_request', {
            details: { issues: [{ path: `body.${part.fieldname}`, code: 'unrecognized_keys' }] },
          });
        }
        images.push(bytes);
        continue;
      }
      const path = `body.${part.fieldname}`;
      if (part.valueTruncated) {
        if (part.fieldname === 'content') throw new AppError('feedback_content_length');
        throw new AppError('invalid_request', { details: { issues: [{ path, code: 'too_big' }] } });
      }
      if (Object.hasOwn(fields, part.fieldname) || typeof part.value !== 'string') {
        throw new AppError('invalid_request', { details: { issues: [{ path, code: 'invalid_type' }] } });
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (isLimitError(error)) {
      throw new AppError(LIMIT_CODES[error.code], { message: `feedback upload: ${error.code}` });
    }
    throw error;
  }
  return { fields, images };
}

/**
 * `PUT /wps/feedback` (SPEC §7). Multipart parsing is registered in this plugin only, so no other route
 * accepts multipart bodies.
 */
export function feedbackRoutes(service: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

    app.put(
      '/wps/feedback',
      {
        config: { rateLimit: FEEDBACK_RATE_LIMIT },
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
