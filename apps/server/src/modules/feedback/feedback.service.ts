import { FEEDBACK_MAX, FEEDBACK_MIN, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import {
  type FeedbackResult,
  feedbackContentLength,
  feedbackFieldsSchema,
} from '@lotus/shared/content.schema';
import { issueCodeOf } from '@lotus/shared/text';
import { z } from 'zod';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AttemptCounter, type AttemptGate, isGranted } from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/request-hash.ts';
import type { Brand, SystemRepository } from '../system/system.repository.ts';
import type { SystemService } from '../system/system.service.ts';
import { FeedbackRepository, type NewTicketImage, type TicketSummary } from './feedback.repository.ts';
import { requireImage } from './image-sniff.ts';

/** A submitted feedback form as the route read it: text fields by name and the uploaded files' bytes. */
export type FeedbackSubmission = {
  host: string | null;
  ip: string;
  fields: Readonly<Record<string, string>>;
  images: readonly Uint8Array[];
};

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;

/**
 * Per-IP budget of `PUT /wps/feedback` on top of the global API one: a ticket is cheap to send, costly to
 * read. Every submission counts, accepted or not, and is counted before its body is read. It lives in
 * `attempt_gates` (docs/api.md "Limits"), not in the rate-limit plugin's per-process memory, where two
 * processes allowed 5 each.
 */
export const FEEDBACK_GATE = {
  name: 'feedback_ip',
  limit: 5,
  windowMs: 10 * 60_000,
} as const satisfies AttemptGate;

/** Unknown fields are refused rather than ignored, so a client bug does not silently lose input. */
const strictFields = z.strictObject(feedbackFieldsSchema.shape);

function invalid(issues: { path: string; code: string }[]): AppError {
  return new AppError('invalid_request', { details: { issues }, message: 'invalid feedback form' });
}

export class FeedbackService {
  readonly #repository: FeedbackRepository<Db>;
  readonly #uow: UnitOfWork<{ feedback: FeedbackRepository<Tx> }>;
  readonly #system: Pick<SystemService, 'resolveBrand'>;
  readonly #brandsByCode: Pick<SystemRepository, 'findBrandByCode'>;
  readonly #gates: AttemptCounter;
  readonly #clock: Clock;

  constructor(
    db: Db,
    system: Pick<SystemService, 'resolveBrand'>,
    brandsByCode: Pick<SystemRepository, 'findBrandByCode'>,
    limits: { gates: AttemptCounter; clock: Clock },
  ) {
    this.#repository = new FeedbackRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ feedback: new FeedbackRepository(trx) }));
    this.#system = system;
    this.#brandsByCode = brandsByCode;
    this.#gates = limits.gates;
    this.#clock = limits.clock;
  }

  /** Counts one submission from `ip` (FEEDBACK_GATE); `429 too_many_requests` once the window's are used. */
  async admit(ip: string): Promise<void> {
    const now = this.#clock.now();
    const reservation = await this.#gates.reserve(FEEDBACK_GATE, ip, now);
    if (!isGranted(reservation)) {
      throw new AppError('too_many_requests', {
        message: 'feedback submissions per IP exceeded',
        retryAfterSeconds: (reservation.retryAt.getTime() - now.getTime()) / 1000,
      });
    }
  }

  /**
   * Validates the whole form before writing anything, then stores the ticket and its images in one
   * transaction: a refused or failed submission leaves no row behind.
   */
  async submit(submission: FeedbackSubmission): Promise<FeedbackResult> {
    const parsed = strictFields.safeParse(submission.fields);
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((issue) => ({
          path: ['body', ...issue.path.map(String)].join('.'),
          code: issueCodeOf(issue),
        })),
      );
    }
    // PostgreSQL text cannot hold U+0000: refused here as a bad field, not left to fail the insert (a 500).
    for (const field of ['content', 'contact'] as const) {
      if (parsed.data[field]?.includes('\u0000'))
        throw invalid([{ path: `body.${field}`, code: 'invalid_format' }]);
    }
    const content = parsed.data.content.trim();
    const length = feedbackContentLength(content);
    if (length < FEEDBACK_MIN || length > FEEDBACK_MAX) {
      throw new AppError('feedback_content_length', { details: { min: FEEDBACK_MIN, max: FEEDBACK_MAX } });
    }

    if (submission.images.length > UPLOAD_MAX_FILES) {
      throw new AppError('upload_too_many', { details: { max: UPLOAD_MAX_FILES } });
    }
    const images: NewTicketImage[] = submission.images.map((bytes) => {
      if (bytes.length > UPLOAD_MAX_BYTES) {
        throw new AppError('upload_too_large', { details: { maxBytes: UPLOAD_MAX_BYTES } });
      }
      // The cleaned picture is what is stored (metadata stripped, see image-clean.ts), and so what is hashed.
      const image = requireImage(bytes, { details: { accepted: ['image/png', 'image/jpeg'] } });
      return {
        mime: image.type,
        sizeBytes: image.bytes.length,
        sha256: sha256Hex(image.bytes),
        bytes: image.bytes,
      };
    });

    const brand = await this.#system.resolveBrand(submission.host);
    const ticketId = await this.#uow.run(async ({ feedback }) => {
      const id = await feedback.insertTicket({
        brandId: brand.id,
        questionType: parsed.data.questionType,
        content,
        contact: parsed.data.contact || null,
        ip: submission.ip,
      });
      await feedback.insertImages(brand.id, id, images);
      return id;
    });
    return { ticketId: Number(ticketId) };
  }

  /** Operator view (`npm run ops -- feedback:list`): newest tickets of a brand (default brand unless named). */
  async listTickets(
    options: { brandCode?: string | undefined; status?: string | undefined; limit?: number } = {},
  ): Promise<{ brand: string; tickets: TicketSummary[] }> {
    const brand = await this.#operatorBrand(options.brandCode);
    const status = options.status?.trim().toLowerCase();
    if (status !== undefined && !(TICKET_STATUSES as readonly string[]).includes(status)) {
      throw new AppError('invalid_request', {
        message: `status must be one of ${TICKET_STATUSES.join(', ')} (got "${options.status}")`,
      });
    }
    const limit = options.limit ?? 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
      throw new AppError('invalid_request', { message: 'limit must be a whole number from 1 to 500' });
    }
    const tickets = await this.#repository.listTickets(brand.id, {
      ...(status === undefined ? {} : { status }),
      limit,
    });
    return { brand: brand.code, tickets };
  }

  async #operatorBrand(code: string | undefined): Promise<Brand> {
    if (code === undefined) return this.#system.resolveBrand(null);
    const brand = await this.#brandsByCode.findBrandByCode(code);
    if (!brand) throw new AppError('brand_not_found', { message: `no brand with code "${code}"` });
    return brand;
  }
}
