import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { transact } from '../../db/unit-of-work.ts';

/** Feedback tickets (SPEC §3 support ticket) and their images, which are stored in the database itself. */

export type NewTicket = {
  brandId: bigint;
  questionType: string;
  content: string;
  contact: string | null;
  ip: string;
};

export type NewTicketImage = { mime: string; sizeBytes: number; sha256: string; bytes: Uint8Array };

export type TicketSummary = {
  id: bigint;
  questionType: string;
  content: string;
  contact: string | null;
  ip: string;
  status: string;
  createdAt: Date;
  images: { mime: string; sizeBytes: number; sha256: string }[];
};

export class FeedbackRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Runs `work` in one transaction with a repository bound to it (PGlite: never the outer handle inside). */
  async transaction<T>(work: (repository: FeedbackRepository) => Promise<T>): Promise<T> {
    return transact(this.#db, (trx) => work(new FeedbackRepository(trx)));
  }

  async insertTicket(ticket: NewTicket): Promise<bigint> {
    const row = await this.#db
      .insertInto('feedback_tickets')
      .values({
        brand_id: ticket.brandId,
        question_type: ticket.questionType,
        content: ticket.content,
        contact: ticket.contact,
        ip: ticket.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertImages(brandId: bigint, ticketId: bigint, images: readonly NewTicketImage[]): Promise<void> {
    if (images.length === 0) return;
    await this.#db
      .insertInto('feedback_images')
      .values(
        images.map((image, index) => ({
          brand_id: brandId,
          ticket_id: ticketId,
          sort: index,
          mime: image.mime,
          size_bytes: image.sizeBytes,
          sha256: image.sha256,
          bytes: image.bytes,
        })),
      )
      .execute();
  }

  /** Newest first, with each ticket's image metadata (not the bytes). */
  async listTickets(brandId: bigint, filter: { status?: string; limit: number }): Promise<TicketSummary[]> {
    let query = this.#db
      .selectFrom('feedback_tickets')
      .select(['id', 'question_type', 'content', 'contact', 'ip', 'status', 'created_at'])
      .where('brand_id', '=', brandId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const tickets = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
    if (tickets.length === 0) return [];
    const images = await this.#db
      .selectFrom('feedback_images')
      .select(['ticket_id', 'mime', 'size_bytes', 'sha256'])
      .where(
        'ticket_id',
        'in',
        tickets.map((ticket) => ticket.id),
      )
      .orderBy('ticket_id')
      .orderBy('sort')
      .execute();
    return tickets.map((ticket) => ({
      id: ticket.id,
      questionType: ticket.question_type,
      content: ticket.content,
      contact: ticket.contact,
      ip: ticket.ip,
      status: ticket.status,
      createdAt: ticket.created_at,
      images: images
        .filter((image) => image.ticket_id === ticket.id)
        .map((image) => ({ mime: image.mime, sizeBytes: image.size_bytes, sha256: image.sha256 })),
    }));
  }
}
